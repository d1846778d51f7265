package protocol

import (
	"strconv"
	"strings"
)

// decimal is the exact value of a JSON number literal: sign × 0.digits ×
// 10^exp, with no leading or trailing zeros in digits (zero has none). The
// engine judges numbers by value, never by spelling, as JSON Schema does:
// 100, 100.0 and 1e2 are the same integer, and 0, 0.0 and -0 are zero.
// Reading a literal and comparing two decimals are linear in the literal, so
// no input can make a comparison slow.
type decimal struct {
	neg    bool
	digits string
	exp    int64
}

// maxExponent bounds the exponent a decimal keeps: far beyond any limit the
// protocol states, small enough that arithmetic on it cannot overflow.
const maxExponent = 1 << 40

// parseDecimal reads a literal that the JSON reader has already accepted.
func parseDecimal(lit string) decimal {
	var d decimal
	if strings.HasPrefix(lit, "-") {
		d.neg = true
		lit = lit[1:]
	}
	mant, expPart := lit, ""
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		mant, expPart = lit[:i], lit[i+1:]
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	all := intPart + frac
	exp := int64(len(intPart))
	lead := 0
	for lead < len(all) && all[lead] == '0' {
		lead++
	}
	all = all[lead:]
	exp -= int64(lead)
	all = strings.TrimRight(all, "0")
	if all == "" {
		return decimal{} // zero, whatever its sign and exponent
	}
	d.digits = all
	d.exp = exp + parseExponent(expPart)
	return d
}

// parseExponent reads an exponent, saturating at ±maxExponent.
func parseExponent(s string) int64 {
	neg := false
	switch {
	case strings.HasPrefix(s, "-"):
		neg, s = true, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	var e int64
	for i := 0; i < len(s); i++ {
		e = e*10 + int64(s[i]-'0')
		if e > maxExponent {
			e = maxExponent
			break
		}
	}
	if neg {
		return -e
	}
	return e
}

// decimalOf converts an integer bound of the document.
func decimalOf(n int64) decimal { return parseDecimal(strconv.FormatInt(n, 10)) }

// decimalOfFloat converts a bound the document states as a JSON number.
func decimalOfFloat(f float64) decimal {
	return parseDecimal(strconv.FormatFloat(f, 'g', -1, 64))
}

func (d decimal) isZero() bool { return d.digits == "" }

// isInteger reports whether the value has no fractional part.
func (d decimal) isInteger() bool { return d.isZero() || int64(len(d.digits)) <= d.exp }

// int64Value returns the value as an int64 when it is an integer that fits.
func (d decimal) int64Value() (int64, bool) {
	if !d.isInteger() || d.exp > 18 {
		return 0, false
	}
	if d.isZero() {
		return 0, true
	}
	s := d.digits + strings.Repeat("0", int(d.exp)-len(d.digits))
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, false
	}
	if d.neg {
		n = -n
	}
	return n, true
}

// cmp compares two decimals: -1, 0 or +1.
func (d decimal) cmp(o decimal) int {
	switch {
	case d.isZero() && o.isZero():
		return 0
	case d.isZero():
		return o.sign() * -1
	case o.isZero():
		return d.sign()
	case d.neg != o.neg:
		return d.sign()
	}
	c := d.cmpMagnitude(o)
	if d.neg {
		return -c
	}
	return c
}

func (d decimal) sign() int {
	if d.neg {
		return -1
	}
	return 1
}

// cmpMagnitude compares absolute values of two non-zero decimals.
func (d decimal) cmpMagnitude(o decimal) int {
	if d.exp != o.exp {
		if d.exp < o.exp {
			return -1
		}
		return 1
	}
	n := max(len(d.digits), len(o.digits))
	for i := range n {
		a, b := digitAt(d.digits, i), digitAt(o.digits, i)
		if a != b {
			if a < b {
				return -1
			}
			return 1
		}
	}
	return 0
}

func digitAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return '0'
}

// String writes the value in plain notation when it is short, else in
// scientific notation, for messages.
func (d decimal) String() string {
	if d.isZero() {
		return "0"
	}
	sign := ""
	if d.neg {
		sign = "-"
	}
	switch {
	case d.exp > 0 && d.exp <= 21 && int64(len(d.digits)) <= d.exp:
		return sign + d.digits + strings.Repeat("0", int(d.exp)-len(d.digits))
	case d.exp > 0 && d.exp <= 21:
		return sign + d.digits[:d.exp] + "." + d.digits[d.exp:]
	case d.exp <= 0 && d.exp > -6:
		return sign + "0." + strings.Repeat("0", int(-d.exp)) + d.digits
	}
	mant := d.digits[:1]
	if len(d.digits) > 1 {
		mant += "." + d.digits[1:min(len(d.digits), 16)]
	}
	return sign + mant + "e" + strconv.FormatInt(d.exp-1, 10)
}
