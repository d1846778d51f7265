package generator

import (
	"bytes"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"pairag.com/portal/generator/markdown"
)

// FuzzStamp splits arbitrary originals and translations into sections and
// stamps them, with and without --accept: the sections cover the body in
// order, stamping changes nothing but marker lines, and stamping the
// result again changes nothing.
func FuzzStamp(f *testing.F) {
	files, _ := filepath.Glob("testdata/drift/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil || len(ar.Files) < 2 {
			continue
		}
		f.Add(ar.Files[0].Data, ar.Files[1].Data, false)
		f.Add(ar.Files[0].Data, ar.Files[1].Data, true)
	}
	f.Add([]byte("# A\n\ntext 5"), []byte("# 甲\n<!-- source: 00 -->\n<!-- accepted 1f: x -->"), true)
	f.Fuzz(func(t *testing.T, orig, tr []byte, accept bool) {
		defer time.AfterFunc(5*time.Second, func() { panic(fmt.Sprintf("hang on %q %q", orig, tr)) }).Stop()
		o, tf := newTextFile("o.md", orig, 0), newTextFile("t.md", tr, 0)
		checkSections(t, tf)
		r := stamped(compareTexts(o, tf, nil), accept)
		if got, want := unmarked(r.out), unmarked(tr); got != want {
			t.Fatalf("stamping changed more than marker lines:\n%q\nbecame\n%q", tr, r.out)
		}
		again := stamped(compareTexts(o, newTextFile("t.md", r.out, 0), nil), accept)
		if again.changed != 0 || !bytes.Equal(again.out, r.out) {
			t.Fatalf("stamping is not idempotent:\n%q\nthen\n%q", r.out, again.out)
		}
	})
}

// checkSections checks that sections tile the body in order.
func checkSections(t *testing.T, f *textFile) {
	t.Helper()
	pos := f.BodyStart
	for i, s := range f.secs {
		if s.Index != i || s.Start != pos || s.Body < s.Start || s.End < s.Body || (s.MarkTo > 0 && (s.MarkFrom < s.Body || s.MarkTo > s.End)) {
			t.Fatalf("section %d: %+v does not follow offset %d", i, s, pos)
		}
		pos = s.End
	}
	if pos != len(f.Src) {
		t.Fatalf("sections end at %d of %d", pos, len(f.Src))
	}
}

// unmarked is a file's lines without the marker lines and line ends.
func unmarked(src []byte) string {
	var b strings.Builder
	for line := range strings.Lines(string(src)) {
		if !markdown.IsMarker([]byte(line)) {
			b.WriteString(strings.TrimRight(line, "\r\n") + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// FuzzSkillLink resolves arbitrary relative links of a skill file: what
// the checks take for a file inside the skill folder is where a browser
// (and an agent) resolving the link against the published file lands, and
// nothing that resolves outside the folder is taken for inside.
func FuzzSkillLink(f *testing.F) {
	for _, seed := range [][2]string{
		{"SKILL.md", "reference/x.md"}, {"reference/a.md", "../SKILL.md"}, {"SKILL.md", "../other/SKILL.md"},
		{"SKILL.md", "reference/../../x"}, {"SKILL.md", "%2e%2e/x"}, {"SKILL.md", "./a%20b.md#top"},
		{"modes/pitch.md", "../reference/x.md?raw=1"}, {"SKILL.md", "//evil.test/x"}, {"SKILL.md", "."},
	} {
		f.Add(seed[0], seed[1])
	}
	base, _ := url.Parse("https://site.test/skills/s/")
	f.Fuzz(func(t *testing.T, rel, dest string) {
		if rel == "" || path.Clean(rel) != rel || strings.HasPrefix(rel, "../") || rel == ".." || path.IsAbs(rel) || strings.ContainsAny(rel, "\\?#%:") {
			return // not a file of a skill folder
		}
		target, ok := siblingTarget(rel, dest)
		inside := ok && target != "" && !strings.HasPrefix(target, "../") && target != ".."
		from, err := base.Parse(rel)
		if err != nil {
			return
		}
		u, err := url.Parse(dest)
		if err != nil {
			return
		}
		// Browsers read %2e as a dot segment (WHATWG URL); Go's resolver
		// does so for the decoded path.
		got := from.ResolveReference(&url.URL{Path: u.Path})
		lands := got.Host == base.Host && got.Scheme == base.Scheme && strings.HasPrefix(got.Path, base.Path) && len(got.Path) > len(base.Path)
		if inside && (!lands || got.Path != base.Path+target) {
			t.Fatalf("siblingTarget(%q, %q) = %q inside the folder; a browser lands on %s", rel, dest, target, got)
		}
		if inside {
			abs := skillLinkURL("s", rel, dest)
			if au, err := url.Parse(abs); err != nil || au.Path != "/skills/s/"+target {
				t.Fatalf("skillLinkURL(%q, %q) = %q; want /skills/s/%s", rel, dest, abs, target)
			}
		}
	})
}
