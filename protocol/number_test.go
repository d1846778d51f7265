package protocol

import (
	"math"
	"strconv"
	"testing"

	"pairag.com/portal/protocol/internal/pattern"
	"pairag.com/portal/protocol/jsonpos"
	"pairag.com/portal/protocol/spec"
)

// plainBounds are bounds a document may state, including ones whose
// shortest decimal is not the float's exact value (2^60) and ones that are
// not integers, where the integer path must fall back to decimals.
var plainBounds = []float64{0, -1, 1, 0.5, -0.5, 100, 3600, 1e18, 9.2e18, -9.2e18, 1e30, -1e30, math.Ldexp(1, 60), 9007199254740993}

// TestPlainIntegerAgrees holds the engine's integer fast path to the
// decimal reading it stands in for: the same value, and the same order
// against every bound.
func TestPlainIntegerAgrees(t *testing.T) {
	lits := []string{"0", "-0", "7", "-7", "100", "3600", "3601", "123456789012345678", "-123456789012345678",
		"999999999999999999", "1000000000000000000", "1152921504606846976", "1152921504606847000", "1.5", "1e2", "-1E+2", "100.0"}
	for _, lit := range lits {
		checkPlainInteger(t, lit)
	}
}

func FuzzPlainInteger(f *testing.F) {
	for _, s := range []string{"0", "-0", "42", "-999999999999999999", "1e5", "0.25"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, lit string) {
		root, issues := jsonpos.Parse([]byte(lit), 0, 4)
		if root == nil || root.Kind != '0' || len(issues) > 0 {
			return
		}
		checkPlainInteger(t, lit)
	})
}

func checkPlainInteger(t *testing.T, lit string) {
	t.Helper()
	x := &index{patterns: map[string]*pattern.Pattern{}, bounds: map[float64]jsonpos.Decimal{},
		intBounds: map[float64]int64{}, fields: map[string]map[string]*spec.Field{}, names: map[string][]string{}, required: map[string][]string{}}
	fields := make([]spec.Field, len(plainBounds))
	for i := range plainBounds {
		fields[i] = spec.Field{Name: "f" + strconv.Itoa(i), Minimum: &plainBounds[i]}
	}
	x.addFields("t", fields, nil)
	d := jsonpos.ParseDecimal(lit)
	i, plain := plainInt(lit)
	if plain {
		if want, ok := d.Int64Value(); !ok || i != want {
			t.Fatalf("plainInt(%q) = %d; want %d (%v)", lit, i, want, ok)
		}
	}
	for _, b := range plainBounds {
		got := x.cmpBound(jsonpos.Decimal{}, i, plain, b)
		if !plain {
			got = x.cmpBound(d, 0, false, b)
		}
		if want := d.Cmp(x.bounds[b]); got != want {
			t.Errorf("cmpBound(%q, %v) = %d; want %d", lit, b, got, want)
		}
	}
}
