package diag

import "testing"

func TestFormat(t *testing.T) {
	tests := []struct {
		file      string
		line, col int
		severity  string
		msg, want string
	}{
		{"task.json", 13, 17, "error", "too long [x]", "task.json:13:17: error: too long [x]"},
		{"content/zh-CN/a.md", 11, 0, "warning", "drift", "content/zh-CN/a.md:11: warning: drift"},
		{"content/en/a.md", 4, 0, "", "broken link", "content/en/a.md:4: broken link"},
		{"content/en/a.md", 0, 0, "", "page has no Chinese twin", "content/en/a.md: page has no Chinese twin"},
		{"content/en/a.md", 0, 7, "info", "x", "content/en/a.md: info: x"},
		{"", 3, 1, "", "build interrupted", "build interrupted"},
	}
	for _, tt := range tests {
		if got := Format(tt.file, tt.line, tt.col, tt.severity, tt.msg); got != tt.want {
			t.Errorf("Format(%q, %d, %d, %q, %q) = %q; want %q", tt.file, tt.line, tt.col, tt.severity, tt.msg, got, tt.want)
		}
	}
}
