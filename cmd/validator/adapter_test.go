package main

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf16"

	"pairag.com/portal/protocol"
)

// TestAdapter calls the functions the module registers, natively: spans in
// UTF-16 code units, fixes, and configuration with its errors.
func TestAdapter(t *testing.T) {
	t.Cleanup(func() { configureJSON(`{}`) })
	text := strings.Replace(string(protocol.Default().Example.Payload), `"language": "en"`, `"language": "en-GB"`, 1)
	text = strings.Replace(text, `"name": "Weekly sales report pipeline"`, `"name": "周报 😀 pipeline"`, 1)
	fiat := strings.Replace(string(protocol.Default().Example.Payload), `"fiat_enabled": false`, `"fiat_enabled": true`, 1)
	labels := `{"tierLabels": {"free": {"en": "Free plan", "zh-CN": "免费套餐"}}, "someday": 1}`
	tests := []struct {
		name string
		call func() string
		want []string // substrings of the answer
	}{
		{"a bad configuration is an error", func() string { return configureJSON("{") }, []string{`{"error":"pairagConfigure: `}},
		{"unknown keys are ignored", func() string { return configureJSON(labels) }, []string{`{"ok":true}`}},
		{"messages use the configured labels", func() string { return validateJSON(fiat, str("free"), str("en")) }, []string{"Free plan"}},
		{"in both languages", func() string { return validateJSON(fiat, str("free"), str("zh-CN")) }, []string{"免费套餐"}},
		{"fixes come with their count", func() string { return applyFixesJSON(text, str("pro"), str("en")) }, []string{`"applied":1`, `"left":0`, `\"language\": \"en\",`}},
	}
	for _, tt := range tests {
		got := tt.call()
		for _, want := range tt.want {
			if !strings.Contains(got, want) {
				t.Errorf("%s: answer %.300s lacks %q", tt.name, got, want)
			}
		}
	}
	checkAliasSpan(t, text, []byte(validateJSON(text, str("pro"), str("en"))))
}

// TestAdapterArguments holds the module to what gen validate does with the
// same arguments: an unknown language is an error the page can show (the
// CLI exits 2), a tier that is not a string is an unknown tier with the
// note that says so, and no tier or language is free and English.
func TestAdapterArguments(t *testing.T) {
	example := string(protocol.Default().Example.Payload)
	for _, tt := range []struct {
		name       string
		tier, lang arg
		err        bool
		note       bool // the unknown-tier note
	}{
		{"unknown language", str("pro"), str("fr"), true, false},
		{"language in another case", str("pro"), str("zh-cn"), true, false},
		{"a language that is not a string", str("pro"), arg{s: "7", given: true}, true, false},
		{"a number for the tier", arg{s: "42", given: true}, str("en"), false, true},
		{"null for the tier", arg{s: "null", given: true}, str("zh-CN"), false, true},
		{"an unknown tier", str("gold"), str("en"), false, true},
		{"no tier and no language", arg{}, arg{}, false, false},
		{"an empty tier", str(""), str("en"), false, false},
	} {
		for name, answer := range map[string]string{"validate": validateJSON(example, tt.tier, tt.lang), "fix": applyFixesJSON(example, tt.tier, tt.lang)} {
			var res struct {
				Error    string
				Text     *string
				Findings []struct{ Code, Message string }
			}
			if err := json.Unmarshal([]byte(answer), &res); err != nil {
				t.Fatal(err)
			}
			if tt.err != (res.Error != "") || tt.err && (!strings.Contains(res.Error, "en or zh-CN") || !strings.Contains(res.Error, "语言只能是")) {
				t.Errorf("%s, %s: %.200s; want an error %v in both languages", tt.name, name, answer, tt.err)
			}
			if name == "validate" && !tt.err {
				noted := false
				for _, f := range res.Findings {
					noted = noted || f.Code == "unknown-tier"
				}
				if noted != tt.note {
					t.Errorf("%s: unknown-tier note %v; want %v", tt.name, noted, tt.note)
				}
			}
		}
	}
}

// applyUTF16 applies edits counted in UTF-16 code units to s, as a
// JavaScript caller does with slice.
func applyUTF16(s string, edits []protocol.Fix) string {
	u := utf16.Encode([]rune(s))
	var out []uint16
	pos := 0
	for _, e := range edits {
		out = append(append(out, u[pos:e.Start]...), utf16.Encode([]rune(e.Replacement))...)
		pos = e.End
	}
	return string(utf16.Decode(append(out, u[pos:]...)))
}

// TestAdapterOffsetsUTF16: a fix or a suggestion applied to the JavaScript
// string with its offsets must give what the engine's own edit gives. The
// offsets were UTF-8 bytes, 2 characters off on the reference example (its
// detail holds a →).
func TestAdapterOffsetsUTF16(t *testing.T) {
	reference := string(readFile(t, "../../protocol/testdata/payloads/reference-example.json"))
	cases := map[string]string{
		"reference example":        reference,
		"reference example, prose": "以下是载荷 😀:\n" + reference + "\n完成。",
		"two fenced payloads":      "```json\n" + reference + "\n```\n→\n```json\n" + reference + "\n```\n",
	}
	for name, text := range cases {
		res := protocol.Validate([]byte(text), protocol.Options{Tier: "free"})
		var web webResult
		if err := json.Unmarshal([]byte(validateJSON(text, str("free"), str("en"))), &web); err != nil {
			t.Fatal(err)
		}
		seen := 0
		for i, f := range res.Findings {
			w := web.Findings[i]
			if f.Fix != nil {
				seen++
				want := applyBytes(text, []protocol.Fix{*f.Fix})
				if got := applyUTF16(text, []protocol.Fix{*w.Fix}); got != want {
					t.Errorf("%s: %s fix applied to the JS string differs from the engine's at %d:%d", name, f.Code, f.Line, f.Column)
				}
			}
			for j, s := range f.Suggestions {
				seen++
				want := applyBytes(text, s.Edits)
				if got := applyUTF16(text, w.Suggestions[j].Edits); got != want {
					t.Errorf("%s: %s suggestion %d applied to the JS string differs from the engine's", name, f.Code, j)
				}
			}
		}
		if seen == 0 {
			t.Errorf("%s: no fix or suggestion to check", name)
		}
	}
}

// validateJSON is validateBytes on a string, as the tests call it.
func validateJSON(text string, tier, lang arg) string {
	return validateBytes([]byte(text), tier, lang)
}

// applyFixesJSON is applyFixesBytes on a string, as the tests call it.
func applyFixesJSON(text string, tier, lang arg) string {
	return applyFixesBytes([]byte(text), tier, lang)
}
