package jsonpos

import (
	"strconv"
	"strings"
)

// Decimal is the exact value of a JSON number literal: sign × 0.digits ×
// 10^exp, with no leading or trailing zeros in digits (zero has none). It
// lets a caller judge numbers by value, never by spelling, as JSON Schema does:
// 100, 100.0 and 1e2 are the same integer, and 0, 0.0 and -0 are zero.
// Reading a literal and comparing two decimals are linear in the literal, so
// no input can make a comparison slow.
type Decimal struct {
	neg    bool
	digits string
	exp    int64
}

// maxExponent bounds the exponent a decimal keeps: far beyond any bound a
// schema states in practice, small enough that arithmetic on it cannot overflow.
const maxExponent = 1 << 40

// ParseDecimal reads a number literal that [Parse] has already accepted
// (a [Node]'s Str of kind '0'); it does not check the syntax.
func ParseDecimal(lit string) Decimal {
	var d Decimal
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
		return Decimal{} // zero, whatever its sign and exponent
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

// DecimalOf converts an integer, such as a bound to compare values with.
func DecimalOf(n int64) Decimal { return ParseDecimal(strconv.FormatInt(n, 10)) }

// DecimalOfFloat converts a float64, such as a bound read with
// encoding/json, through its shortest decimal spelling.
func DecimalOfFloat(f float64) Decimal {
	return ParseDecimal(strconv.FormatFloat(f, 'g', -1, 64))
}

// IsNegative reports whether the value is below zero; -0 is zero.
func (d Decimal) IsNegative() bool { return d.neg }

// IsZero reports whether the value is zero, however it was spelled.
func (d Decimal) IsZero() bool { return d.digits == "" }

// IsInteger reports whether the value has no fractional part.
func (d Decimal) IsInteger() bool { return d.IsZero() || int64(len(d.digits)) <= d.exp }

// Int64Value returns the value as an int64 when it is an integer that fits.
func (d Decimal) Int64Value() (int64, bool) {
	if !d.IsInteger() || d.exp > 18 {
		return 0, false
	}
	if d.IsZero() {
		return 0, true
	}
	var n int64 // at most 18 digits (exp <= 18): no overflow
	for i := 0; i < int(d.exp); i++ {
		n *= 10
		if i < len(d.digits) {
			n += int64(d.digits[i] - '0')
		}
	}
	if d.neg {
		n = -n
	}
	return n, true
}

// Cmp compares two decimals: -1, 0 or +1.
func (d Decimal) Cmp(o Decimal) int {
	switch {
	case d.IsZero() && o.IsZero():
		return 0
	case d.IsZero():
		return o.sign() * -1
	case o.IsZero():
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

func (d Decimal) sign() int {
	if d.neg {
		return -1
	}
	return 1
}

// cmpMagnitude compares absolute values of two non-zero decimals.
func (d Decimal) cmpMagnitude(o Decimal) int {
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
func (d Decimal) String() string {
	if d.IsZero() {
		return "0"
	}
	sign := ""
	if d.neg {
		sign = "-"
	}
	switch {
	case d.exp > 0 && d.exp <= 21 && int64(len(d.digits)) <= d.exp:
		return sign + d.digits + zeros[:int(d.exp)-len(d.digits)]
	case d.exp > 0 && d.exp <= 21:
		return sign + d.digits[:d.exp] + "." + d.digits[d.exp:]
	case d.exp <= 0 && d.exp > -6:
		return sign + "0." + zeros[:-d.exp] + d.digits
	}
	mant := d.digits[:1]
	if len(d.digits) > 1 {
		mant += "." + d.digits[1:min(len(d.digits), 16)]
	}
	return sign + mant + "e" + strconv.FormatInt(d.exp-1, 10)
}

// zeros are the most zeros a number is written with before or after its
// digits (an exponent of at most 21), sliced instead of strings.Repeat,
// which cost the WebAssembly module 1 KB, brotli.
const zeros = "000000000000000000000"
