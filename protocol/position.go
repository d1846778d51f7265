package protocol

import "unicode/utf8"

// lineCol converts a byte offset into a 1-based line and a 1-based column
// counted in runes, as editors show them.
func lineCol(text []byte, off int) (line, col int) {
	if off > len(text) {
		off = len(text)
	}
	if off < 0 {
		off = 0
	}
	line, col = 1, 1
	for i := 0; i < off; {
		r, size := utf8.DecodeRune(text[i:])
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
		i += size
	}
	return line, col
}
