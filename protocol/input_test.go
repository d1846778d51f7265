package protocol

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestInput covers text that is not a clean payload: every case must give a
// clear finding at the right place, never a panic.
func TestInput(t *testing.T) {
	valid := string(encode(t, payload(t)))
	deep := strings.Repeat("[", 70) + strings.Repeat("]", 70)
	tests := []struct {
		name      string
		text      string
		code      string
		line, col int
		fixed     string // after ApplyFixes, when the fix is mechanical
	}{
		{"empty", "", "input-empty", 1, 1, ""},
		{"only spaces", " \n\t ", "input-empty", 1, 1, ""},
		{"bom", "\xEF\xBB\xBF" + valid, "input-bom", 1, 1, valid},
		{"invalid utf-8", "{\"manifest\": \"\xff\"}", "input-invalid-utf8", 1, 15, ""},
		{"markdown fence", "```json\n" + valid + "\n```\n", "input-markdown-fence", 1, 1, valid + "\n"},
		{"leading prose", "Here is your task:\n" + valid, "json-leading-text", 1, 1, ""}, // a suggestion: TestFixOnlyMends
		{"trailing text", valid + "\nHope this helps!", "json-trailing-text", lines(valid) + 1, 1, ""},
		{"line comment", "{\n  // note\n  \"manifest\": {}, \"stages\": []}", "json-comment", 2, 3, "{\n  \n  \"manifest\": {}, \"stages\": []}"},
		{"block comment", "{/* x */\"manifest\": {}, \"stages\": []}", "json-comment", 1, 2, "{\"manifest\": {}, \"stages\": []}"},
		// Deleting a comment between two tokens would join them (found by FuzzFixKeeps: "0/**/0").
		{"comment between tokens", "{\"manifest\": {}, \"stages\": [1/* x */2]}", "json-comment", 1, 30, "{\"manifest\": {}, \"stages\": [1 2]}"},
		{"comments between tokens", "{\"manifest\": {}, \"stages\": [1/*a*//*b*/2]}", "json-comment", 1, 30, "{\"manifest\": {}, \"stages\": [1  2]}"},
		{"trailing comma in object", "{\"manifest\": {}, \"stages\": [],\n}", "json-trailing-comma", 1, 30, "{\"manifest\": {}, \"stages\": []\n}"},
		{"trailing comma in array", "{\"manifest\": {}, \"stages\": [1,]}", "json-trailing-comma", 1, 30, "{\"manifest\": {}, \"stages\": [1]}"},
		{"duplicate key", "{\"manifest\": {}, \"stages\": [],\n \"manifest\": {}}", "json-duplicate-key", 2, 2, ""},
		{"top-level array", "[1, 2]", "top-level-not-object", 1, 1, ""},
		{"top-level string", "\"manifest\"", "top-level-not-object", 1, 1, ""},
		{"too deep", deep, "json-too-deep", 1, 65, ""},
		{"truncated", "{\"manifest\": {\"name\": \"x\"", "json-truncated", 1, 26, ""},
		{"single quotes", "{'manifest': {}}", "json-single-quote", 1, 2, ""},
		{"bare word", "{\"manifest\": yes}", "json-unexpected-word", 1, 14, ""},
		{"missing comma", "{\"manifest\": {} \"stages\": []}", "json-expected-comma", 1, 17, ""},
		{"bad number", "{\"manifest\": 012}", "json-bad-number", 1, 14, ""},
		{"raw newline in string", "{\"manifest\": \"a\nb\"}", "json-control-char", 1, 16, ""},
		{"bad escape", "{\"manifest\": \"\\x\"}", "json-bad-escape", 1, 15, ""},
		{"unterminated string", "{\"manifest\": \"abc", "json-unterminated-string", 1, 14, ""},
		{"number too large for integer", strings.Replace(valid, `"bounty_energy": 200`, `"bounty_energy": 1e400`, 1), "integer-too-large", 0, 0, ""},
		{"column counts characters", "{\"manifest\": {\"name\": \"任务\", \"x\": 01}}", "json-bad-number", 1, 34, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Validate([]byte(tt.text), Options{Tier: "pro"})
			checkFindings(t, res)
			f, ok := findCode(res, tt.code)
			if !ok {
				t.Fatalf("Validate(%q) has no %s finding:\n%s", abbreviate(tt.text), tt.code, describe(res))
			}
			if tt.line > 0 && (f.Line != tt.line || f.Column != tt.col) {
				t.Errorf("%s at %d:%d; want %d:%d", tt.code, f.Line, f.Column, tt.line, tt.col)
			}
			if res.Valid && f.Severity == SeverityError {
				t.Errorf("Valid = true with an error finding")
			}
			if tt.fixed != "" {
				got, n, err := ApplyFixes([]byte(tt.text), res.Findings)
				if n == 0 || err != nil || string(got) != tt.fixed {
					t.Errorf("ApplyFixes = %q (%d fixes); want %q", abbreviate(string(got)), n, abbreviate(tt.fixed))
				}
			}
		})
	}
}

func TestInputTooLarge(t *testing.T) {
	text := bytes.Repeat([]byte(" "), Default().Limits.MaxBytes+1)
	res := Validate(text, Options{})
	if f, ok := findCode(res, "input-too-large"); !ok || len(res.Findings) != 1 {
		t.Fatalf("Validate(%d bytes) = %v; want one input-too-large", len(text), res.Findings)
	} else if !strings.Contains(f.MessageEN, fmt.Sprint(len(text))) {
		t.Errorf("message %q does not give the size", f.MessageEN)
	}
}

// TestReferenceExample checks the reference page's own example: as Free it
// breaks the fiat, location and language rules; as Ultra only the alias
// warning (and notes) remain.
func TestReferenceExample(t *testing.T) {
	text := readTestdata(t, "payloads/reference-example.json")
	free := Validate(text, Options{Tier: "free"})
	for _, code := range []string{"fiat-not-available", "location-anywhere-only", "language-alias"} {
		if _, ok := findCode(free, code); !ok {
			t.Errorf("as free: no %s finding\n%s", code, describe(free))
		}
	}
	if free.Valid {
		t.Errorf("as free: Valid = true")
	}
	ultra := Validate(text, Options{Tier: "ultra"})
	if !ultra.Valid {
		t.Errorf("as ultra: Valid = false\n%s", describe(ultra))
	}
	for _, f := range ultra.Findings {
		if f.Severity == SeverityWarning && f.Code != "language-alias" || f.Severity == SeverityError {
			t.Errorf("as ultra: unexpected %s %s", f.Severity, f.Code)
		}
	}
	fixed, _, _ := ApplyFixes(text, ultra.Findings)
	if !bytes.Contains(fixed, []byte(`"language": "en",`)) {
		t.Errorf("ApplyFixes did not replace the alias")
	}
	if len(fixed) != len(text)-3 {
		t.Errorf("ApplyFixes changed more than the alias: %d bytes, want %d", len(fixed), len(text)-3)
	}
}

func findCode(r Result, code string) (Finding, bool) {
	for _, f := range r.Findings {
		if f.Code == code {
			return f, true
		}
	}
	return Finding{}, false
}

func lines(s string) int { return strings.Count(s, "\n") + 1 }

func abbreviate(s string) string {
	if len(s) > 80 {
		return s[:60] + "…" + s[len(s)-15:]
	}
	return s
}
