package drift

import (
	"strconv"
	"strings"
)

// chineseNumbersIn returns the numbers a Chinese text writes in Chinese
// numerals: 五 (5), 十二 (12), 两 (2), 三千 (3000), 百分之五十 (50, as in
// 50%), 前五次 (5). They may stand for a number of the original; they are
// never reported on their own, since 一 and 两 are also plain words.
func chineseNumbersIn(s string) []string {
	first := strings.IndexFunc(s, isNumeral)
	if first < 0 {
		return nil // most text, and all English text: no runes to convert
	}
	var out []string
	rs := []rune(s[first:]) // nothing before the first numeral matters
	for i := 0; i < len(rs); i++ {
		if hasRunes(rs[i:], '百', '分', '之') {
			i += 3
		}
		if _, ok := numeral(rs, i); !ok {
			continue
		}
		j := i
		for j < len(rs) {
			if _, ok := numeral(rs, j); !ok {
				break
			}
			j++
		}
		if v, ok := numeralValue(rs[i:j]); ok {
			out = append(out, strconv.FormatInt(v, 10))
		}
		i = j - 1
	}
	return out
}

// hasRunes reports whether rs starts with prefix.
func hasRunes(rs []rune, prefix ...rune) bool {
	if len(rs) < len(prefix) {
		return false
	}
	for i, r := range prefix {
		if rs[i] != r {
			return false
		}
	}
	return true
}

// numeral reports whether rs[i] is a Chinese numeral character.
func numeral(rs []rune, i int) (rune, bool) {
	if i >= len(rs) {
		return 0, false
	}
	return rs[i], isNumeral(rs[i])
}

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
func numeralValue(rs []rune) (int64, bool) {
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
