package generator

import (
	"context"
	"io/fs"

	"pairag.com/portal/generator/load"
	"pairag.com/portal/generator/pipeline"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/generator/translation"
	"pairag.com/portal/internal/diag"
)

// The build's configuration and result (see package pipeline, which runs
// the stages).
type (
	Config    = pipeline.Config    // what to build and where; the zero value builds ./ into ./public
	Validator = pipeline.Validator // a compiled validator module and its loader
	Result    = pipeline.Result    // a finished build
	Cache     = pipeline.Cache     // rendered pages kept from one build to the next (gen serve)
)

// DefaultBaseURL is the production origin of the site.
const DefaultBaseURL = site.DefaultBaseURL

// SearchManifest is where a page's script finds the hashed search index
// files.
const SearchManifest = pipeline.SearchManifest

// MaxPages is the most pages one language may have (see [load.MaxPages]).
const MaxPages = load.MaxPages

// Finding is the generator's one diagnostic (see [diag.Finding]): a
// problem or a note at a position in an input file, with a severity. The
// build reports its errors and warnings as Findings (under the name Error,
// in an ErrorList), the translation checks theirs.
type Finding = diag.Finding

// Error is a Finding as the build reports it.
type Error = Finding

// ErrorList is every problem of one build, sorted by file and line. Build
// returns it as its error, so callers can errors.As it and show each entry.
type ErrorList = pipeline.ErrorList

// Severity of a [Finding]: the protocol's severities, so the generator's
// checks and the payload validator rank what they find one way.
const (
	SeverityError   = diag.SeverityError   // the build fails on it (a broken link, a link to a missing sibling file)
	SeverityWarning = diag.SeverityWarning // drift, stale translation, front matter: fails gen check --strict
	SeverityInfo    = diag.SeverityInfo    // worth knowing: a section never stamped, a skill not translated
)

// Build renders the site into a new directory next to cfg.OutDir and, when
// every check passes, swaps it in place of cfg.OutDir (see [pipeline.Build]).
func Build(ctx context.Context, cfg Config) (*Result, error) { return pipeline.Build(ctx, cfg) }

// Render builds the site into dir, which must exist and should be empty
// (see [pipeline.Render]).
func Render(ctx context.Context, cfg Config, dir string) (*Result, error) {
	return pipeline.Render(ctx, cfg, dir)
}

// NewCache returns an empty cache for Config.Cache.
func NewCache() *Cache { return pipeline.NewCache() }

// Check runs every check of gen build on cfg.Content without publishing,
// plus the notes only gen check shows (see [pipeline.Check]).
func Check(cfg Config) ([]Finding, error) { return pipeline.Check(cfg) }

// The translation comparison, as gen stamp and gen serve's dashboard use it
// (see package translation).
type (
	StampedFile       = translation.StampedFile       // a translation file as gen stamp rewrites it
	StampOptions      = translation.StampOptions      // what gen stamp does besides recording digests
	TranslationStatus = translation.TranslationStatus // where one translated pair stands
)

// ErrNotPaired is returned by Stamp for a file that is neither a
// translation nor the original of one.
var ErrNotPaired = translation.ErrNotPaired

// The states of a translation (see [translation.TranslationStatus]).
const (
	StateMissing   = translation.StateMissing
	StateOutdated  = translation.StateOutdated
	StateDrift     = translation.StateDrift
	StateUnstamped = translation.StateUnstamped
	StateCurrent   = translation.StateCurrent
)

// Stamp records source digests in translation files (see [translation.Stamp]).
func Stamp(fsys fs.FS, opt StampOptions, files ...string) ([]StampedFile, error) {
	return translation.Stamp(fsys, opt, files...)
}

// Translations reports the state of every translation of cfg.Content (see
// [translation.Translations]).
func Translations(cfg Config) ([]TranslationStatus, error) {
	return pipeline.Translations(cfg)
}
