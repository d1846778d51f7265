package protocol

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzValidate feeds arbitrary text to Validate. It must never panic, every
// finding must be well formed, and applying fixes must stay in bounds.
// Seeds: the golden payloads and testdata/fuzz/FuzzValidate.
func FuzzValidate(f *testing.F) {
	files, _ := filepath.Glob("testdata/payloads/*.json")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "free")
	}
	for _, s := range []string{"", "{", "[]", `{"manifest":{},"stages":[{}]}`, "\xEF\xBB\xBF{}", "```\n{}\n```", `{"a":1,"a":2}`, "{//\n}", `{"stages":[1,],}`} {
		f.Add([]byte(s), "pro")
	}
	f.Fuzz(func(t *testing.T, text []byte, tier string) {
		res := Validate(text, Options{Tier: tier, Lang: "zh-CN"})
		errors := 0
		for _, fd := range res.Findings {
			if _, ok := catalog[fd.Code]; !ok {
				t.Fatalf("unknown code %q", fd.Code)
			}
			if fd.Line < 1 || fd.Column < 1 || fd.MessageEN == "" || fd.MessageZH == "" {
				t.Fatalf("malformed finding %+v", fd)
			}
			if s, e := fd.Span(); s < 0 || e < s || e > len(text) {
				t.Fatalf("span [%d,%d) outside text of %d bytes", s, e, len(text))
			}
			if fd.Severity == SeverityError {
				errors++
			}
		}
		if res.Valid != (errors == 0) {
			t.Fatalf("Valid = %v with %d errors", res.Valid, errors)
		}
		fixed, _, _ := ApplyFixes(text, res.Findings)
		if utf8.Valid(text) && !utf8.Valid(fixed) {
			t.Fatalf("ApplyFixes broke UTF-8")
		}
	})
}
