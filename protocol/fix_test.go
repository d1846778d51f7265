package protocol

import (
	"strings"
	"testing"
)

// TestFixAll covers the fix loop every caller shares: nothing to fix,
// fixes in one round, a fix that hides another until the next round, and
// a syntax error no fix repairs.
func TestFixAll(t *testing.T) {
	example := string(Default().Example.Payload)
	alias := strings.Replace(example, `"language": "en"`, `"language": "en-US"`, 1)
	tests := []struct {
		name    string
		text    string
		applied int
		want    string // the fixed text
		valid   bool
	}{
		{"nothing to fix", example, 0, example, true},
		{"alias and comment", strings.Replace(alias, `"bounty_energy": 200,`, `"bounty_energy": 200, // points`, 1), 2,
			strings.Replace(example, `"bounty_energy": 200,`, `"bounty_energy": 200, `, 1), true},
		{"a fence hides the alias until the next round", "```json\n" + alias + "\n```\n", 3, example + "\n", true},
		{"no fix for a double comma", strings.Replace(example, `"ownership": 1,`, `"ownership": 1,,`, 1), 0,
			strings.Replace(example, `"ownership": 1,`, `"ownership": 1,,`, 1), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fr, err := FixAll([]byte(tt.text), Options{Tier: "pro"})
			if err != nil {
				t.Fatal(err)
			}
			fixed, applied, res := fr.Text, fr.Applied, fr.Result
			if applied != tt.applied || string(fixed) != tt.want || res.Valid != tt.valid {
				t.Errorf("FixAll = %d fixes, valid %v, text\n%s\nwant %d fixes, valid %v, text\n%s", applied, res.Valid, fixed, tt.applied, tt.valid, tt.want)
			}
			if again := Validate(fixed, Options{Tier: "pro"}); again.Valid != res.Valid || len(again.Findings) != len(res.Findings) {
				t.Errorf("FixAll's result is not that of validating the fixed text: %d findings; want %d", len(res.Findings), len(again.Findings))
			}
		})
	}
}

// ApplyFixes applies the mechanical fixes of the findings to text, as
// FixAll does each round, for the tests that apply the fixes of one
// result; suggestions are never applied.
func ApplyFixes(text []byte, findings []Finding) (fixed []byte, applied int, err error) {
	var fixes []Fix
	for _, f := range findings {
		if f.Fix != nil {
			fixes = append(fixes, *f.Fix)
		}
	}
	return applyFixes(text, fixes)
}
