package main

import (
	"strings"
	"testing"

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
		{"messages use the configured labels", func() string { return validateJSON(fiat, "free", "en") }, []string{"Free plan"}},
		{"in both languages", func() string { return validateJSON(fiat, "free", "zh-CN") }, []string{"免费套餐"}},
		{"fixes come with their count", func() string { return applyFixesJSON(text, "pro", "en") }, []string{`"applied":1`, `\"language\": \"en\",`}},
	}
	for _, tt := range tests {
		got := tt.call()
		for _, want := range tt.want {
			if !strings.Contains(got, want) {
				t.Errorf("%s: answer %.300s lacks %q", tt.name, got, want)
			}
		}
	}
	checkAliasSpan(t, text, []byte(validateJSON(text, "pro", "en")))
}
