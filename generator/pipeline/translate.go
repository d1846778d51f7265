package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/translation"
)

// Check runs every check of gen build on cfg.Content without publishing,
// so that gen check and gen build never disagree about a tree: the build's
// errors and warnings (front matter, twins, directives, labels, links,
// symbolic links, drift, skills; the build renders into a temporary
// directory that is then removed), plus the notes only gen check shows
// (a section never stamped, a difference accepted, a skill file not
// translated). The findings are sorted by file and line. The error is for
// content that cannot be read at all.
func Check(cfg Config) ([]Finding, error) {
	cfg = cfg.withDefaults()
	if _, err := fs.Stat(cfg.Content, "content"); err != nil {
		return nil, fmt.Errorf("no content directory: %w", err)
	}
	out, err := buildFindings(cfg)
	if err != nil {
		return nil, err
	}
	drift.SortFindings(out)
	return out, nil
}

// fileFinding files a finding of a translation comparison: a note for gen
// check (which takes them from the build rather than comparing every pair
// again), an error or a warning for the build.
func fileFinding(rep *report, f *Finding) {
	if f.Severity == SeverityInfo {
		rep.Note(f)
		return
	}
	rep.Report(f)
}

// buildFindings renders cfg's site into a temporary directory and returns
// what the build reported, errors, warnings and the notes of its
// translation comparisons, without the warning that no validator module
// was given (gen check builds without one on purpose).
func buildFindings(cfg Config) ([]Finding, error) {
	dir, err := os.MkdirTemp("", "gen-check-*")
	if err != nil {
		return nil, fmt.Errorf("check: %w", err)
	}
	defer os.RemoveAll(dir)
	cfg.Log = io.Discard
	cfg.Validator = nil
	cfg.Cache = nil
	cfg.HighlightCache = ""
	res, err := Render(context.Background(), cfg, dir)
	var errs ErrorList
	if err != nil && !errors.As(err, &errs) {
		return nil, err
	}
	var out []Finding
	for _, e := range errs {
		out = append(out, *e)
	}
	if res != nil {
		for _, w := range res.Warnings {
			if w.File == validatorPage && w.Msg == noValidatorMsg {
				continue
			}
			out = append(out, *w)
		}
		for _, n := range res.Notes {
			out = append(out, *n)
		}
	}
	return out, nil
}

// Translations reports the state of every translation of cfg.Content (see
// [translation.Translations]).
func Translations(cfg Config) ([]translation.TranslationStatus, error) {
	cfg = cfg.withDefaults()
	return translation.Translations(cfg.Content, cfg.Workers)
}
