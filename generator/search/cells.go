package search

import (
	"bytes"
	"unicode/utf8"

	"golang.org/x/net/html/atom"
)

// CellLabels makes a table with a header row read as sentences: each body
// cell after its column's header, "header: value; header: value.", instead
// of the header row followed by every cell run together, which is what an
// excerpt of a skill's or a page's table showed. Headers in Chinese give
// full-width punctuation (字段：stage_type；说明：…。). A reader of a page's
// elements (the tree's sectionWriter, package searchtest's HTML reader)
// tells it every start and end tag it does not skip, with the section's
// text so far, and gives it the text of a header cell ([CellLabels.Write]).
// The zero value is ready to use.
type CellLabels struct {
	heads   []string // the header cells of the table being read
	head    []byte   // the header cell being read
	inThead bool
	inTh    bool
	col     int  // the next body cell's column
	han     bool // the headers are Chinese
}

// Start is a start tag a; text is the section's text, which a body cell's
// label is appended to.
func (c *CellLabels) Start(a atom.Atom, text *[]byte) {
	switch a {
	case atom.Table:
		c.heads, c.col = c.heads[:0], 0
	case atom.Thead:
		c.inThead, c.han = true, false
	case atom.Th:
		c.inTh, c.head = c.inThead, c.head[:0]
	case atom.Tr:
		c.col = 0
	case atom.Td:
		col := c.col
		c.col++
		if col >= len(c.heads) {
			return
		}
		switch {
		case col > 0:
			*text = append(bytes.TrimRight(*text, " \t\n"), c.punct("; ", "；")...)
		case c.han: // 。 ends the row before; Chinese puts no space after it
			*text = bytes.TrimRight(*text, " \t\n")
		}
		if c.heads[col] != "" {
			*text = append(append(*text, c.heads[col]...), c.punct(": ", "：")...)
		}
	}
}

// End is an end tag a; text is the section's text, which a body row's
// full stop is appended to.
func (c *CellLabels) End(a atom.Atom, text *[]byte) {
	switch a {
	case atom.Thead:
		c.inThead = false
	case atom.Th:
		if c.inTh {
			h := collapse(c.head)
			c.heads, c.inTh = append(c.heads, h), false
			c.han = c.han || hasHan(h)
		}
	case atom.Tr:
		if c.col > 0 && len(c.heads) > 0 {
			*text = bytes.TrimRight(*text, " \t\n")
			if r, _ := utf8.DecodeLastRune(*text); !bytes.ContainsRune([]byte(".。!！?？;；:："), r) {
				*text = append(*text, c.punct(".", "。")...)
			}
		}
	}
}

// Write takes the text s when it belongs to a header cell, which is read
// into its column's label rather than the section's text, and reports
// whether it did.
func (c *CellLabels) Write(s string) bool {
	if c.inTh {
		c.head = append(c.head, s...)
	}
	return c.inTh
}

func (c *CellLabels) punct(en, zh string) string {
	if c.han {
		return zh
	}
	return en
}

func hasHan(s string) bool {
	for _, r := range s {
		if IsHan(r) {
			return true
		}
	}
	return false
}
