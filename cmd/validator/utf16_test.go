package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode/utf16"

	"pairag.com/portal/protocol"
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

// applyBytes applies edits counted in bytes to s.
func applyBytes(s string, edits []protocol.Fix) string {
	var b strings.Builder
	pos := 0
	for _, e := range edits {
		b.WriteString(s[pos:e.Start])
		b.WriteString(e.Replacement)
		pos = e.End
	}
	b.WriteString(s[pos:])
	return b.String()
}

// byteOffsets maps every UTF-16 offset of s (0 to its length in code
// units) to its byte offset.
func byteOffsets(s string) []int {
	out := make([]int, 0, len(s)+1)
	for i, r := range s {
		out = append(out, i)
		if r >= 0x10000 {
			out = append(out, i) // the second unit of a surrogate pair
		}
	}
	return append(out, len(s))
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
