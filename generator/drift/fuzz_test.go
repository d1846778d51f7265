package drift

import (
	"bytes"
	"fmt"
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
		o, tf := NewTextFile("o.md", orig, 0), NewTextFile("t.md", tr, 0)
		checkSections(t, tf)
		r := Stamped(Compare(o, tf, nil), accept)
		if got, want := unmarked(r.Out), unmarked(tr); got != want {
			t.Fatalf("stamping changed more than marker lines:\n%q\nbecame\n%q", tr, r.Out)
		}
		again := Stamped(Compare(o, NewTextFile("t.md", r.Out, 0), nil), accept)
		if again.Changed != 0 || !bytes.Equal(again.Out, r.Out) {
			t.Fatalf("stamping is not idempotent:\n%q\nthen\n%q", r.Out, again.Out)
		}
	})
}

// checkSections checks that sections tile the body in order.
func checkSections(t *testing.T, f *TextFile) {
	t.Helper()
	pos := f.BodyStart
	for i, s := range f.Secs {
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
