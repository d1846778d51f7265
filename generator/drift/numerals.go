package drift

import (
	"bytes"
	"strconv"
	"unicode/utf8"
)

// appendChineseNumbers appends to out the numbers a Chinese text s writes
// in Chinese numerals: 五 (5), 十二 (12), 两 (2), 三千 (3000), 百分之五十 (50,
// as in 50%), 前五次 (5). They may stand for a number of the original; they
// are never reported on their own, since 一 and 两 are also plain words. It
// reads s in place: the drift check calls it on every text of a page.
func appendChineseNumbers(out []number, s []byte) []number {
	for i := 0; ; {
		j := indexNumeral(s[i:])
		if j < 0 {
			return out // most text, and all English text, at once
		}
		i += j
		if bytes.HasPrefix(s[i:], percentOf) {
			i += len(percentOf)
			if _, ok := numeralAt(s, i); !ok {
				continue // 百分之 before something else: not a number
			}
		}
		j = i
		for {
			size, ok := numeralAt(s, j)
			if !ok {
				break
			}
			j += size
		}
		if v, ok := numeralValue(s[i:j]); ok {
			out = append(out, number{strconv.FormatInt(v, 10), i})
		}
		i = j
	}
}

// percentOf is 百分之, "percent of": its 百 is not a hundred.
var percentOf = []byte("百分之")

// indexNumeral returns the offset of the first Chinese numeral of s, or -1.
// Every numeral is three bytes long and starts with a byte from 0xE3 to
// 0xE9, which is never inside another character: other bytes are passed
// over one at a time, without decoding.
func indexNumeral(s []byte) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0xE3 && c <= 0xE9 {
			if _, ok := numeralAt(s, i); ok {
				return i
			}
		}
	}
	return -1
}

// numeralAt reports whether a Chinese numeral starts at s[i], and its length.
func numeralAt(s []byte, i int) (int, bool) {
	if i+2 >= len(s) || s[i] < 0xE3 || s[i] > 0xE9 || s[i+1]&0xC0 != 0x80 || s[i+2]&0xC0 != 0x80 {
		return 0, false
	}
	return 3, numeralBits[s[i]-0xE3][s[i+1]&0x3F]>>(s[i+2]&0x3F)&1 != 0
}

// numeralBits marks the Chinese numerals (isNumeral) by their UTF-8 bytes:
// lead byte, then the low six bits of the second byte, then a bit per
// low six bits of the third. Every numeral is U+3000 to U+9FFF: three
// bytes led by 0xE3 to 0xE9.
var numeralBits = func() (t [7][64]uint64) {
	for r := rune(0x3000); r <= 0x9FFF; r++ {
		if isNumeral(r) {
			b := utf8.AppendRune(nil, r)
			t[b[0]-0xE3][b[1]&0x3F] |= 1 << (b[2] & 0x3F)
		}
	}
	return t
}()

// isNumeral reports whether r is a Chinese numeral character.
func isNumeral(r rune) bool {
	switch r {
	case '零', '〇', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '百', '千', '万', '亿', '两':
		return true
	}
	return false
}

var digitValue = map[rune]int64{'零': 0, '〇': 0, '一': 1, '二': 2, '两': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}

// numeralValue reads a run of Chinese numerals: 十二 is 12, 两千零五 is
// 2005, 三万五千 is 35000; a run of digits only (二〇二六) reads digit by digit.
func numeralValue(run []byte) (int64, bool) {
	rs := []rune(string(run)) // a short run of numerals
	positional := true
	for _, r := range rs {
		if _, ok := digitValue[r]; !ok {
			positional = false
		}
	}
	if positional && len(rs) > 1 {
		var v int64
		for _, r := range rs {
			v = v*10 + digitValue[r]
		}
		return v, true
	}
	var total, part, num int64
	for _, r := range rs {
		if d, ok := digitValue[r]; ok {
			num = d
			continue
		}
		unit := map[rune]int64{'十': 10, '百': 100, '千': 1000, '万': 10000, '亿': 100000000}[r]
		if num == 0 && unit < 10000 {
			num = 1 // 十二: one ten
		}
		if unit >= 10000 {
			total = (total + part + num) * unit
			part = 0
		} else {
			part += num * unit
		}
		num = 0
	}
	return total + part + num, true
}
