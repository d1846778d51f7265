package scratch

import "testing"

func TestIs(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"create-task.md", false},
		{"_index.md", false},
		{"SKILL.zh-CN.md", false},
		{"netlify.toml", false},
		{"1234", false},
		{"5000", false},
		{"x.sw", false},
		{"x.swq", false},
		{"a~b.md", false},
		{".#create-task.md", true},
		{"#create-task.md#", true},
		{"#create-task.md", true},
		{".create-task.md.swp", true},
		{".create-task.md.swo", true},
		{".create-task.md.swx", true},
		{"create-task.md.swp", true},
		{"create-task.md~", true},
		{"create-task.md___jb_tmp___", true},
		{"create-task.md___jb_old___", true},
		{".SKILL.zh-CN.md.gen-4242-1234567.tmp", true}, // gen's own (package safewrite), left by a kill
		{"4913", true},
		{"5036", true},
		{"5159", true},
		{".goutputstream-ABC123", true},
		{".DS_Store", true},
		{".hidden.md", true},
	}
	for _, tt := range tests {
		if got := Is(tt.name); got != tt.want {
			t.Errorf("Is(%q) = %v; want %v", tt.name, got, tt.want)
		}
	}
}
