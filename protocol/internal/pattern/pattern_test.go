package pattern

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// patternCases are the document's patterns, the package's own, and others
// of the supported subset, with the classes where ECMA-262 and RE2 differ.
var patternCases = []string{
	`^[A-U]([0-9]{2,4})?$`,
	`^[A-Z][A-Za-z]*(-[A-Z][A-Za-z]*){2,}$`,
	`^(a|b)$`, `a|b`, `ab*c`, `^(ab|cd)+$`, `[^0-9]`, `^\d{3}-\d{4}$`, `x?y{0,2}z`, `^[a\-z]$`, `(?:a|)b`, `^.$`, `\w+\s\W`, `^$`, `a{2}`, `^(a?){3}$`,
	`^\s*$`, `^\S+$`, `^[\s\d]+$`, `^[^\s]+$`, `a.b`, `^[.]$`, `\.\$\/`,
}

// patternInputs are the inputs every case is tried on: the cases' own
// examples, and every character where ECMA-262's \s or . differs from RE2's.
var patternInputs = []string{"", "A", "J62", "J6201", "J62011", "j62", "62", "A-B", "Asia-East-HongKong", "Asia-east-HongKong", "ab", "abbbc", "abcd", "cdab", "123-4567", "x", "yyz", "a", "-", "z", "b", "aab", "é", "\n", "w x!", "aa", "aaa",
	" ", "\t", "\v", "\f", "\r", "\u0085", "\u00a0", "\u1680", "\u2000", "\u200a", "\u200b", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff",
	"a\rb", "a\u2028b", "a\u00a0b", "a\vb", "1 2\u3000", ".", "x.$/"}

// ecmaSpace is ECMA-262's \s as the body of an RE2 class: WhiteSpace
// (with the Unicode space separators, category Zs) and LineTerminator.
const ecmaSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

var ecmaSpaceRE = regexp.MustCompile("[" + ecmaSpace + "]")

// ecmaClasses rewrites an ECMA-262 pattern of the subset into RE2 syntax
// with ECMA-262's meaning: \s, \S and . become the classes ECMA-262
// defines. regexp on the result is then an ECMA-262 judge. ok is false for
// what RE2 cannot say this way (\S inside a class).
func ecmaClasses(src string) (string, bool) {
	const space = ecmaSpace
	var b strings.Builder
	inClass := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			i++
			switch e := src[i]; {
			case e == 's' && inClass:
				b.WriteString(space)
			case e == 's':
				b.WriteString("[" + space + "]")
			case e == 'S' && inClass:
				return "", false
			case e == 'S':
				b.WriteString("[^" + space + "]")
			default:
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		case c == '[' && !inClass:
			inClass = true
			b.WriteByte(c)
		case c == ']' && inClass:
			inClass = false
			b.WriteByte(c)
		case c == '.' && !inClass:
			b.WriteString(`[^\n\r\x{2028}\x{2029}]`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// re2Agrees reports whether RE2 reads in as ECMA-262 does under any
// pattern of the subset: in holds none of the characters where their \s
// or . differ.
func re2Agrees(in string) bool {
	return !strings.ContainsFunc(in, func(r rune) bool {
		re2Space := r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
		lineTerminator := r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029
		return ecmaSpaceRE.MatchString(string(r)) != re2Space || lineTerminator != (r == '\n')
	})
}

// patternJudges compiles every case three ways: the engine, regexp on
// the case (RE2), and regexp on its ECMA-262 rewriting (nil when none).
func patternJudges(t testing.TB) (engine []*Pattern, re2, ecma []*regexp.Regexp) {
	for _, src := range patternCases {
		p, err := Compile(src)
		if err != nil {
			t.Fatalf("Compile(%q): %v", src, err)
		}
		engine = append(engine, p)
		re2 = append(re2, regexp.MustCompile(src))
		var e *regexp.Regexp
		if rw, ok := ecmaClasses(src); ok {
			e = regexp.MustCompile(rw)
		}
		ecma = append(ecma, e)
	}
	return engine, re2, ecma
}

// checkPattern compares the engine with the judges on one input.
func checkPattern(t testing.TB, i int, in string, engine []*Pattern, re2, ecma []*regexp.Regexp) {
	t.Helper()
	in = string([]rune(in)) // invalid bytes become U+FFFD, as every engine reads them
	got := engine[i].MatchString(in)
	if ecma[i] != nil {
		if want := ecma[i].MatchString(in); got != want {
			t.Errorf("pattern %q on %q = %v; ECMA-262 (regexp on %q) says %v", patternCases[i], in, got, ecma[i], want)
		}
	}
	if re2Agrees(in) {
		if want := re2[i].MatchString(in); got != want {
			t.Errorf("pattern %q on %q = %v; regexp (RE2) says %v", patternCases[i], in, got, want)
		}
	}
}

// TestPatternMatchesRegexp compares the matcher with regexp (RE2, where
// it agrees with ECMA-262 by definition) and with regexp on the ECMA-262
// rewriting of each case, on every case's inputs.
func TestPatternMatchesRegexp(t *testing.T) {
	engine, re2, ecma := patternJudges(t)
	for i := range patternCases {
		for _, in := range patternInputs {
			checkPattern(t, i, in, engine, re2, ecma)
		}
	}
}

// TestPatternMatchesJavaScript sends every case and input, and the fuzz
// corpus, to node in one batch (new RegExp(pattern, "u").test, as Ajv
// matches "pattern") and compares its answers with the matcher's.
func TestPatternMatchesJavaScript(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("node is required to judge the pattern matcher")
		}
		t.Skip("node not installed")
	}
	type pair struct {
		Pattern string `json:"p"`
		Input   string `json:"s"`
	}
	var pairs []pair
	for _, src := range patternCases {
		for _, in := range patternInputs {
			pairs = append(pairs, pair{src, in})
		}
	}
	for _, c := range fuzzCorpus(t, "FuzzPattern") {
		pairs = append(pairs, pair{patternCases[int(c.which)%len(patternCases)], string([]rune(c.in))})
	}
	in, _ := json.Marshal(pairs)
	cmd := exec.Command(node, "-e", `
const pairs = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(pairs.map(({p, s}) => new RegExp(p, "u").test(s))));`)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want []bool
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(pairs) {
		t.Fatalf("node answered %d of %d (%v): %.200s", len(want), len(pairs), err, out)
	}
	for i, pr := range pairs {
		if got := Must(pr.Pattern).MatchString(pr.Input); got != want[i] {
			t.Errorf("pattern %q on %q = %v; JavaScript says %v", pr.Pattern, pr.Input, got, want[i])
		}
	}
	t.Logf("%d pattern and input pairs judged by %s", len(pairs), node)
}

// fuzzCase is one FuzzPattern seed of testdata/fuzz.
type fuzzCase struct {
	which uint8
	in    string
}

// fuzzCorpus reads the seeds of a (byte, string) fuzz target.
func fuzzCorpus(t *testing.T, target string) []fuzzCase {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", target, "*"))
	var cases []fuzzCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c fuzzCase
		for line := range strings.Lines(string(data)) {
			line = strings.TrimSpace(line)
			if v, ok := strings.CutPrefix(line, "byte("); ok {
				r, _, _, err := strconv.UnquoteChar(strings.TrimSuffix(strings.TrimPrefix(v, "'"), "')"), '\'')
				if err != nil {
					t.Fatalf("%s: %s: %v", f, line, err)
				}
				c.which = uint8(r)
			}
			if v, ok := strings.CutPrefix(line, "string("); ok {
				if c.in, err = strconv.Unquote(strings.TrimSuffix(v, ")")); err != nil {
					t.Fatalf("%s: %s: %v", f, line, err)
				}
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// TestPatternRefusesWhatItCannotMatch: a document pattern outside the
// subset fails the document's parsing instead of matching wrongly; so
// does one ECMA-262 (u flag) itself refuses, or reads unlike RE2.
func TestPatternRefusesWhatItCannotMatch(t *testing.T) {
	for _, src := range []string{`^a|b$`, `a(?=b)`, `\bword`, `(a`, `[a`, `a{2,1}`, `a{200}`, `*a`, `\p{Han}`,
		`\!`, `\-`, `[\!]`, `\é`, `[\d-x]`, `[]`, `[^]`, `[]a]`, `a{,2}`, `{`, `}`, `]`} {
		if _, err := Compile(src); err == nil {
			t.Errorf("Compile(%q) = nil error; want a refusal", src)
		}
	}
}

// FuzzPattern holds the matcher to ECMA-262 (regexp on each case's
// ECMA-262 rewriting, which TestPatternMatchesJavaScript holds to node)
// and to RE2 wherever the two dialects agree by definition.
func FuzzPattern(f *testing.F) {
	for i, src := range patternCases {
		f.Add(uint8(i), "J62")
		f.Add(uint8(i), src)
	}
	engine, re2, ecma := patternJudges(f)
	f.Fuzz(func(t *testing.T, which uint8, in string) {
		checkPattern(t, int(which)%len(patternCases), in, engine, re2, ecma)
	})
}
