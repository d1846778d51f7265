package translation

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/glossary"
	"pairag.com/portal/generator/langs"
	"pairag.com/portal/generator/load"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/report"
	"pairag.com/portal/generator/scratch"
	"pairag.com/portal/generator/skills"
	"pairag.com/portal/generator/symlinks"
	"pairag.com/portal/internal/diag"
)

const (
	en = langs.EN
	zh = langs.ZH
)

// ErrNotPaired is returned by Stamp for a file that is neither a
// translation nor the original of one.
var ErrNotPaired = errors.New("not part of a translated pair")

// StampedFile is a translation file as gen stamp rewrites it.
type StampedFile struct {
	File      string         // path inside the content file system
	Old       []byte         // the contents Stamp read, which Data replaces
	Data      []byte         // the new contents
	Changed   int            // sections whose stamp or acknowledgements were written or updated
	Unchanged int            // sections whose markers were already current
	Accepted  []diag.Finding // differences acknowledged by this run, at their lines before it
	Open      []diag.Finding // differences left unacknowledged: gen check still reports them
}

// StampOptions says what gen stamp does besides recording digests.
type StampOptions struct {
	Workers int
	// Accept acknowledges every difference now found in a stamped section
	// (<!-- accepted 1a2b3c4d: what -->), so that gen check --strict passes
	// until either side of that section changes.
	Accept bool
}

// Stamp records in translation files, for each section paired with a
// section of the original, the digest of that original section, as
// <!-- source: 3f2a9c1b --> on the line after the heading (before the
// first line of the intro), followed by the acknowledgements of the
// section's differences that are still current and, with opt.Accept, of
// every other difference. Everything else stays byte for byte. With no
// files it stamps every translated pair; otherwise only the pairs of the
// given files (originals or translations, paths inside fsys). It returns
// every file it looked at; those with Changed > 0 need writing. A symbolic
// link that leaves the sources is neither read nor stamped, as in gen
// check (package symlinks): the error then is an ErrorList naming each,
// joined with ErrNotPaired when a file given is one of them.
func Stamp(fsys fs.FS, opt StampOptions, files ...string) ([]StampedFile, error) {
	links := &report.Collector{}
	fsys = symlinks.Guard(fsys, links)
	out, err := stamp(fsys, opt, files)
	return out, errors.Join(links.Errors.Err(), err)
}

// stamp is Stamp on a guarded file system.
func stamp(fsys fs.FS, opt StampOptions, files []string) ([]StampedFile, error) {
	cs, found, err := Compare(fsys, max(opt.Workers, 1))
	if err != nil {
		return nil, err
	}
	var unreadable report.List // a pair that could not be compared (a file over the size limit) is said, not skipped
	for i := range found {
		if found[i].Severity == diag.SeverityError && !strings.HasPrefix(found[i].File, "content/skills/") {
			unreadable = append(unreadable, &found[i])
		}
	}
	if err := unreadable.Err(); err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, f := range files {
		want[path.Clean(f)] = true
	}
	var out []StampedFile
	for _, c := range cs {
		if len(files) > 0 && !want[c.Orig.Name] && !want[c.Tr.Name] {
			continue
		}
		delete(want, c.Orig.Name)
		delete(want, c.Tr.Name)
		r := drift.Stamped(c, opt.Accept)
		out = append(out, StampedFile{File: c.Tr.Name, Old: c.Tr.Src, Data: r.Out, Changed: r.Changed, Unchanged: r.Unchanged, Accepted: r.Accepted, Open: r.Open})
	}
	if len(want) > 0 {
		var left []string
		for f := range want {
			left = append(left, f)
		}
		slices.Sort(left)
		return out, fmt.Errorf("%w: %s", ErrNotPaired, strings.Join(left, ", "))
	}
	return out, nil
}

// DocPairs lists every English docs page with its Chinese twin's path:
// in pairs when the twin exists, in missing when it does not yet.
func DocPairs(fsys fs.FS) (pairs, missing [][2]string, err error) {
	err = fs.WalkDir(fsys, "content/"+en, func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(file) != ".md" || scratch.Is(d.Name()) {
			return err
		}
		twin := "content/" + zh + strings.TrimPrefix(file, "content/"+en)
		if _, err := fs.Stat(fsys, twin); err == nil {
			pairs = append(pairs, [2]string{file, twin})
		} else {
			missing = append(missing, [2]string{file, twin})
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Errorf("read pages: %w", err)
	}
	return pairs, missing, nil
}

// Compare compares every translated pair of fsys: docs pages, then
// skill files. It also returns the skills' own findings.
func Compare(fsys fs.FS, workers int) ([]*drift.Comparison, []diag.Finding, error) {
	if _, err := fs.Stat(fsys, "content"); err != nil {
		return nil, nil, fmt.Errorf("no content directory: %w", err)
	}
	var out []diag.Finding
	pairs, _, err := DocPairs(fsys)
	if err != nil {
		return nil, nil, err
	}
	terms := load.Glossary(fsys, &report.Collector{}) // read once: every pair's term check uses it
	cs := make([]*drift.Comparison, len(pairs))
	errs := make([]error, len(pairs))
	load.Parallel(len(pairs), workers, func(i int) {
		cs[i], errs[i] = CompareFiles(fsys, pairs[i][0], pairs[i][1], terms)
	})
	for i, err := range errs {
		if err != nil {
			out = append(out, diag.Finding{File: pairs[i][0], Severity: diag.SeverityError, Msg: err.Error()})
		}
	}
	cs = slices.DeleteFunc(cs, func(c *drift.Comparison) bool { return c == nil })
	loaded, found := skills.Load(fsys)
	out = append(out, found...)
	for _, s := range loaded {
		for _, c := range s.Comparisons() {
			c.Findings = append(c.Findings, drift.TermFindings(c, terms)...) // skills follow the glossary too
			cs = append(cs, c)
		}
	}
	return cs, out, nil
}

// CompareFiles reads a docs page and its translation and compares them.
func CompareFiles(fsys fs.FS, orig, tr string, terms glossary.Glossary) (*drift.Comparison, error) {
	var files [2]*drift.TextFile
	for i, name := range []string{orig, tr} {
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		if msg := markdown.TooLarge(len(src)); msg != "" {
			return nil, fmt.Errorf("%s: %s", name, msg) // nothing to compare
		}
		_, _, body, err := markdown.SplitFrontMatter(src)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		files[i] = drift.NewTextFile(name, src, body)
	}
	c := drift.Compare(files[0], files[1], drift.DocsLinkTarget)
	c.Findings = append(c.Findings, drift.TermFindings(c, terms)...) // glossary term check (drift/terms.go)
	return c, nil
}
