package search

import (
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// oldEachHan is the tokenizer as it was before Each read bytes: the
// text normalized into runes, cut into runs, the runs' tokens. It is the
// judge of FuzzEachHan.
func oldEachHan(text string, word func([]byte), han func(a, b rune)) {
	var rs []rune
	for _, r := range text {
		if r < 0x80 {
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
		} else if r = unicode.ToLower(r); r >= 0xFF01 && r <= 0xFF5E {
			r = unicode.ToLower(r - 0xFEE0)
		}
		rs = append(rs, r)
	}
	isHan := func(r rune) bool { return r >= firstHan && unicode.Is(unicode.Han, r) }
	isWord := func(r rune) bool {
		return r < 0x80 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') ||
			r >= 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) && !isHan(r)
	}
	var z Tokenizer
	for i := 0; i < len(rs); {
		switch {
		case isHan(rs[i]):
			j := i
			for j < len(rs) && isHan(rs[j]) {
				j++
			}
			run := rs[i:j]
			for k := range run {
				han(run[k], 0)
				if k+1 < len(run) {
					han(run[k], run[k+1])
				}
			}
			i = j
		case isWord(rs[i]):
			j := i
			for j < len(rs) && (isWord(rs[j]) || isJoiner(rs[j]) && j+1 < len(rs) && isWord(rs[j+1])) {
				j++
			}
			words(&z, rs[i:j], word)
			i = j
		default:
			i++
		}
	}
}

// words calls f for the tokens of one run of word characters and
// joiners, as the rune path cut them: the run as UTF-8, then wordBytes.
func words(z *Tokenizer, run []rune, f func([]byte)) {
	z.buf = z.buf[:0]
	for _, r := range run {
		z.buf = utf8.AppendRune(z.buf, r)
	}
	z.wordBytes(f)
}

// tokens returns the index tokens of text, in order, with repetitions:
// Each's, the Han ones as strings.
func tokens(text string) []string {
	var out []string
	var z Tokenizer
	z.Each(text, func(t []byte) { out = append(out, string(t)) }, func(a, b rune) {
		t := string(a)
		if b != 0 {
			t += string(b)
		}
		out = append(out, t)
	})
	return out
}

// TestTokens runs the cases of testdata/tokens.txt: the tokens of a text,
// each once, in the order of first appearance.
func TestTokens(t *testing.T) {
	data, err := os.ReadFile("testdata/tokens.txt")
	if err != nil {
		t.Fatal(err)
	}
	for n, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		in, want, ok := strings.Cut(line, " | ")
		if !ok {
			t.Fatalf("testdata/tokens.txt:%d: want \"text | tokens\", got %q", n+1, line)
		}
		var got []string
		for _, tok := range tokens(in) {
			if !slices.Contains(got, tok) {
				got = append(got, tok)
			}
		}
		if strings.Join(got, " ") != strings.Join(strings.Fields(want), " ") {
			t.Errorf("testdata/tokens.txt:%d: tokens(%q) = %q; want %q", n+1, in, got, strings.Fields(want))
		}
	}
}

// FuzzWordRuns holds what package rank relies on to tokenise a query's
// words: Each of the text of a word run [Scan] gives yields that run's
// tokens (the rune path's), and no Han token.
func FuzzWordRuns(f *testing.F) {
	for _, s := range tokenCases {
		f.Add(s)
	}
	var z, old Tokenizer
	f.Fuzz(func(t *testing.T, s string) {
		Scan(s, func(kind RunKind, run []rune) {
			if kind != WordRun {
				return
			}
			var got, want []string
			z.Each(string(run), func(t []byte) { got = append(got, string(t)) }, func(a, b rune) { got = append(got, "han:"+string(a)+string(b)) })
			words(&old, run, func(t []byte) { want = append(want, string(t)) })
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("Each(%q) (a word run of %q) = %q; the run's tokens are %q", string(run), s, got, want)
			}
		})
	})
}

// trace lists the callbacks of an Each-like tokenizer, in order.
func trace(each func(string, func([]byte), func(a, b rune)), text string) []string {
	var out []string
	each(text, func(t []byte) { out = append(out, "w:"+string(t)) }, func(a, b rune) { out = append(out, "h:"+string(a)+"|"+string(b)) })
	return out
}

var tokenCases = []string{
	"", "a", "A", "Hello, World", "user_id", "task.publish.v2", "a..b", "a.-b", "a-", "-a", "a.", ".a.",
	"skill-files.max_bytes", "Statuses classes buses aliases", "libraries", "x.y_z.w-q", "中文", "中", "中文分词a中",
	"a.中", "中.a", "任务发布协议（Pairag）的字段", "ＡＢＣ＿ｄ．Ｅ", "Ｆｕｌｌ-width", "Ǆemo ǅ ǆ", "ÀÉÎ straße",
	"bad \xff utf-8 \xc3", "\xe4\xb8", "emoji 🙂 x", "𠀀𠀁 ext-B", "ⅰⅱ Ⅻ", "٣٤ ١٢", "Ωmega σς", "İstanbul",
	"ﾊﾝｶｸ カタカナ ひらがな", "一\u3000二", "a\u00a0b", "4e00 \u4e00\u9fff\u9fa5\ua000", "〇々〻", "⺀⻳ 㐀 豈",
	"\x00\x7f\u0080", "AB_CD-EF.GH", "1.2.3", "v1.2-rc", "__init__", "a_.b",
}

// TestEachHanCases holds Each to the rune path (oldEachHan) on cases
// of every class: joiners, full-width, case, invalid UTF-8, Han blocks.
func TestEachHanCases(t *testing.T) {
	var z Tokenizer
	for _, s := range tokenCases {
		checkEachHan(t, &z, s)
	}
}

func checkEachHan(t *testing.T, z *Tokenizer, s string) {
	t.Helper()
	got, want := trace(z.Each, s), trace(oldEachHan, s)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("Each(%q) =\n%q\nthe rune path gives\n%q", s, got, want)
	}
}

// FuzzEachHan holds the byte path of Each to the rune path it
// replaced, token for token, on one tokenizer reused across texts.
func FuzzEachHan(f *testing.F) {
	for _, s := range tokenCases {
		f.Add(s)
	}
	for _, s := range encodeCases {
		f.Add(s)
	}
	var z Tokenizer
	f.Fuzz(func(t *testing.T, s string) { checkEachHan(t, &z, s) })
}

// TestCommonHan holds isCommonHan's shortcut: every character of the
// block is Han and its own lower case.
func TestCommonHan(t *testing.T) {
	for r := rune(0x4E00); r <= 0x9FFF; r++ {
		if !isCommonHan(r) || !unicode.Is(unicode.Han, r) || unicode.ToLower(r) != r {
			t.Fatalf("%U: isCommonHan %v, Han %v, lower %U", r, isCommonHan(r), unicode.Is(unicode.Han, r), unicode.ToLower(r))
		}
	}
}

// TestEachHanAllRunes holds Each to the rune path for every rune
// between two word characters and after a Han one, a few thousand runes
// a text.
func TestEachHanAllRunes(t *testing.T) {
	var z Tokenizer
	var b strings.Builder
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if utf8.ValidRune(r) {
			b.WriteString("a" + string(r) + "b中" + string(r) + "x ")
		}
		if r%4096 == 4095 || r == unicode.MaxRune {
			checkEachHan(t, &z, b.String())
			b.Reset()
		}
	}
}

// BenchmarkEachHan compares the byte path with the rune path it replaced
// (oldEachHan) on English and Chinese prose with identifiers.
func BenchmarkEachHan(b *testing.B) {
	text := strings.Repeat("The task.publish request carries skill_files (at most 64 KiB each); "+
		"ＡＢＣ full-width, Ünïcode letters and 3.14 numbers. 任务发布协议的字段说明：每个技能文件不超过上限，校验器会报告错误代码。", 40)
	var n int
	word := func([]byte) { n++ }
	han := func(a, b rune) { n++ }
	b.Run("bytes", func(b *testing.B) {
		var z Tokenizer
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			z.Each(text, word, han)
		}
	})
	b.Run("runes", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			oldEachHan(text, word, han)
		}
	})
}
