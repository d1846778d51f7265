package templates

import (
	"strings"
	"testing"
)

// TestInlineHead: what the validator page inlines is its assets without
// their comments, a text that would end its element early is refused, and
// the assets themselves inline.
func TestInlineHead(t *testing.T) {
	h, err := NewInlineHead(ThemeScript(), append(ToolPageStyleSheet(), ValidatorStyleSheet()...))
	if err != nil {
		t.Fatalf("NewInlineHead(theme.js, the stylesheets): %v", err)
	}
	if strings.Contains(h.Script, "//") || strings.Contains(h.CSS, "/*") || !strings.Contains(h.CSS, ".validator .editor") {
		t.Errorf("inline head keeps comments or lacks the tool's rules:\n%.300s\n%.300s", h.Script, h.CSS)
	}
	if _, err := InlineScript(ValidatorStart()); err != nil {
		t.Errorf("InlineScript(validator-start.js): %v", err)
	}
	for _, c := range []struct{ js, css, want string }{
		{"x = '</SCRIPT>';\n", "", `"</SCRIPT"`},
		{"if (a <!-- b) {}\n", "", `"<!--"`},
		{"", "p::after { content: '</style>' }", `"</style"`},
	} {
		if _, err := NewInlineHead([]byte(c.js), []byte(c.css)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewInlineHead(%q, %q) = %v; want an error naming %s", c.js, c.css, err, c.want)
		}
	}
}

// TestCSPHash checks the source expression against a known digest: the
// SHA-256 of the empty text.
func TestCSPHash(t *testing.T) {
	if got, want := CSPHash(""), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"; got != want {
		t.Errorf(`CSPHash("") = %s; want %s`, got, want)
	}
}
