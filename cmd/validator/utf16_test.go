package main

import (
	"encoding/json"
	"testing"
	"unicode/utf16"
)

func utf16Units(s string) []uint16 { return utf16.Encode([]rune(s)) }
func runesOf(u []uint16) []rune    { return utf16.Decode(u) }

// checkAliasSpan requires answer, a pairagValidate result, to hold a
// language-alias finding whose UTF-16 span selects "en-GB" in text.
func checkAliasSpan(t *testing.T, text string, answer []byte) {
	t.Helper()
	var res struct {
		Findings []struct {
			Code     string `json:"code"`
			From, To int
		} `json:"findings"`
	}
	if err := json.Unmarshal(answer, &res); err != nil {
		t.Fatal(err)
	}
	units := utf16Units(text)
	for _, f := range res.Findings {
		if f.Code == "language-alias" {
			if got := string(runesOf(units[f.From:f.To])); got != `"en-GB"` {
				t.Errorf("language-alias span selects %q; want \"en-GB\"", got)
			}
			return
		}
	}
	t.Errorf("no language-alias finding in %s", answer)
}
