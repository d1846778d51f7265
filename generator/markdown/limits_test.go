package markdown

import (
	"strings"
	"testing"
)

// bomb is YAML whose aliases expand to 10^levels copies of one string.
func bomb(levels int, key string) string {
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < levels; i++ {
		p := "*a" + string(rune('0'+i-1))
		b.WriteString("a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [" + strings.Repeat(p+", ", 9) + p + "]\n")
	}
	b.WriteString(key + ": *a" + string(rune('0'+levels-1)) + "\n")
	return b.String()
}

// TestFrontMatterLimits: what must never reach a YAML decoder is an error
// at its line naming the limit. (An alias bomb in title ran gen build until
// it was killed: the decoder expanded it before finding the type wrong.)
func TestFrontMatterLimits(t *testing.T) {
	tests := []struct {
		name, yaml string
		line       int
		want       string
	}{
		{"alias bomb in title", bomb(6, "title"), 1, "anchors and aliases"},
		{"alias bomb in an unknown key", "title: T\ndescription: D\n" + bomb(6, "extra"), 3, "anchors and aliases"},
		{"one alias", "title: &t T\ndescription: *t\n", 1, "anchors and aliases"},
		{"huge front matter", "title: T\ndescription: " + strings.Repeat("d", MaxFrontMatterBytes) + "\n", 1, "over the limit of 64 KiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "---\n" + tt.yaml + "---\n\nBody.\n"
			_, _, errs := ParseFrontMatter("p.md", []byte(src))
			if len(errs) != 1 || !strings.Contains(errs[0].Msg, tt.want) || errs[0].Line != tt.line+1 {
				t.Fatalf("ParseFrontMatter = %v; want one error at line %d containing %q", errs, tt.line+1, tt.want)
			}
		})
	}
	// a quoted * or & is text, not an alias
	if _, _, errs := ParseFrontMatter("p.md", []byte("---\ntitle: \"*not an alias* & more\"\ndescription: D\n---\n")); len(errs) != 0 {
		t.Errorf("quoted text refused: %v", errs)
	}
}

func TestTooLarge(t *testing.T) {
	if msg := TooLarge(MaxPageBytes); msg != "" {
		t.Errorf("TooLarge(MaxPageBytes) = %q; want none", msg)
	}
	if msg := TooLarge(14_716_048); !strings.Contains(msg, "14.0 MiB, over the limit of 4 MiB") {
		t.Errorf("TooLarge(14 MB) = %q", msg)
	}
}
