package jsonpos

import (
	"encoding/json"
	"math"
	"testing"
)

// TestAppendStringMatchesJSON holds AppendString to encoding/json.
func TestAppendStringMatchesJSON(t *testing.T) {
	for _, s := range []string{"", "plain", `quote " backslash \ slash /`, "<>&", "\x00\x01\b\f\n\r\t\x1f\x7f",
		"é 中文 😀", "\u2028\u2029", "bad \xff\xfe utf8 \xe4\xb8", "end\xc3"} {
		checkString(t, s)
	}
}

// FuzzAppendString compares AppendString with encoding/json on any text.
func FuzzAppendString(f *testing.F) {
	f.Add("<a>\u2028\xff")
	f.Fuzz(checkString)
}

func checkString(t *testing.T, s string) {
	want, _ := json.Marshal(s)
	if got := AppendString(nil, s); string(got) != string(want) {
		t.Errorf("AppendString(%q) = %s; want %s", s, got, want)
	}
}

// TestAppendFloatMatchesJSON holds AppendFloat to encoding/json.
func TestAppendFloatMatchesJSON(t *testing.T) {
	for _, f := range []float64{0, math.Copysign(0, -1), 1, -1.5, 0.1, 1e-6, 9.99e-7, 1e20, 1e21, 123456789012345678, 5e-324, math.MaxFloat64, 1e-9} {
		checkFloat(t, f)
	}
	if got := string(AppendFloat(nil, math.NaN())); got != "null" {
		t.Errorf("AppendFloat(NaN) = %s; want null", got)
	}
}

// FuzzAppendFloat compares AppendFloat with encoding/json on any number.
func FuzzAppendFloat(f *testing.F) {
	f.Add(1e-7)
	f.Fuzz(func(t *testing.T, v float64) {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			checkFloat(t, v)
		}
	})
}

func checkFloat(t *testing.T, f float64) {
	want, _ := json.Marshal(f)
	if got := AppendFloat(nil, f); string(got) != string(want) {
		t.Errorf("AppendFloat(%v) = %s; want %s", f, got, want)
	}
}
