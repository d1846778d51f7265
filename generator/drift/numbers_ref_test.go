package drift

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// The drift check reads numbers out of every text of a page, so appendNumbers
// and appendChineseNumbers read bytes in place. These are the rune-slice
// versions they replaced, kept as the reference they must agree with.

func refNumbersIn(s string) []string {
	var out []string
	rs := []rune(s)
	digit := func(i int) bool { return i < len(rs) && refASCIIDigit(rs[i]) != 0 }
	for i := 0; i < len(rs); i++ {
		if !digit(i) {
			continue
		}
		var b strings.Builder
		for ; i < len(rs); i++ {
			switch {
			case digit(i):
				b.WriteRune(refASCIIDigit(rs[i]))
				continue
			case rs[i] == ',' && digit(i+1) && digit(i+2) && digit(i+3) && !digit(i+4):
				continue
			case rs[i] == '.' && digit(i+1) && !strings.Contains(b.String(), "."):
				b.WriteByte('.')
				continue
			}
			break
		}
		out = append(out, b.String())
	}
	return out
}

func refASCIIDigit(r rune) rune {
	switch {
	case r >= '0' && r <= '9':
		return r
	case r >= '０' && r <= '９':
		return '0' + r - '０'
	}
	return 0
}

func refChineseNumbersIn(s string) []string {
	var out []string
	rs := []rune(s)
	numeral := func(i int) bool { return i < len(rs) && isNumeral(rs[i]) }
	for i := 0; i < len(rs); i++ {
		if i+3 <= len(rs) && string(rs[i:i+3]) == "百分之" {
			i += 3
		}
		if !numeral(i) {
			continue
		}
		j := i
		for numeral(j) {
			j++
		}
		if v, ok := numeralValue([]byte(string(rs[i:j]))); ok {
			out = append(out, strconv.FormatInt(v, 10))
		}
		i = j - 1
	}
	return out
}

// numberAlphabet is what the random texts are made of: digits of both
// widths, separators, numerals, 百分之, other Chinese and ASCII, and bytes
// that are not UTF-8.
var numberAlphabet = []string{
	"0", "1", "9", "０", "５", "９", ",", ".", " ", "a", "V", "一", "两", "十", "百", "千", "万", "亿", "〇", "零",
	"百分之", "分", "之", "的", "，", "。", "\xef\xbc", "\xe4", "\xff", "\xef\xbc\x9a", "\n",
}

func randomNumberText(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(24) {
		b.WriteString(numberAlphabet[r.IntN(len(numberAlphabet))])
	}
	return b.String()
}

// TestNumbersAgreeWithReference holds the byte readers to the rune-slice
// ones on the examples and 200,000 random texts.
func TestNumbersAgreeWithReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	inputs := []string{"3,600 points, 1.5 days, ５ items, V18, 5, 10 or 20; 1.0.0", "前五次，共十二个", "百分之五十", "百分之", "1,2345", "1,234,567.89.1", "１，２３４"}
	for range 200_000 {
		inputs = append(inputs[:7], randomNumberText(r))
		for _, s := range inputs {
			checkNumbers(t, s)
		}
		if t.Failed() {
			return
		}
	}
}

func FuzzNumbers(f *testing.F) {
	for _, s := range []string{"3,600 points, 1.5 days", "百分之五十的阶段", "两千零五年", "\xef\xbc\x91,\xe4"} {
		f.Add(s)
	}
	f.Fuzz(checkNumbers)
}

func checkNumbers(t *testing.T, s string) {
	b := []byte(s)
	digits, numerals := appendNumbers(nil, b), appendChineseNumbers(nil, b)
	for i, n := range digits {
		if d, _ := digitAt(b, n.at); d == 0 || i > 0 && n.at <= digits[i-1].at {
			t.Errorf("appendNumbers(%q): %q at %d, not at its first digit in order", s, n.text, n.at)
		}
	}
	for i, n := range numerals {
		if _, ok := numeralAt(b, n.at); !ok || i > 0 && n.at <= numerals[i-1].at {
			t.Errorf("appendChineseNumbers(%q): %q at %d, not at its first numeral in order", s, n.text, n.at)
		}
	}
	if !mayHoldNumber([]byte(s)) && (refNumbersIn(s) != nil || refChineseNumbersIn(s) != nil) {
		t.Errorf("mayHoldNumber(%q) is false, but the reference reads numbers in it", s)
	}
	if got, want := texts(appendNumbers(nil, []byte(s))), refNumbersIn(s); !slices.Equal(got, want) {
		t.Errorf("appendNumbers(%q) = %q; the reference reads %q", s, got, want)
	}
	if got, want := texts(appendChineseNumbers(nil, []byte(s))), refChineseNumbersIn(s); !slices.Equal(got, want) {
		t.Errorf("appendChineseNumbers(%q) = %q; the reference reads %q", s, got, want)
	}
}

// TestNumeralAt holds the byte table to isNumeral on every rune.
func TestNumeralAt(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		b := utf8.AppendRune(nil, r)
		for _, s := range [][]byte{b, append(b, 'x')} {
			if _, ok := numeralAt(s, 0); ok != isNumeral(r) {
				t.Errorf("numeralAt(%q) = %v; isNumeral says %v", s, ok, isNumeral(r))
			}
		}
	}
}

// texts lists the numbers' texts.
func texts(nums []number) []string {
	var out []string
	for _, n := range nums {
		out = append(out, n.text)
	}
	return out
}
