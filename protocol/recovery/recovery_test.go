package recovery

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pairag.com/portal/internal/textedit"
	"pairag.com/portal/protocol/jsonpos"
)

// finding is one call of a Report.
type finding struct {
	Code        string
	Start, End  int
	Fix         *textedit.Edit
	Suggestions []Suggestion
	Args        []any
}

// read reads text as package protocol does: Input, then the JSON reader
// over the span it returns, then Trailing for text after the value, and
// returns what they report and the span read.
func read(t *testing.T, text string) (found []finding, from, to int) {
	t.Helper()
	report := func(code string, start, end int, fix *textedit.Edit, choices []Suggestion, args ...any) {
		found = append(found, finding{code, start, end, fix, choices, args})
	}
	from, to = Input([]byte(text), 0, report)
	root, issues := jsonpos.Parse([]byte(text)[:to], from, 64)
	for _, is := range issues {
		if is.Code == "json-trailing-text" && root != nil && root.Kind == '{' {
			Trailing([]byte(text), root, from, is.Start, to, 64, report)
		}
	}
	return found, from, to
}

// apply applies edits to text, all of which must apply.
func apply(t *testing.T, text string, edits []textedit.Edit) string {
	t.Helper()
	out, n := textedit.Apply([]byte(text), slices.Clone(edits))
	if n != len(edits) {
		t.Fatalf("%d of %d edits %v apply to %q", n, len(edits), edits, text)
	}
	return string(out)
}

// TestRecover holds each shape of damage to what it must say: the codes
// in order, the JSON it reads, the text every fix together gives, and what
// each suggestion of the finding that offers them gives.
func TestRecover(t *testing.T) {
	const a, b = `{"a": {"b": 1}}`, `{"c": [2]}`
	tests := []struct {
		name   string
		text   string
		codes  []string
		read   string   // text[from:to] with white space trimmed
		fixed  string   // with every fix applied; "" means unchanged
		offer  string   // the finding whose suggestions choose gives
		choose []string // the result of each suggestion, in order
	}{
		{"one object", a, nil, a, "", "", nil},
		{"a fenced object", "```json\n" + a + "\n```\n", []string{"input-markdown-fence", "input-markdown-fence"}, a, a + "\n", "", nil},
		{"an unclosed fence", "```json\n" + a, []string{"input-markdown-fence"}, a, a, "", nil},
		{"a fence line that holds the brace", "```json" + a + "\n```", []string{"input-markdown-fence", "input-markdown-fence"}, a, a + "\n", "", nil},
		{"a fence of CR lines after spaces", "   ```\r" + a + "\r```", []string{"input-markdown-fence", "input-markdown-fence"}, a, a + "\r", "", nil},
		{"a fence whose word is a JSON literal", "```true", []string{"input-markdown-fence"}, "true", "true", "", nil},
		{"a fence line of a literal, then the object", "```null\n" + a, []string{"input-markdown-fence"}, "null\n" + a, "null\n" + a, "", nil},
		{"prose around a fence", "Here:\n```json\n" + a + "\n```\nDone.",
			[]string{"json-leading-text", "input-markdown-fence", "input-markdown-fence", "json-trailing-text"}, a, "Here:\n" + a + "\nDone.",
			"json-trailing-text", []string{"Here:\n```json\n" + a + "\n```\n"}},
		{"two fenced payloads", "```json\n" + a + "\n```\nor\n```\n" + b + "\n```\n", []string{"input-several-fences"}, a, "",
			"input-several-fences", []string{a + "\n", b + "\n"}},
		{"a fence without JSON before one with", "```sh\ngo run .\n```\n```json\n" + a + "\n```",
			[]string{"json-leading-text", "input-markdown-fence", "input-markdown-fence"}, a, "```sh\ngo run .\n```\n" + a + "\n",
			"json-leading-text", []string{"```json\n" + a + "\n```"}},
		{"prose before the object", "Here is your task:\n" + a, []string{"json-leading-text"}, a, "", "json-leading-text", []string{a}},
		{"prose after the object", a + "\nHope this helps!", []string{"json-trailing-text"}, a + "\nHope this helps!", "", "json-trailing-text", []string{a + "\n"}},
		{"a stray } closes the object early", `{"a": {"b": 1}}, "c": 2}`, []string{"json-closed-early"}, `{"a": {"b": 1}}, "c": 2}`, "",
			"json-closed-early", []string{`{"a": {"b": 1}, "c": 2}`}},
		{"a stray } after a comment", "{\"a\": {\"b\": 1} // x\n}, \"c\": 2}", []string{"json-closed-early"}, "{\"a\": {\"b\": 1} // x\n}, \"c\": 2}", "",
			"json-closed-early", []string{"{\"a\": {\"b\": 1} // x\n, \"c\": 2}", "{\"a\": {\"b\": 1 // x\n}, \"c\": 2}"}},
		{"two objects back to back", a + b, []string{"json-several-values"}, a + b, "", "json-several-values", []string{a, b}},
		{"two objects and a comma", a + ",\n" + b, []string{"json-several-values"}, a + ",\n" + b, "", "json-several-values", []string{a, b}},
		{"four objects offer three", a + "\n" + b + "\n" + a + "\n" + b, []string{"json-several-values"}, a + "\n" + b + "\n" + a + "\n" + b, "",
			"json-several-values", []string{a, b, a}},
		{"values, then what is not one", a + "\n\n" + b + "\n}, 3", []string{"json-trailing-text"}, a + "\n\n" + b + "\n}, 3", "",
			"json-trailing-text", []string{a + "\n\n"}},
		{"an object and a number", a + " 1", []string{"json-trailing-text"}, a + " 1", "", "json-trailing-text", []string{a + " "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found, from, to := read(t, tt.text)
			var codes []string
			var edits []textedit.Edit
			var choices []Suggestion
			for _, f := range found {
				codes = append(codes, f.Code)
				if f.Fix != nil {
					edits = append(edits, *f.Fix)
				}
				if f.Code == tt.offer {
					choices = f.Suggestions
				}
			}
			if !slices.Equal(codes, tt.codes) {
				t.Fatalf("codes = %v; want %v", codes, tt.codes)
			}
			if got := strings.TrimSpace(tt.text[from:to]); got != tt.read {
				t.Errorf("reads %q; want %q", got, tt.read)
			}
			if tt.fixed == "" {
				tt.fixed = tt.text
			}
			if got := apply(t, tt.text, edits); got != tt.fixed {
				t.Errorf("fixed = %q; want %q", got, tt.fixed)
			}
			var got []string
			for _, s := range choices {
				if s.EN == "" || s.ZH == "" || strings.Count(s.EN, "%") != len(s.Args) || strings.Count(s.ZH, "%") != len(s.Args) {
					t.Errorf("suggestion %+v: no label in both languages for its arguments", s)
				}
				got = append(got, apply(t, tt.text, s.Edits))
			}
			if !slices.Equal(got, tt.choose) {
				t.Errorf("suggestions give %q; want %q", got, tt.choose)
			}
		})
	}
}

// TestChoiceLines checks the line and column a choice names.
func TestChoiceLines(t *testing.T) {
	found, _, _ := read(t, "{\"a\": 1}\n\n{\"b\": 2}")
	var got []string
	for _, s := range found[0].Suggestions {
		got = append(got, fmt.Sprintf(s.EN, s.Args...))
	}
	want := []string{"keep only JSON value 1 of 2 (line 1), remove the others", "keep only JSON value 2 of 2 (line 3), remove the others"}
	if !slices.Equal(got, want) {
		t.Errorf("choices %q; want %q", got, want)
	}
	found, _, _ = read(t, "{\"a\": {\n  \"b\": 1} // x\n}, \"c\": 2}")
	got = nil
	for _, s := range found[0].Suggestions {
		got = append(got, fmt.Sprintf(s.EN, s.Args...))
	}
	want = []string{"remove the } at line 3, column 1", "remove the } at line 2, column 9"}
	if !slices.Equal(got, want) {
		t.Errorf("choices %q; want %q", got, want)
	}
}
