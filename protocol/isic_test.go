package protocol

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pairag.com/portal/protocol/published"
)

// TestISICData counts the embedded ISIC Rev.4 structure (21 sections, 88
// divisions, 238 groups, 419 classes), checks that every parent exists one
// level up and that the digits of a group or class extend its parent's,
// and that the document's isic_rev4_sections name the same divisions.
func TestISICData(t *testing.T) {
	first, _, _ := strings.Cut(published.ISIC, "\n")
	if !strings.Contains(first, "source: ") || !strings.Contains(first, "UNSD") {
		t.Errorf("isic-rev4.tsv starts with %q; want its source", first)
	}
	tree := isic()
	levels := map[int]string{1: "section", 2: "division", 3: "group", 4: "class"}
	count := map[string]int{}
	for code, parent := range tree.parent {
		level, ok := levels[len(code)]
		if !ok {
			t.Errorf("code %q has no ISIC level", code)
			continue
		}
		count[level]++
		switch {
		case len(code) == 1 && (parent != "" || code < "A" || code > "U"):
			t.Errorf("section %q: parent %q", code, parent)
		case len(code) > 1 && !allDigits(code):
			t.Errorf("code %q is not digits", code)
		case len(code) > 1 && len(parent) != len(code)-1:
			t.Errorf("%s %q has parent %q, not one level up", level, code, parent)
		case len(code) > 2 && !strings.HasPrefix(code, parent):
			t.Errorf("%s %q does not extend its parent %q", level, code, parent)
		}
		if _, ok := tree.parent[parent]; parent != "" && !ok {
			t.Errorf("%s %q has parent %q, which is not in the data", level, code, parent)
		}
	}
	if want := map[string]int{"section": 21, "division": 88, "group": 238, "class": 419}; fmt.Sprint(count) != fmt.Sprint(want) {
		t.Errorf("ISIC Rev.4 levels = %v; want %v", count, want)
	}
	for _, sec := range Default().ISICSections {
		var fromRanges []string
		for _, rg := range sec.Divisions {
			for d := rg[0]; d <= rg[1]; d++ {
				fromRanges = append(fromRanges, fmt.Sprintf("%02d", d))
			}
		}
		if got := tree.children[sec.Section]; !slices.Equal(got, fromRanges) {
			t.Errorf("section %s: data has divisions %v; the document's ranges %v", sec.Section, got, fromRanges)
		}
	}
}

// TestISICMembership: every code of the structure is accepted with its
// section letter, and a code that ISIC Rev.4 does not have is an error at
// the first level it lacks, naming what exists there.
func TestISICMembership(t *testing.T) {
	tree := isic()
	for code := range tree.parent {
		full := code
		if len(code) > 1 {
			full = tree.parent[code[:2]] + code
		}
		res := Validate([]byte(`{"manifest":{"industry_code":"`+full+`"}}`), Options{Tier: "ultra"})
		for _, f := range res.Findings {
			if strings.HasPrefix(f.Code, "industry-code") {
				t.Errorf("%s: %s %s", full, f.Code, f.MessageEN)
			}
		}
	}
	for _, tt := range []struct{ code, finding, text string }{
		{"J629", "industry-code-group", "division 62 has the groups 620"},
		{"J6299", "industry-code-group", "group 629 does not exist"},
		{"J6210", "industry-code-group", "group 621 does not exist"},
		{"J6203", "industry-code-class", "group 620 has the classes 6201, 6202, 6209"},
		{"C0111", "industry-code-section", "section A"},
		{"C04", "industry-code-division", "division 04"},
		{"A0110", "industry-code-class", "group 011 has the classes 0111, 0112"},
		{"J62", "", ""}, {"J620", "", ""}, {"J6201", "", ""}, {"U99", "", ""}, {"U990", "", ""}, {"U9900", "", ""},
	} {
		res := Validate([]byte(`{"manifest":{"industry_code":"`+tt.code+`"}}`), Options{Tier: "ultra"})
		var got []Finding
		for _, f := range res.Findings {
			if strings.HasPrefix(f.Code, "industry-code") {
				got = append(got, f)
			}
		}
		switch {
		case tt.finding == "" && len(got) > 0:
			t.Errorf("%s: %s %s; want no industry-code finding", tt.code, got[0].Code, got[0].MessageEN)
		case tt.finding != "" && (len(got) != 1 || got[0].Code != tt.finding || !strings.Contains(got[0].MessageEN, tt.text) || got[0].Pointer != "/manifest/industry_code"):
			t.Errorf("%s: findings %v; want one %s at /manifest/industry_code saying %q", tt.code, got, tt.finding, tt.text)
		}
	}
}
