package textedit

import "testing"

func TestApply(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		edits   []Edit
		want    string
		applied int
	}{
		{"none", "abc", nil, "abc", 0},
		{"replace", "abcdef", []Edit{{1, 3, "X"}}, "aXdef", 1},
		{"delete and insert, out of order", "abcdef", []Edit{{4, 4, "+"}, {0, 1, ""}}, "bcd+ef", 2},
		{"inserts at one place keep their order", "ab", []Edit{{1, 1, "1"}, {1, 1, "2"}}, "a12b", 2},
		{"the first of two overlapping wins", "abcdef", []Edit{{2, 5, "Y"}, {1, 3, "X"}}, "aXdef", 1},
		{"touching edits both apply", "abcdef", []Edit{{1, 3, "X"}, {3, 4, "Y"}}, "aXYef", 2},
		{"ranges outside the text are skipped", "abc", []Edit{{-1, 1, "X"}, {2, 9, "Y"}, {2, 1, "Z"}}, "abc", 0},
		{"the whole text", "abc", []Edit{{0, 3, "xyz!"}}, "xyz!", 1},
	}
	for _, tt := range tests {
		text := []byte(tt.text)
		got, n := Apply(text, tt.edits)
		if string(got) != tt.want || n != tt.applied {
			t.Errorf("%s: Apply(%q, %v) = %q, %d; want %q, %d", tt.name, tt.text, tt.edits, got, n, tt.want, tt.applied)
		}
		if string(text) != tt.text {
			t.Errorf("%s: Apply changed its input to %q", tt.name, text)
		}
	}
}
