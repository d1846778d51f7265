// Package translation compares every page and skill file with its
// translation (package drift does one pair), once for gen build, gen
// check, gen stamp and the preview's dashboard: Compare reads the glossary
// once and compares every pair; Stamp records digests and
// acknowledgements; Translations says where each pair stands.
package translation

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/langs"
	"pairag.com/portal/generator/report"
	"pairag.com/portal/generator/scratch"
	"pairag.com/portal/generator/symlinks"
	"pairag.com/portal/internal/diag"
)

// The states of a translation, worst first, as the translation dashboard
// of gen serve shows them.
const (
	StateMissing   = "missing"       // no translation file yet (a page is then published English first)
	StateOutdated  = "outdated"      // a section's original changed since the section was stamped
	StateDrift     = "drift"         // the translation differs from its original (warnings of gen check)
	StateUnstamped = "never stamped" // no drift, but some section was never stamped
	StateCurrent   = "up to date"    // stamped, no drift; accepted differences and notes allowed
)

// TranslationStatus is the state of one original and its translation: a
// docs page and its Chinese twin, or a Markdown file of a skill and its
// .zh-CN.md.
type TranslationStatus struct {
	Original    string         // the English file, as a path in Config.Content
	Translation string         // the Chinese file, or where it belongs
	Skill       bool           // a skill's file rather than a docs page
	State       string         // one of the State constants
	Outdated    []string       // the sections whose original changed since they were stamped, each with that original's heading and line
	Findings    []diag.Finding // the pair's warnings and notes (drift, stamps, accepted differences, terms), at their lines
}

// Translations reports the state of every translation of fsys, on workers
// goroutines,
// pages first, then skill files, by path: what gen serve's translation
// dashboard lists and recomputes on every save. It reads the files only
// (the comparison gen check makes), without rendering.
func Translations(fsys fs.FS, workers int) ([]TranslationStatus, error) {
	guarded := symlinks.Guard(fsys, &report.Collector{})
	cs, _, err := Compare(guarded, workers)
	if err != nil {
		return nil, err
	}
	var out []TranslationStatus
	for _, c := range cs {
		out = append(out, statusOf(c))
	}
	out = append(out, untranslated(guarded)...)
	slices.SortFunc(out, func(a, b TranslationStatus) int {
		if a.Skill != b.Skill {
			if a.Skill {
				return 1
			}
			return -1
		}
		return strings.Compare(a.Original, b.Original)
	})
	return out, nil
}

// statusOf sums up one compared pair.
func statusOf(c *drift.Comparison) TranslationStatus {
	st := TranslationStatus{Original: c.Orig.Name, Translation: c.Tr.Name, Skill: strings.HasPrefix(c.Orig.Name, "content/skills/"), State: StateCurrent, Findings: c.Findings}
	for _, r := range c.Rows {
		if r.Orig >= 0 && r.Tr >= 0 && c.Stale[r.Tr] {
			o, t := c.Orig.Secs[r.Orig], c.Tr.Secs[r.Tr]
			st.Outdated = append(st.Outdated, fmt.Sprintf("%s (line %d): its original, %s at %s:%d, changed since it was stamped",
				t.Name(), t.Line, o.Name(), c.Orig.Name, o.Line))
		}
	}
	unstamped := false // as gen check notes it: a pair of sections with text, the translation without a stamp
	for _, r := range c.Rows {
		if r.Orig >= 0 && r.Tr >= 0 {
			o, t := c.Orig.Secs[r.Orig], c.Tr.Secs[r.Tr]
			unstamped = unstamped || (t.Stamp == "" && !o.Empty(c.Orig.Src) && !t.Empty(c.Tr.Src))
		}
	}
	warned := slices.ContainsFunc(c.Findings, func(f diag.Finding) bool { return f.Severity == diag.SeverityWarning })
	switch {
	case len(st.Outdated) > 0:
		st.State = StateOutdated
	case warned:
		st.State = StateDrift
	case unstamped:
		st.State = StateUnstamped
	}
	return st
}

// untranslated lists the originals that have no translation file: docs
// pages without a Chinese twin and skill Markdown files without a
// .zh-CN.md beside them.
func untranslated(fsys fs.FS) []TranslationStatus {
	var out []TranslationStatus
	_, pages, _ := DocPairs(fsys) // an unreadable tree was reported by Compare already
	for _, p := range pages {
		out = append(out, TranslationStatus{Original: p[0], Translation: p[1], State: StateMissing})
	}
	fs.WalkDir(fsys, "content/skills", func(file string, d fs.DirEntry, err error) error {
		tr := strings.TrimSuffix(file, ".md") + "." + langs.ZH + ".md"
		if err == nil && !d.IsDir() && path.Ext(file) == ".md" && !scratch.Is(d.Name()) && !drift.IsTranslation(file) {
			if _, err := fs.Stat(fsys, tr); err != nil {
				out = append(out, TranslationStatus{Original: file, Translation: tr, Skill: true, State: StateMissing})
			}
		}
		return nil
	})
	return out
}
