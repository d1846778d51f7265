package pipeline

import (
	rpt "pairag.com/portal/generator/report"
	"pairag.com/portal/internal/diag"
)

// Finding is the build's one diagnostic (see [diag.Finding]).
type Finding = diag.Finding

// Error is a Finding as the build reports it.
type Error = Finding

// Severity of a [Finding]: the protocol's severities, so the generator's
// checks and the payload validator rank what they find one way.
const (
	SeverityError   = diag.SeverityError   // the build fails on it (a broken link, a link to a missing sibling file)
	SeverityWarning = diag.SeverityWarning // drift, stale translation, front matter: fails gen check --strict
	SeverityInfo    = diag.SeverityInfo    // worth knowing: a section never stamped, a skill not translated
)

// ErrorList is every problem of one build, sorted by file and line (see
// [rpt.List]). Build returns it as its error, so callers can errors.As it
// and show each entry.
type ErrorList = rpt.List

// report collects a build's errors and warnings (see [rpt.Collector]).
type report = rpt.Collector
