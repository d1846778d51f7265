package jsonpos

import (
	"cmp"
	"slices"
	"unicode/utf8"
)

// Position locates a byte offset of a text: 1-based line and column
// (columns count characters), and the offset in UTF-16 code units, which is
// how JavaScript indexes strings.
type Position struct {
	Line   int
	Column int
	UTF16  int
}

// Positions maps many byte offsets in one pass over text (lines end at
// LF, CRLF or a lone CR), so a large
// single-line text with many offsets to name stays linear. Offsets outside
// the text are clamped to it.
func Positions(text []byte, offsets []int) []Position {
	order := make([]int, len(offsets))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(offsets[a], offsets[b]) })
	out := make([]Position, len(offsets))
	pos, cur := 0, Position{Line: 1, Column: 1}
	for _, i := range order {
		target := min(max(offsets[i], 0), len(text))
		for pos < target {
			// A run of printable ASCII moves the column and the UTF-16
			// offset by one a byte; decoding each rune would cost several
			// times more (a 6 MB line is common in a hostile paste).
			if j := asciiRun(text, pos, target); j > pos {
				cur.Column += j - pos
				cur.UTF16 += j - pos
				pos = j
				continue
			}
			r, size := utf8.DecodeRune(text[pos:])
			// A line ends at LF, at CRLF (counted at its LF) and at a CR
			// alone, as old Mac files end their lines.
			if r == '\n' || r == '\r' && (pos+1 == len(text) || text[pos+1] != '\n') {
				cur.Line++
				cur.Column = 1
			} else {
				cur.Column++
			}
			cur.UTF16++
			if r >= 0x10000 {
				cur.UTF16++
			}
			pos += size
		}
		out[i] = cur
	}
	return out
}

// asciiRun returns the end of the run of printable ASCII bytes (no line
// break among them) of text[pos:target].
func asciiRun(text []byte, pos, target int) int {
	for pos < target && text[pos] >= 0x20 && text[pos] < utf8.RuneSelf {
		pos++
	}
	return pos
}
