package jsonpos

import (
	"fmt"
	"testing"
)

// TestPositionsLineEnds: LF, CRLF and a lone CR each end a line, and a
// position just after any of them is column 1 of the next line.
func TestPositionsLineEnds(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		offsets    []int
		want       []Position
	}{
		{"LF", "ab\ncd\n\ne", []int{0, 2, 3, 4, 6, 7, 8}, []Position{{1, 1, 0}, {1, 3, 2}, {2, 1, 3}, {2, 2, 4}, {3, 1, 6}, {4, 1, 7}, {4, 2, 8}}},
		{"CRLF", "ab\r\ncd\r\n\r\ne", []int{0, 2, 3, 4, 5, 8, 10, 11}, []Position{{1, 1, 0}, {1, 3, 2}, {1, 4, 3}, {2, 1, 4}, {2, 2, 5}, {3, 1, 8}, {4, 1, 10}, {4, 2, 11}}},
		{"CR", "ab\rcd\r\re", []int{0, 2, 3, 4, 6, 7, 8}, []Position{{1, 1, 0}, {1, 3, 2}, {2, 1, 3}, {2, 2, 4}, {3, 1, 6}, {4, 1, 7}, {4, 2, 8}}},
		{"mixed", "a\rb\nc\r\nd", []int{2, 4, 7}, []Position{{2, 1, 2}, {3, 1, 4}, {4, 1, 7}}},
		{"CR at the end", "a\r", []int{2}, []Position{{2, 1, 2}}},
		{"wide", "中\r😀x", []int{3, 4, 8}, []Position{{1, 2, 1}, {2, 1, 2}, {2, 2, 4}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := Positions([]byte(tt.text), tt.offsets)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("Positions(%q, %v) = %v; want %v", tt.text, tt.offsets, got, tt.want)
			}
		})
	}
}
