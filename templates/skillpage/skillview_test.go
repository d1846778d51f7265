package skillpage

import (
	"strings"
	"testing"
)

// terms writes a side of aligned front matter as "Name Version -", a gap
// as "-".
func terms(items []MetaItem) string {
	var out []string
	for _, it := range items {
		if it.Gap {
			out = append(out, "-")
		} else {
			out = append(out, it.Term)
		}
	}
	return strings.Join(out, " ")
}

func metaOf(ts string) []MetaItem {
	var items []MetaItem
	for _, t := range strings.Fields(ts) {
		items = append(items, MetaItem{Term: t})
	}
	return items
}

// TestAlignMeta pairs the two front matters by term, a gap facing an entry
// only one side has, so row i is the same entry on both sides.
func TestAlignMeta(t *testing.T) {
	for _, tc := range []struct{ orig, tr, wantOrig, wantTr string }{
		{"Name Description Version", "Name Description Version", "Name Description Version", "Name Description Version"},
		{"Name Version Author", "Name Author", "Name Version Author", "Name - Author"},
		{"Name Author", "Name Version Author", "Name - Author", "Name Version Author"},
		{"Name x", "Name y", "Name x -", "Name - y"},
		{"a b", "b a", "- a b", "b a -"}, // crossed: one pair kept
		{"", "Name", "-", "Name"},
	} {
		v := SkillView{Translated: true, Meta: [2][]MetaItem{metaOf(tc.orig), metaOf(tc.tr)}}
		got := alignMeta(v)
		if o, tr := terms(got[0]), terms(got[1]); o != tc.wantOrig || tr != tc.wantTr {
			t.Errorf("alignMeta(%q, %q) = %q, %q; want %q, %q", tc.orig, tc.tr, o, tr, tc.wantOrig, tc.wantTr)
		}
	}
	untranslated := SkillView{Meta: [2][]MetaItem{metaOf("Name Version"), nil}}
	if got := alignMeta(untranslated); terms(got[0]) != "Name Version" || len(got[1]) != 0 {
		t.Errorf("alignMeta of an untranslated skill = %q, %q; want the original as it is", terms(got[0]), terms(got[1]))
	}
}
