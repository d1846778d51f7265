package jsonpos

import (
	"strings"
	"testing"
)

// TestEqualExact holds Equal and sameStart to the == they stand in for:
// strings of every length up to 72 against the same string with one byte
// changed at each position (to each neighbouring value and to zero), and
// against strings of other lengths.
func TestEqualExact(t *testing.T) {
	base := strings.Repeat("stage_name_0123456789_", 4)
	for n := 0; n <= 72; n++ {
		a := base[:n]
		check := func(b string) {
			t.Helper()
			if got, want := Equal(a, b), a == b; got != want {
				t.Fatalf("Equal(%q, %q) = %v; want %v", a, b, got, want)
			}
			if len(a) == len(b) && a == b && !sameStart(a, b) {
				t.Fatalf("sameStart(%q, %q) = false for equal strings", a, b)
			}
			if len(a) == len(b) && len(a) >= 8 && sameStart(a, b) != (a[:8] == b[:8]) {
				t.Fatalf("sameStart(%q, %q) = %v; want %v", a, b, sameStart(a, b), a[:8] == b[:8])
			}
		}
		check(strings.Clone(a))
		for m := 0; m <= 72; m++ {
			check(base[:m])
		}
		for i := 0; i < n; i++ {
			for _, c := range []byte{a[i] + 1, a[i] - 1, 0, 0xFF} {
				b := []byte(a)
				b[i] = c
				check(string(b))
			}
		}
	}
}

// FuzzEqual compares Equal with == on any two strings.
func FuzzEqual(f *testing.F) {
	f.Add("stage_name", "stage_type")
	f.Add("communication_software_group", "communication_software_grouP")
	f.Add("abc", "abd")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := Equal(a, b), a == b; got != want {
			t.Fatalf("Equal(%q, %q) = %v; want %v", a, b, got, want)
		}
		if got, want := Equal(a, a), true; got != want {
			t.Fatalf("Equal(%q, itself) = %v; want %v", a, got, want)
		}
	})
}
