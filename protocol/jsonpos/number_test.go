package jsonpos

import (
	"math/big"
	"testing"
)

// TestDecimalAgreesWithBigRat compares decimal's reading and ordering of
// literals with math/big's exact rationals.
func TestDecimalAgreesWithBigRat(t *testing.T) {
	lits := []string{"0", "-0", "0.0", "0e5", "1", "-1", "1.5", "100", "100.0", "1e2", "1E2", "1000e-1", "0.001", "1e-3", "-2.50", "9007199254740991", "9007199254740992", "12345678901234567890", "1e20", "0.1e1", "-0.0001e4"}
	for _, a := range lits {
		ra, _ := new(big.Rat).SetString(a)
		da := ParseDecimal(a)
		if got, want := da.IsInteger(), ra.IsInt(); got != want {
			t.Errorf("parseDecimal(%q).isInteger() = %v; want %v", a, got, want)
		}
		for _, b := range lits {
			rb, _ := new(big.Rat).SetString(b)
			if got, want := da.Cmp(ParseDecimal(b)), ra.Cmp(rb); got != want {
				t.Errorf("cmp(%q, %q) = %d; want %d", a, b, got, want)
			}
		}
	}
}

// FuzzDecimal holds decimal to math/big on arbitrary number literals.
func FuzzDecimal(f *testing.F) {
	f.Add("1e2", "100.0")
	f.Add("-0", "0.000e-7")
	f.Fuzz(func(t *testing.T, a, b string) {
		ra, okA := new(big.Rat).SetString(a)
		rb, okB := new(big.Rat).SetString(b)
		if !okA || !okB || !jsonNumber(a) || !jsonNumber(b) || len(a) > 40 || len(b) > 40 {
			return
		}
		if got, want := ParseDecimal(a).Cmp(ParseDecimal(b)), ra.Cmp(rb); got != want {
			t.Fatalf("cmp(%q, %q) = %d; want %d", a, b, got, want)
		}
	})
}

// jsonNumber reports whether s is a JSON number literal.
func jsonNumber(s string) bool {
	p := &parser{text: []byte(s), maxDepth: 1}
	n := p.value()
	return n != nil && n.Kind == '0' && p.pos == len(s)
}
