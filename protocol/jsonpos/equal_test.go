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

// TestChildLastMatch holds Child, which compares two members a step, to
// the plain search it stands in for (the last member with the key) on
// objects of 0 to 6 members, with repeated keys and keys of one length.
func TestChildLastMatch(t *testing.T) {
	keys := []string{"stage_name", "stage_type", "a", "stage_name", "role", "stage_type"}
	for n := 0; n <= len(keys); n++ {
		var b strings.Builder
		b.WriteString("{")
		for i, k := range keys[:n] {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"` + k + `":` + string(rune('0'+i)))
		}
		b.WriteString("}")
		root, issues := Parse([]byte(b.String()), 0, 8)
		if root == nil {
			t.Fatalf("Parse(%s): %v", b.String(), issues)
		}
		for _, k := range append(keys, "missing", "stage_nam", "") {
			var want *Node
			for i := range root.Members {
				if root.Members[i].Key == k {
					want = root.Members[i].Val
				}
			}
			if got := root.Child(k); got != want {
				t.Errorf("%s.Child(%q) = %v; want %v", b.String(), k, got, want)
			}
		}
	}
}
