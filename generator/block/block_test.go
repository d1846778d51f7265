package block

import "testing"

func TestCodeFence(t *testing.T) {
	tests := []struct {
		text string
		n    int
		want string
	}{
		{"plain", 1, "`"},
		{"a `b` c", 1, "``"},
		{"a ``b`` `c`", 1, "```"},
		{"x := 1\n", 3, "```"},
		{"```go\nx\n```\n", 3, "````"},
		{"`` ` ``", 3, "```"},
	}
	for _, tt := range tests {
		if got := CodeFence(tt.text, tt.n); got != tt.want {
			t.Errorf("codeFence(%q, %d) = %q; want %q", tt.text, tt.n, got, tt.want)
		}
	}
}
