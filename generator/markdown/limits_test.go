package markdown

import (
	"fmt"
	"strings"
	"testing"
	"time"
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

// TestHostileFrontMatter: every shape of front matter just under
// MaxFrontMatterBytes is answered within a second (most in a few
// milliseconds), with the error it deserves. (16,000 nested { in a title
// took 16 s before MaxYAMLNesting, 8,000 keys 4.5 s before MaxYAMLEntries; an alias bomb in title ran a build
// until it was killed.)
func TestHostileFrontMatter(t *testing.T) {
	// fill repeats unit to just under the limit, after a prefix of n bytes
	fill := func(unit string) string { return strings.Repeat(unit, (MaxFrontMatterBytes-100)/len(unit)) }
	lines := func(f func(i int) string) string {
		var b strings.Builder
		for i := 0; b.Len() < MaxFrontMatterBytes-200; i++ {
			b.WriteString(f(i))
		}
		return b.String()
	}
	tests := []struct {
		name, yaml, want string // want: "" for no error
	}{
		{"alias bomb in title", bomb(9, "title"), "anchors and aliases"},
		{"merge key", "base: &b {title: T}\n<<: *b\n", "anchors and aliases"},
		{"nested { in title", "title: " + fill("{a: ") + "\n", "nest more than 32 deep"},
		{"nested [ in title", "title: " + fill("[") + "\n", "nest more than 32 deep"},
		{"nested [ and { closed", "title: T\ndescription: D\nx: " + strings.Repeat("[{a: ", 33) + strings.Repeat("}]", 33) + "\n", "nest more than 32 deep"},
		{"a flow list of 16,000 items", "title: [" + fill("a, ") + "a]\n", "more than 500 keys and list items"},
		{"a flow list of 400 items", "title: [" + strings.Repeat("a, ", 400) + "a]\n", "cannot unmarshal"},
		{"block maps nested by indentation", "title: T\ndescription: D\nx:\n" + lines(func(i int) string { return strings.Repeat(" ", i) + "a:\n" }), `unknown field "x"`},
		{"block lists nested on a line", "title: " + fill("- ") + "x\n", "more than 500 keys and list items"},
		{"many keys", lines(func(i int) string { return fmt.Sprintf("k%d: v\n", i) }), "more than 500 keys and list items"},
		{"400 keys", "title: T\ndescription: D\n" + strings.Repeat("k: v\n", 398), "already defined"},
		{"one key many times", lines(func(int) string { return "title: T\n" }), "more than 500 keys and list items"},
		{"a long title", "title: " + fill("a") + "\ndescription: D\n", ""},
		{"a long escaped title", "title: \"" + fill(`\u0041`) + "\"\ndescription: D\n", ""},
		{"a long block scalar", "description: D\ntitle: |\n" + fill("  line\n"), ""},
		{"an unclosed quote", "title: \"" + fill("a") + "\n", "front matter"},
		{"comments", fill("# c\n") + "title: T\n", "description is required"},
		{"a huge integer", "title: T\ndescription: D\norder: " + fill("9") + "\n", "Order"},
		{"a huge exponent", "title: T\ndescription: D\norder: 1e99999999\n", "Order"},
		{"tags", "title: !!python/object:os.system [ls]\ndescription: D\n", "cannot unmarshal"},
		{"many documents", lines(func(int) string { return "title: T\n---\n" }), "front matter"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.yaml) > MaxFrontMatterBytes {
				t.Fatalf("the case is %d bytes, over the limit it should test under", len(tt.yaml))
			}
			src := []byte("---\n" + tt.yaml + "---\n\nBody.\n")
			done := make(chan []string, 1)
			go func() {
				_, _, errs := ParseFrontMatter("p.md", src)
				var msgs []string
				for _, e := range errs {
					msgs = append(msgs, e.Error())
				}
				done <- msgs
			}()
			select {
			case msgs := <-done:
				if tt.want == "" && len(msgs) > 0 || tt.want != "" && (len(msgs) == 0 || !strings.Contains(msgs[0], tt.want)) {
					t.Errorf("ParseFrontMatter = %q; want an error containing %q", msgs, tt.want)
				}
			case <-time.After(30 * time.Second): // a hang or a blow-up, not a slow machine (CI at load 30 took over 1 s)
				t.Fatal("ParseFrontMatter did not return within 30 s")
			}
		})
	}
}
