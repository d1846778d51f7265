package reference

import (
	"os"
	"strings"
	"testing"

	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/spec"
)

// TestChangelogMarkdown writes the page of the changes from V18 to the
// test-only V19 in both languages: front matter, one entry per change in
// the section of its kind, and hand-written notes under the intro and
// under their entry.
func TestChangelogMarkdown(t *testing.T) {
	data, err := os.ReadFile("../../protocol/testdata/versions/pairag-task-publish-v19.json")
	if err != nil {
		t.Fatal(err)
	}
	v18 := protocol.Default()
	v19, err := spec.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ChangelogRel(v19), "docs/changes-v19.md"; got != want {
		t.Errorf("ChangelogRel(V19) = %q; want %q", got, want)
	}
	changes := spec.Changes(v18, v19)
	if len(changes) == 0 {
		t.Fatal("no changes between V18 and the V19 fixture")
	}
	first := changes[0]
	notes := VersionNotes{
		Intro:   map[string]string{EN: "Why it changed.", ZH: "为何改变。"},
		Changes: map[string]map[string]string{changeKey(first): {EN: "About this one.", ZH: "关于这一项。"}},
	}
	for _, lang := range Languages {
		s := changelogText[lang]
		md := string(ChangelogMarkdown(lang, v18, v19, notes))
		if !strings.HasPrefix(md, "---\ntitle: ") || !strings.Contains(md, "\nnav: false\n---\n") {
			t.Errorf("%s: no front matter leaving the page out of the navigation:\n%s", lang, md)
		}
		if items := strings.Count(md, "\n- "); items != len(changes) {
			t.Errorf("%s: %d items; want one per change (%d):\n%s", lang, items, len(changes), md)
		}
		for _, c := range changes {
			line := "- " + codeSpan(c.Where) + s.Colon + changeText(s, c)
			if !strings.Contains(md, line+"\n") {
				t.Errorf("%s: page lacks %q", lang, line)
			}
		}
		if want := "\n> **" + noteLabel[lang]; !strings.Contains(md, want) {
			t.Errorf("%s: intro note missing:\n%s", lang, md)
		}
		entry := "- " + codeSpan(first.Where) + s.Colon + changeText(s, first) + "\n\n  > **" + noteLabel[lang]
		if !strings.Contains(md, entry) {
			t.Errorf("%s: note on %s not under its entry:\n%s", lang, changeKey(first), md)
		}
		for _, id := range []string{"{#fields}", "{#values}", "{#limits}", "{#example}"} {
			if !strings.Contains(md, id) {
				t.Errorf("%s: page lacks the section %s", lang, id)
			}
		}
		if strings.Contains(md, "{#rules}") {
			t.Errorf("%s: a rules section with no rule changed", lang)
		}
	}
}

// TestCodeSpan picks a fence longer than any run of backticks in the text
// and pads a span that starts or ends with one.
func TestCodeSpan(t *testing.T) {
	for text, want := range map[string]string{
		"a.b":   "`a.b`",
		"a`b":   "`` a`b ``",
		"`a":    "`` `a ``",
		"a``b`": "``` a``b` ```",
	} {
		if got := codeSpan(text); got != want {
			t.Errorf("codeSpan(%q) = %q; want %q", text, got, want)
		}
	}
}
