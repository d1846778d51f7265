package drift

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/internal/diag"
)

// update rewrites the expectations of TestDriftCases.
var update = flag.Bool("update", false, "rewrite the expected rows and findings under testdata/drift")

// rowNames shows aligned rows as "original | translation", "-" for a missing side.
func rowNames(c *Comparison) []string {
	var out []string
	name := func(f *TextFile, i int) string {
		if i < 0 {
			return "-"
		}
		return f.Secs[i].Name()
	}
	for _, r := range c.Rows {
		out = append(out, name(c.Orig, r.Orig)+" | "+name(c.Tr, r.Tr))
	}
	return out
}

func compareStrings(orig, tr string) *Comparison {
	return Compare(NewTextFile("o.md", []byte(orig), 0), NewTextFile("t.md", []byte(tr), 0), nil)
}

// TestDriftCases runs the cases of testdata/drift: each archive holds an
// original (o.md), its translation (t.md), the expected rows and the
// expected findings ("line: severity: message"; notes of never-stamped
// sections left out). With an "accept" file, the translation is stamped
// with --accept first and "accepted" lists the findings after that.
// go test -run TestDriftCases -update rewrites the expectations.
func TestDriftCases(t *testing.T) {
	files, _ := filepath.Glob("testdata/drift/*.txtar")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			get := func(name string) (string, bool) {
				for _, f := range ar.Files {
					if f.Name == name {
						return string(f.Data), true
					}
				}
				return "", false
			}
			orig, _ := get("o.md")
			tr, _ := get("t.md")
			c := compareStrings(orig, tr)
			got := map[string]string{"rows": lines(rowNames(c)), "want": lines(findingLines(c))}
			if _, ok := get("accept"); ok {
				r := Stamped(c, true)
				again := Compare(c.Orig, NewTextFile("t.md", r.Out, 0), nil)
				got["accepted"] = lines(findingLines(again))
				if r2 := Stamped(again, false); !bytes.Equal(r2.Out, r.Out) {
					t.Errorf("stamping again changed the file:\n%s", r2.Out)
				}
			}
			for i, f := range ar.Files {
				g, ok := got[f.Name]
				if !ok {
					continue
				}
				if *update {
					ar.Files[i].Data = []byte(g)
				} else if diff := cmp.Diff(string(f.Data), g); diff != "" {
					t.Errorf("%s (-want +got):\n%s", f.Name, diff)
				}
			}
			if *update {
				if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func lines(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return strings.Join(ss, "\n") + "\n"
}

// findingLines shows a comparison's findings as "line: severity: message",
// leaving out the notes of sections never stamped.
func findingLines(c *Comparison) []string {
	var out []string
	for _, f := range c.Findings {
		if !strings.Contains(f.Msg, "never stamped") {
			out = append(out, fmt.Sprintf("%d: %s: %s", f.Line, f.Severity, f.Msg))
		}
	}
	return out
}

// TestSplitSections checks headings, ids, fences and the intro of a file
// with and without front matter.
func TestSplitSections(t *testing.T) {
	src := "---\ntitle: T\n---\n\nIntro.\n\n## Install {#setup}\n\n```\n# comment\n```\n\n~~~~\n```\n## still code\n~~~~\n    # indented code\n### Closing ###\n#hashtag\n"
	f := NewTextFile("x.md", []byte(src), len("---\ntitle: T\n---\n"))
	var got []string
	for _, s := range f.Secs {
		got = append(got, fmt.Sprintf("%d %d %q %q", s.Line, s.Level, s.Title, s.ID))
	}
	want := []string{`5 0 "" ""`, `7 2 "Install" "setup"`, `18 3 "Closing" ""`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sections (-want +got):\n%s", diff)
	}
	noFM := NewTextFile("y.md", []byte("# Title\n\nText 1.\n"), 0)
	if len(noFM.Secs) != 2 || !noFM.Secs[0].Empty(noFM.Src) || noFM.Secs[1].Title != "Title" {
		t.Errorf("without front matter: sections %+v", noFM.Secs)
	}
}

func TestNumbersIn(t *testing.T) {
	got := texts(appendNumbers(nil, []byte("3,600 points, 1.5 days, ５ items, V18, 5, 10 or 20; 1.0.0")))
	want := []string{"3600", "1.5", "5", "18", "5", "10", "20", "1.0", "0"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("appendNumbers (-want +got):\n%s", diff)
	}
}

// TestStamp checks that stamping writes one comment per paired section,
// keeps every other byte, updates a stale stamp in place and then finds
// nothing left to do.
func TestStamp(t *testing.T) {
	orig := "---\ntitle: T\n---\n\nIntro.\n\n## A\n\nText `a`.\n\n## B\nText `b`.\n"
	tr := "---\ntitle: 题\n---\n\n介绍。\n\n## 甲\n\n正文 `a`。\n\n## 乙\n<!-- source: 00000000 -->\n正文 `b`。"
	c := Compare(NewTextFile("o.md", []byte(orig), 16), NewTextFile("t.md", []byte(tr), 18), nil)
	r := Stamped(c, false)
	out, changed, unchanged := r.Out, r.Changed, r.Unchanged
	if changed != 3 || unchanged != 0 {
		t.Errorf("stamped: changed %d, unchanged %d; want 3, 0", changed, unchanged)
	}
	var kept []string
	for line := range strings.Lines(string(out)) {
		if _, ok := markdown.ParseStamp([]byte(line)); !ok {
			kept = append(kept, line)
		}
	}
	if got, want := strings.Join(kept, ""), strings.Replace(tr, "<!-- source: 00000000 -->\n", "", 1); got != want {
		t.Errorf("stamping changed more than stamps:\n%s", got)
	}
	again := Compare(c.Orig, NewTextFile("t.md", out, 18), nil)
	if r := Stamped(again, false); r.Changed != 0 || r.Unchanged != 3 {
		changed, unchanged := r.Changed, r.Unchanged
		t.Errorf("second stamp: changed %d, unchanged %d; want 0, 3", changed, unchanged)
	}
	if len(again.Findings) != 0 {
		t.Errorf("after stamping: findings %v", again.Findings)
	}
}

// TestAckExpires accepts the differences of a section, then changes the
// translation and the original in turn: either change expires the
// acknowledgements and the differences are warnings again.
func TestAckExpires(t *testing.T) {
	orig := "## Example\n\nRun `pairag demo` with 3 stages.\n\n## Other\n\nText.\n"
	tr := "## 示例\n\n运行 `pairag demo --lang zh` 即可。\n\n## 其他\n\n正文。\n"
	r := Stamped(compareStrings(orig, tr), true)
	if len(r.Accepted) != 2 {
		t.Fatalf("accepted %d differences; want 2", len(r.Accepted))
	}
	acked := string(r.Out)
	for name, c := range map[string]*Comparison{
		"translation changed": compareStrings(orig, strings.Replace(acked, "即可", "就行", 1)),
		"original changed":    compareStrings(strings.Replace(orig, "with 3", "with  3 demo", 1), acked),
	} {
		var expired int
		for _, f := range c.Findings {
			if f.Severity == diag.SeverityWarning && strings.Contains(f.Msg, "expired") {
				expired++
			}
		}
		if expired != 2 {
			t.Errorf("%s: %d expired acknowledgements; want 2:\n%s", name, expired, strings.Join(findingLines(c), "\n"))
		}
	}
	other := compareStrings(orig, strings.Replace(acked, "正文。", "正文，改过。", 1))
	for _, f := range other.Findings {
		if f.Severity == diag.SeverityWarning {
			t.Errorf("a change in another section expired an acknowledgement: %v", f)
		}
	}
}

// TestMatchInOrderLongSections: a section of 60,000 paragraphs is paired in
// linear memory (the optimal alignment's table would need 28 GB), and the
// greedy pairing still pairs equal lists one to one.
func TestMatchInOrderLongSections(t *testing.T) {
	const n = 60000
	got := matchInOrder(n, n, func(a, b int) float64 {
		if a%7 == b%7 {
			return 1
		}
		return 0
	})
	for a, b := range got {
		if b != a {
			t.Fatalf("matchInOrder paired %d with %d; want %d", a, b, a)
		}
	}
}
