package protocol

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"pairag.com/portal/internal/textedit"
)

// applySuggestion applies the edits of a finding's suggestion, as a page
// does when the creator chooses it.
func applySuggestion(t *testing.T, text string, s Suggestion) string {
	t.Helper()
	var edits []textedit.Edit
	for _, e := range s.Edits {
		edits = append(edits, textedit.Edit{Start: e.Start, End: e.End, New: e.Replacement})
	}
	out, n := textedit.Apply([]byte(text), edits)
	if n != len(edits) {
		t.Fatalf("suggestion %q: %d of %d edits apply", s.MessageEN, n, len(edits))
	}
	return string(out)
}

// TestFixOnlyMends holds what issue 19 saw --fix destroy, one case each:
// FixAll must leave the creator's text alone, and the finding must say
// what it sees and offer the repair (or the choices) as suggestions, whose
// results are the payloads the creator meant.
func TestFixOnlyMends(t *testing.T) {
	example := string(Default().Example.Payload)
	second := strings.Replace(example, `"name": "`, `"name": "Second: `, 1)
	stages := strings.Index(example, `"stages"`)
	closeManifest := strings.LastIndex(example[:stages], "}") + 1
	strayBrace := example[:closeManifest] + "}" + example[closeManifest:]
	// A fence inside the Markdown of manifest.detail, and no closing fence.
	inDetail := strings.Replace(example, `"detail": "`, "\"detail\": \"```sh\\ngo run .\\n```\\n", 1)
	tests := []struct {
		name   string
		text   string
		code   string   // the finding that must be there
		fixed  string   // FixAll's text; "" means the input unchanged
		choose []string // the result of each suggestion of the finding, in order
	}{
		{"a stray } closes the manifest early", strayBrace, "json-closed-early", "", []string{example}},
		{"an unclosed fence around a payload whose detail holds a fence", "```json\n" + inDetail, "input-markdown-fence", inDetail, nil},
		{"two fenced payloads", "```json\n" + example + "\n```\n\nor:\n```json\n" + second + "\n```\n", "input-several-fences", "",
			[]string{example + "\n", second + "\n"}},
		{"two objects back to back", example + second, "json-several-values", "", []string{example, second}},
		{"two objects on their own lines", example + "\n\n" + second + "\n", "json-several-values", "", []string{example, second}},
		{"two objects separated by a comma", example + ",\n" + second, "json-several-values", "", []string{example, second}},
		{"prose after the object", example + "\nHope this helps!", "json-trailing-text", "", []string{example + "\n"}},
		{"prose before the object", "Here is your task:\n" + example, "json-leading-text", "", []string{example}},
		{"a fence line that holds the brace", "```json" + example + "\n```", "input-markdown-fence", example + "\n", nil},
		{"prose around a fence", "Here:\n```json\n" + example + "\n```\nDone.", "input-markdown-fence", "Here:\n" + example + "\nDone.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Validate([]byte(tt.text), Options{Tier: "pro"})
			f, ok := findCode(res, tt.code)
			if !ok {
				t.Fatalf("no %s finding:\n%s", tt.code, describe(res))
			}
			if len(f.Suggestions) != len(tt.choose) {
				t.Fatalf("%s offers %d suggestions; want %d: %+v", tt.code, len(f.Suggestions), len(tt.choose), f.Suggestions)
			}
			for i, want := range tt.choose {
				s := f.Suggestions[i]
				if s.MessageEN == "" || s.MessageZH == "" || s.Preview == "" {
					t.Errorf("suggestion %d is not described in both languages with a preview: %+v", i, s)
				}
				if got := applySuggestion(t, tt.text, s); got != want {
					t.Errorf("suggestion %d (%s) gives\n%s\nwant\n%s", i, s.MessageEN, abbreviate(got), abbreviate(want))
				}
			}
			fr, err := FixAll([]byte(tt.text), Options{Tier: "pro"})
			want := tt.fixed
			if want == "" {
				want = tt.text
			}
			if err != nil || string(fr.Text) != want {
				t.Errorf("FixAll = %d fixes, %v:\n%s\nwant\n%s", fr.Applied, err, abbreviate(string(fr.Text)), abbreviate(want))
			}
		})
	}
}

// TestFixKeepsFreeFiatPoints: at a tier without fiat the points are the only
// payment a creator may use, so the fiat-points-not-zero fix, right where
// fiat is available, must not zero them there.
func TestFixKeepsFreeFiatPoints(t *testing.T) {
	fiat := string(readTestdata(t, "payloads/fiat-misuse.json")) // stages with fiat_enabled: true and points
	for _, tt := range []struct {
		tier   string
		zeroed bool
	}{{"free", false}, {"pro", true}} {
		res := Validate([]byte(fiat), Options{Tier: tt.tier})
		f, ok := findCode(res, "fiat-points-not-zero")
		if !ok {
			t.Fatalf("%s: no fiat-points-not-zero finding:\n%s", tt.tier, describe(res))
		}
		if (f.Fix != nil) != tt.zeroed {
			t.Errorf("%s: fiat-points-not-zero fix = %+v; want a fix %v", tt.tier, f.Fix, tt.zeroed)
		}
		fr, err := FixAll([]byte(fiat), Options{Tier: tt.tier})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := findCode(fr.Result, "fiat-points-not-zero"); ok == tt.zeroed {
			t.Errorf("%s: after FixAll, fiat-points-not-zero is there: %v; want %v", tt.tier, ok, !tt.zeroed)
		}
	}
}

// TestFixNeverRemovesKeys: removing $schema or a retired field takes a key
// and its value the creator wrote, so it is a suggestion, never a fix.
func TestFixNeverRemovesKeys(t *testing.T) {
	example := string(Default().Example.Payload)
	text := strings.Replace(example, `"manifest"`, `"$schema": "https://example.com/s.json", "manifest"`, 1)
	res := Validate([]byte(text), Options{Tier: "pro"})
	f, ok := findCode(res, "schema-key")
	if !ok || f.Fix != nil || len(f.Suggestions) != 1 {
		t.Fatalf("schema-key = %+v; want a suggestion and no fix", f)
	}
	if got := applySuggestion(t, text, f.Suggestions[0]); got != example {
		t.Errorf("the suggestion gives\n%s\nwant the example", abbreviate(got))
	}
	if fr, _ := FixAll([]byte(text), Options{Tier: "pro"}); string(fr.Text) != text {
		t.Errorf("FixAll removed $schema")
	}
}

// TestCheckKept holds the check that follows every fix: only the values a
// fix names may change, and nothing of the payload may go.
func TestCheckKept(t *testing.T) {
	text := "{\"a\": \"x```y\", /* c */ \"b\": [1, 2,], \"c\": 3}"
	at := func(s string) int { return strings.Index(text, s) }
	tests := []struct {
		name  string
		edits []textedit.Edit
		ok    bool
	}{
		{"remove a comment", []textedit.Edit{{Start: at("/*"), End: at("*/") + 2}}, true},
		{"remove a trailing comma", []textedit.Edit{{Start: at("2,") + 1, End: at("2,") + 2}}, true},
		{"replace a value", []textedit.Edit{{Start: at("3"), End: at("3") + 1, New: "4"}}, true},
		{"replace a string", []textedit.Edit{{Start: at(`"x`), End: at(`y"`) + 2, New: `"z"`}}, true},
		{"remove a member", []textedit.Edit{{Start: at(`, "c"`), End: at("3") + 1}}, false},
		{"cut inside a string", []textedit.Edit{{Start: 0, End: len(text), New: text[:at("`")]}}, false},
		{"remove a bracket", []textedit.Edit{{Start: at("]"), End: at("]") + 1}}, false},
		{"replace a value and the comma after it", []textedit.Edit{{Start: at("1"), End: at("1") + 2, New: "0"}}, false},
		{"insert a value", []textedit.Edit{{Start: at("1"), End: at("1"), New: "0, "}}, false},
		{"a replacement that opens a string", []textedit.Edit{{Start: at("3"), End: at("3") + 1, New: `"3`}}, false},
	}
	for _, tt := range tests {
		edits := appliedEdits([]byte(text), tt.edits)
		after, _ := textedit.Apply([]byte(text), edits)
		err := checkKept([]byte(text), after, edits)
		var r *FixRefusal
		if (err == nil) != tt.ok || err != nil && (!errors.As(err, &r) || r.EN == "" || r.ZH == "" || r.Line != 1) {
			t.Errorf("%s: checkKept(%q) = %v; want ok %v", tt.name, after, err, tt.ok)
		}
	}
}

// TestApplyFixesRefuses: fixes that would lose a stage (as the trailing-text
// fix did) are refused and the text is left as it was.
func TestApplyFixesRefuses(t *testing.T) {
	example := string(Default().Example.Payload)
	stages := strings.Index(example, `"stages"`)
	fs := []Finding{{Code: "json-trailing-text", Fix: &Fix{Start: stages, End: len(example) - 1}}}
	fixed, n, err := ApplyFixes([]byte(example), fs)
	var r *FixRefusal
	if !errors.As(err, &r) || n != 0 || string(fixed) != example {
		t.Fatalf("ApplyFixes = %d fixes, %v; want a refusal and the text unchanged", n, err)
	}
	if !strings.Contains(r.Message("zh-CN"), "未做任何修改") || !strings.Contains(r.Message("en"), "nothing was changed") {
		t.Errorf("refusal = %q / %q", r.Message("en"), r.Message("zh-CN"))
	}
	// The page shows Message, which says where; the CLI puts file:line:col
	// before Reason, which does not say it a second time.
	en, zh := fmt.Sprintf("line %d, column %d: ", r.Line, r.Column), fmt.Sprintf("第 %d 行第 %d 列：", r.Line, r.Column)
	if r.Message("en") != en+r.Reason("en") || r.Message("zh-CN") != zh+r.Reason("zh-CN") || r.Error() != r.Message("en") {
		t.Errorf("Message = %q / %q; want the position, then Reason %q / %q", r.Message("en"), r.Message("zh-CN"), r.Reason("en"), r.Reason("zh-CN"))
	}
	if strings.HasPrefix(r.Reason("en"), "line ") || strings.HasPrefix(r.Reason("zh-CN"), "第 ") {
		t.Errorf("Reason = %q / %q; want no position in it", r.Reason("en"), r.Reason("zh-CN"))
	}
}

// TestFixAllEveryFix: FixAll applies every fix, also past max_findings (it
// stopped at 2,500 of 20,000 trailing commas without saying so), and says
// how many are left when its rounds run out.
func TestFixAllEveryFix(t *testing.T) {
	example := string(Default().Example.Payload)
	const commas = 20000
	text := strings.Replace(example, `"stages": [`, `"x": [`+strings.Repeat("[1,],", commas-1)+`[1,]], "stages": [`, 1)
	fr, err := FixAll([]byte(text), Options{Tier: "pro"})
	if err != nil || fr.Applied != commas || fr.Left != 0 || strings.Contains(string(fr.Text), ",]") {
		t.Errorf("FixAll(%d trailing commas) = %d applied, %d left, %v; want all applied", commas, fr.Applied, fr.Left, err)
	}
	defer func(n int) { fixRounds = n }(fixRounds)
	fixRounds = 0
	alias := strings.Replace(example, `"language": "en"`, `"language": "en-US"`, 1)
	fr, err = FixAll([]byte("```json\n"+alias+"\n```\n"), Options{Tier: "pro"})
	if err != nil || fr.Applied != 0 || fr.Left != 3 {
		t.Errorf("FixAll with no rounds = %d applied, %d left, %v; want the fence lines and the alias left", fr.Applied, fr.Left, err)
	}
}

// TestCheckKeptQuoteInProse: with a byte order mark to delete, the prose
// before the JSON is lexed, and its unmatched quote once opened a string
// that ran into the JSON, so the comment fix inside it was refused
// (FuzzFixKeeps found "\ufeffA\"0{/**/0").
func TestCheckKeptQuoteInProse(t *testing.T) {
	for _, text := range []string{
		"\ufeffA\"0{/**/0",
		"\ufeffThe model said \"here it is: {\"a\": 1, /* c */ \"b\": 2}",
	} {
		fr, err := FixAll([]byte(text), Options{Tier: "pro"})
		if err != nil {
			t.Errorf("FixAll(%q): %v; want the byte order mark and the comment mended", text, err)
			continue
		}
		if strings.Contains(string(fr.Text), "/*") || strings.HasPrefix(string(fr.Text), "\ufeff") {
			t.Errorf("FixAll(%q) = %q; want the byte order mark and the comment gone", text, fr.Text)
		}
	}
	// The split at the JSON's first brace still sees a value the fixes drop.
	text := "\ufeffA \"b {\"a\": 1, \"b\": 2}"
	edits := []textedit.Edit{{Start: 0, End: 3}, {Start: strings.Index(text, ", \"b\""), End: len(text) - 1}}
	after, _ := textedit.Apply([]byte(text), edits)
	if err := checkKept([]byte(text), after, edits); err == nil {
		t.Errorf("checkKept(%q) = nil; want a refusal for the member removed", after)
	}
}
