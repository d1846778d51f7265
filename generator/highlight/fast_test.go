package highlight

import (
	"encoding/json"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"

	"pairag.com/portal/generator/synth"
)

// fastCases are code the fast lexers must read as chroma does, or decline.
var fastCases = map[string][]string{
	"json": {
		`{}`, `[]`, `{"a": 1, "b": [true, false, null], "c": {"d": -0.5e+10}}`,
		"{\n  \"k\": \"v\\\"q\\\\\",\n  \"n\": -12.5E3, \"m\": 0123, \"x\": 1e5, \"y\": 2.5\n}\n",
		`{"a" 1}`, `{"a": 1]`, `[1, 2,]`, `{"a": truex}`, `"open`, `{"a": "x\"}`, `-`, `- 1`, `01.5`, `1.`, `1.e5`,
		"// c\n{\"a\": 1 // d\n}", "{\"a\": 1} // no newline", `{"中文": "值"}`, "{\"a\":\u00a01}", `{"a": 1}{"b": 2}`,
		"\t\v\f{}\n", `{"a": {"b": {"c": []}}, "d": [[], [{}]]}`, `[1 2 "x" true]`, `{"a": "tab	in"}`, `{"bad": "\xff"}`,
		"{\r\n}", `truefalse`, `true_`, `null]`, `[-0, -01, 0.0e0, 1E-2]`, `{"a":1,"b":2,}`, `}`, `]`, `/`, `/ /x`,
	},
	"go": {
		"package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n",
		"x := []int{1, 2, 3}\nfor _, v := range x { y += v * 2 }\n",
		"var a = 1.5e+3i + .5 + 0x1F + 0b101 + 0777 + 0778 + 09 + 1_000 + 3.14 + 1e9 + 2E-3i + 1.i + .5e+2i + 7i + 1.e5 + 08.5",
		"// comment\n//\n// \n//x\n/* multi\nline */ /* *\\\n/ */ /*/ x */ /* open",
		"a <<= b >>= c << d >> e <= f >= g &^= h &^ i += j -= k *= l /= m %= n &= o |= p && q || r <- s ++ t -- u == v != w := x ... y + - * / % & | ^ < > = ! ( ) [ ] { } . , ; : ~",
		"c := 'a' + '\\n' + '\\x41' + '\\101' + '\\u00e9' + '\\U0001F600' + '\\'' + '''' + '中' + 'ab'",
		"s := \"a\\\"b\\\\\" + \"multi\nline\" + \"open",
		"r := `raw`", "x := y ? z : w", "@", "#", "$", "\\",
		"func (r *T) M(ctx context.Context) (int, error) { return len(r.x), nil }",
		"print (x); println(y); len (z); uint(3); uint (3); any(x); iota; true; nil; go f(); goto L; chan<- int",
		"import (\n\t\"a\"\n)\npackage p\nimports packages\n", "变量 := 1", "x := 1 // 注释\n", "s := \"中文\"\n", "x\u00a0:= 1",
		"type T struct{ A int `json:\"a\"` }", "f(\n)", "f  \t(x)", "_x(1); _ = 2", "a.b.c(d)", "1..2", "x.5", "0x", "0b", "0X_", "0b2",
		"interface{}; map[string]any{}; struct{}{}; const c = 1; var v int",
		"x := 1\r\ny := 2", "x := \"\xff\"", "/\\\n* c */",
	},
}

// codeBlocks returns the json and go fenced blocks of the repository's
// Markdown and the protocol documents.
func codeBlocks(t *testing.T) map[string][]string {
	out := map[string][]string{}
	fence := regexp.MustCompile("(?ms)^```(json|go)\n(.*?)^```")
	for _, root := range []string{"../../content", "../../protocol"} {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			switch filepath.Ext(path) {
			case ".md":
				for _, m := range fence.FindAllStringSubmatch(string(data), -1) {
					out[m[1]] = append(out[m[1]], m[2])
				}
			case ".json":
				out["json"] = append(out["json"], string(data))
				var doc any
				if json.Unmarshal(data, &doc) == nil { // every value of the document, as the reference shows its examples
					walkJSON(doc, func(v any) {
						if b, err := json.MarshalIndent(v, "", "  "); err == nil {
							out["json"] = append(out["json"], string(b))
						}
					})
				}
			}
			return nil
		})
	}
	return out
}

func walkJSON(v any, f func(any)) {
	f(v)
	switch v := v.(type) {
	case map[string]any:
		for _, x := range v {
			walkJSON(x, f)
		}
	case []any:
		for _, x := range v {
			walkJSON(x, f)
		}
	}
}

// TestFastTokens holds the fast lexers to chroma's tokens on the cases
// above, the repository's code blocks and the synthetic sites' blocks, and
// checks they handle the blocks a site is made of.
func TestFastTokens(t *testing.T) {
	handled := map[string]int{}
	check := func(lang, code string, mustHandle bool) {
		t.Helper()
		got, ok := fastTokens(lang, code)
		if !ok {
			if mustHandle {
				t.Errorf("%s: fast lexer declined %q", lang, code)
			}
			return
		}
		handled[lang]++
		want, _ := chromaTokens(lang, code)
		if !sameTokens(got, want) {
			t.Errorf("%s %q:\n got %v\nwant %v", lang, code, got, want)
		}
	}
	for lang, codes := range fastCases {
		for _, c := range codes {
			check(lang, c, false)
		}
	}
	for lang, codes := range codeBlocks(t) {
		for _, c := range codes {
			check(lang, c, false)
		}
	}
	fence := regexp.MustCompile("(?ms)^```(json|go)\n(.*?)^```")
	for _, pages := range []map[string]string{synth.Pages(40), synth.LongPages(40)} {
		for _, text := range pages {
			for _, m := range fence.FindAllStringSubmatch(text, -1) {
				check(m[1], m[2], true)
			}
		}
	}
	t.Logf("handled: %v", handled)
	if handled["json"] < 20 || handled["go"] < 20 {
		t.Errorf("fast lexers handled %v blocks; want most", handled)
	}
	// long code of short tokens is read here, as chroma reads it; a token
	// of 8 KiB is not (Coalesce splits such a run where its lexer's own
	// tokens end)
	for lang, code := range map[string]string{
		"go":   strings.Repeat("x := y + 1 // note\n", fastLimit/2),
		"json": "[" + strings.Repeat(`{"a": "b", "n": -1.5e3}, `, fastLimit/4) + "null]\n",
	} {
		check(lang, code, true)
	}
	for lang, code := range map[string]string{
		"go":   "x" + strings.Repeat(" ", fastLimit) + "y\n",
		"json": "[1," + strings.Repeat(" ", fastLimit) + "2]",
	} {
		if _, ok := fastTokens(lang, code); ok {
			t.Errorf("%s: a token of %d bytes handled; Coalesce splits tokens from 8 KiB", lang, fastLimit)
		}
	}
}

func FuzzFastTokens(f *testing.F) {
	for lang, codes := range fastCases {
		for _, c := range codes {
			f.Add(lang == "go", c)
		}
	}
	f.Fuzz(func(t *testing.T, golang bool, code string) {
		lang := "json"
		if golang {
			lang = "go"
		}
		got, ok := fastTokens(lang, code)
		if !ok {
			return
		}
		want, _ := chromaTokens(lang, code)
		if !sameTokens(got, want) {
			t.Fatalf("%s %q:\n got %v\nwant %v", lang, code, got, want)
		}
	})
}

func sameTokens(a, b []chroma.Token) bool {
	return len(a) == 0 && len(b) == 0 || reflect.DeepEqual(a, b)
}

// fragments are pieces TestFastTokensRandom joins into code: tokens, their
// near misses and separators of both languages.
var fragments = map[string][]string{
	"json": {"{", "}", "[", "]", ":", ",", " ", "\n", "\t", `"k"`, `"a\"b"`, `"\\"`, `"中"`, "true", "false", "null", "nul", "truex",
		"0", "-", "1", "23", ".", "5", "e", "E", "+", "-1.5e-3", "0.0", "//x\n", "/", "x", "_", "\v"},
	"go": {"package", "import", "func", "var", "type", "struct", "interface", "map", "chan", "const", "if", "else", "for", "range",
		"return", "go", "goto", "true", "nil", "iota", "int", "uint8", "string", "any", "len", "print", "make", "error", "foo", "_x", "X1",
		"(", ")", "{", "}", "[", "]", ".", ",", ";", ":", "=", ":=", "<", "<-", "&", "^", "|", "!", "~", "+", "-", "*", "/", "%",
		" ", "\n", "\t", "0", "1", "7", "8", "9", "_", "x", "b", "e", "E", "i", "'", `'a'`, `'\n'`, `'\x4`, "1", "\"s\"", `"\"`, `\`,
		"//", "// c", "/*", "*/", "中", "\"中\"", "'中'", "0x", "0b", "F", "..."},
}

// TestFastTokensRandom compares the fast lexers with chroma on code made
// of random fragments (fixed seed).
func TestFastTokensRandom(t *testing.T) {
	seed := uint64(1) // FAST_SEED=n tries other inputs
	if n, err := strconv.ParseUint(os.Getenv("FAST_SEED"), 10, 64); err == nil {
		seed = n
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	handled := map[string]int{}
	for _, lang := range slices.Sorted(maps.Keys(fragments)) { // in one order: the seed fixes the inputs
		frags := fragments[lang]
		for range 20000 {
			var b strings.Builder
			for range 1 + rng.IntN(12) {
				b.WriteString(frags[rng.IntN(len(frags))])
			}
			code := b.String()
			got, ok := fastTokens(lang, code)
			if !ok {
				continue
			}
			handled[lang]++
			if want, _ := chromaTokens(lang, code); !sameTokens(got, want) {
				t.Fatalf("%s %q:\n got %v\nwant %v", lang, code, got, want)
			}
		}
	}
	t.Logf("handled: %v of 20000 each", handled)
}
