package protocol

import (
	"strings"
	"sync"

	"pairag.com/portal/protocol/published"
)

// The ISIC Rev.4 structure, every code from section to class with its
// parent, lives in isic-rev4.tsv beside the document (compiled in as published.ISIC), with its source on
// the first line. It is not in the document: the document is published
// byte for byte and pasted into models' context in the copy-both bundle,
// where 766 codes would only cost tokens; its isic_rev4_sections keep the
// section and division ranges that readers see (TestISICData holds the two
// to each other).

// published.ISIC, the file as a constant, is generated with the documents (see embedded.go).

// isicTree is the parsed structure: each code's parent ("" for a section)
// and each code's children in file order.
type isicTree struct {
	parent   map[string]string
	children map[string][]string
}

var isic = sync.OnceValue(func() isicTree {
	t := isicTree{parent: map[string]string{}, children: map[string][]string{}}
	for _, line := range strings.Split(published.ISIC, "\n") {
		if line == "" || line[0] == '#' || line == "code\tparent" {
			continue
		}
		code, parent, _ := strings.Cut(line, "\t")
		t.parent[code] = parent
		if parent != "" {
			t.children[parent] = append(t.children[parent], code)
		}
	}
	return t
})

// isicCheck says what is wrong with the digits of an ISIC code whose shape
// is right (a section letter and 2 to 4 digits): the first level, from the
// division down, that the structure does not hold, the parent it was
// looked for under (the section for a division), and whether it exists
// under another parent (a division of another section).
type isicCheck struct {
	level        string // "", "division", "group" or "class"
	code, parent string // the missing code and the code it belongs under
	otherParent  string // the section a misplaced division belongs to
	existing     []string
}

func checkISIC(code string) isicCheck {
	t := isic()
	sec, digits := code[:1], code[1:]
	if sp, ok := t.parent[digits[:2]]; !ok {
		return isicCheck{level: "division", code: digits[:2], parent: sec}
	} else if sp != sec {
		return isicCheck{level: "division", code: digits[:2], parent: sec, otherParent: sp}
	}
	for _, lv := range []struct {
		name string
		n    int
	}{{"group", 3}, {"class", 4}} {
		if len(digits) < lv.n {
			break
		}
		c, p := digits[:lv.n], digits[:lv.n-1]
		if _, ok := t.parent[c]; !ok {
			return isicCheck{level: lv.name, code: c, parent: p, existing: t.children[p]}
		}
	}
	return isicCheck{}
}

// isicSectionOf returns the section of the division named by the first two
// digits of s.
func isicSectionOf(s string) (string, bool) {
	if len(s) < 2 || !allDigits(s[:2]) {
		return "", false
	}
	sec, ok := isic().parent[s[:2]]
	return sec, ok
}
