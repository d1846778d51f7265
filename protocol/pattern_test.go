package protocol

import (
	"regexp"
	"strings"
	"testing"
)

// patternCases are the document's patterns, the package's own, and others
// of the supported subset.
var patternCases = []string{
	`^[A-U]([0-9]{2,4})?$`,
	`^[A-Z][A-Za-z]*(-[A-Z][A-Za-z]*){2,}$`,
	`^(a|b)$`, `a|b`, `ab*c`, `^(ab|cd)+$`, `[^0-9]`, `^\d{3}-\d{4}$`, `x?y{0,2}z`, `^[a\-z]$`, `(?:a|)b`, `^.$`, `\w+\s\W`, `^$`, `a{2}`, `^(a?){3}$`,
}

// TestPatternMatchesRegexp compares the engine's matcher with regexp (RE2,
// which agrees with ECMA-262 on this subset) on the cases' own examples.
func TestPatternMatchesRegexp(t *testing.T) {
	inputs := []string{"", "A", "J62", "J6201", "J62011", "j62", "62", "A-B", "Asia-East-HongKong", "Asia-east-HongKong", "ab", "abbbc", "abcd", "cdab", "123-4567", "x", "yyz", "a", "-", "z", "b", "aab", "é", "\n", "w x!", "aa", "aaa"}
	for _, src := range patternCases {
		p, err := compilePattern(src)
		if err != nil {
			t.Fatalf("compilePattern(%q): %v", src, err)
		}
		re := regexp.MustCompile(src)
		for _, in := range inputs {
			if got, want := p.MatchString(in), re.MatchString(in); got != want {
				t.Errorf("pattern %q on %q = %v; regexp says %v", src, in, got, want)
			}
		}
	}
}

// TestPatternRefusesWhatItCannotMatch: a document pattern outside the
// subset fails the document's parsing instead of matching wrongly.
func TestPatternRefusesWhatItCannotMatch(t *testing.T) {
	for _, src := range []string{`^a|b$`, `a(?=b)`, `\bword`, `(a`, `[a`, `a{2,1}`, `a{200}`, `*a`, `\p{Han}`} {
		if _, err := compilePattern(src); err == nil {
			t.Errorf("compilePattern(%q) = nil error; want a refusal", src)
		}
	}
}

// FuzzPattern holds the matcher to regexp on arbitrary inputs.
func FuzzPattern(f *testing.F) {
	for i, src := range patternCases {
		f.Add(uint8(i), "J62")
		f.Add(uint8(i), src)
	}
	compiled := make([]*pattern, len(patternCases))
	res := make([]*regexp.Regexp, len(patternCases))
	for i, src := range patternCases {
		compiled[i] = mustPattern(src)
		res[i] = regexp.MustCompile(src)
	}
	f.Fuzz(func(t *testing.T, which uint8, in string) {
		i := int(which) % len(patternCases)
		if got, want := compiled[i].MatchString(in), res[i].MatchString(in); got != want {
			t.Fatalf("pattern %q on %q = %v; regexp says %v", patternCases[i], in, got, want)
		}
	})
}

// TestMentions compares mentions with strings.Contains.
func TestMentions(t *testing.T) {
	for _, c := range [][2]string{{"plan_report then clean", "clean"}, {"abc", "abcd"}, {"aaab", "aab"}, {"x", "x"}, {"", "a"}, {"ba", "a"}, {"ab", "b"}, {"abab", "bab"}} {
		if got, want := mentions(c[0], c[1]), strings.Contains(c[0], c[1]); got != want {
			t.Errorf("mentions(%q, %q) = %v; want %v", c[0], c[1], got, want)
		}
	}
	if letterClasses[0].code != "Latn" {
		t.Errorf("countLetters counts ASCII letters as letterClasses[0], which is %s", letterClasses[0].code)
	}
}
