package rank

import "testing"

// FuzzEditDistance holds the early-exit edit distance to the plain
// dynamic programme it shortens.
func FuzzEditDistance(f *testing.F) {
	for _, s := range [][2]string{{"orchestator", "orchestrator"}, {"guardrial", "guardrail"}, {"ab", "ba"}, {"", "abc"}, {"harnes", "harness"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a) > 40 || len(b) > 40 {
			return
		}
		want := osa(a, b)
		for maxD := 0; maxD <= 3; maxD++ {
			got := editDistance(a, b, maxD)
			if want <= maxD && got != want || want > maxD && got <= maxD {
				t.Fatalf("editDistance(%q, %q, %d) = %d; the full distance is %d", a, b, maxD, got, want)
			}
		}
	})
}

// osa is the optimal string alignment distance, the whole table.
func osa(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+c)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
