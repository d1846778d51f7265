package generator

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"pairag.com/portal/internal/diag"
)

// Finding is the generator's one diagnostic (see [diag.Finding]): a
// problem or a note at a position in an input file, with a severity. The
// build reports its errors and warnings as Findings (under the name Error,
// in an ErrorList), the translation checks theirs.
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

// ErrorList is every problem of one build, sorted by file and line. Build
// returns it as its error, so callers can errors.As it and show each entry.
type ErrorList []*Error

// Error lists the findings one a line, as Finding.Error formats them.
func (l ErrorList) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Err returns l sorted, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// Sort orders the list by file, line, column and message.
func (l ErrorList) Sort() {
	slices.SortStableFunc(l, diag.Compare)
}

// report collects errors and warnings from concurrent workers.
type report struct {
	mu       sync.Mutex
	errs     ErrorList
	warnings ErrorList
}

func (r *report) errorf(file string, line int, format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, &Error{File: file, Line: line, Severity: SeverityError, Msg: fmt.Sprintf(format, args...)})
}

func (r *report) warnf(file string, line int, format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.warnings = append(r.warnings, &Error{File: file, Line: line, Severity: SeverityWarning, Msg: fmt.Sprintf(format, args...)})
}

// Report files a finding found below the generator (package reference's
// loaders and checks, package symlinks' guard): errors fail the build,
// warnings are logged, notes are left to gen check. It makes report a
// diag.Reporter.
func (r *report) Report(f *Finding) {
	switch f.Severity {
	case SeverityError, SeverityWarning:
		r.mu.Lock()
		defer r.mu.Unlock()
		if f.Severity == SeverityError {
			r.errs = append(r.errs, f)
		} else {
			r.warnings = append(r.warnings, f)
		}
	}
}

// merge adds another report's errors and warnings to r.
func (r *report) merge(o *report) {
	if len(o.errs) == 0 && len(o.warnings) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, o.errs...)
	r.warnings = append(r.warnings, o.warnings...)
}

// failed reports whether any error was collected so far.
func (r *report) failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.errs) > 0
}
