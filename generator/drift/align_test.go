package drift

import (
	"math/rand/v2"
	"testing"
)

// fullMatch is the alignment over the whole table, as matchInOrder did it
// before its band: the judge of the banded one.
func fullMatch(n, m int, score func(a, b int) float64) []int {
	best := make([][]float64, n+1)
	for a := range best {
		best[a] = make([]float64, m+1)
	}
	for a := n - 1; a >= 0; a-- {
		for b := m - 1; b >= 0; b-- {
			best[a][b] = max(score(a, b)+best[a+1][b+1], best[a+1][b], best[a][b+1])
		}
	}
	out := make([]int, n)
	a, b := 0, 0
	for a < n {
		switch {
		case b < m && score(a, b)+best[a+1][b+1] >= best[a][b]:
			out[a] = b
			a, b = a+1, b+1
		case b < m && best[a][b+1] > best[a+1][b]:
			b++
		default:
			out[a] = -1
			a++
		}
	}
	return out
}

// edited returns a list of n kinds and a copy of it with some items
// deleted and others inserted, as a translation that lost and gained a
// few sections; score matches equal kinds.
func edited(r *rand.Rand, n, edits int) (orig, tr []int) {
	orig = make([]int, n)
	for i := range orig {
		orig[i] = r.IntN(5)
	}
	tr = append(tr, orig...)
	for range edits {
		i := r.IntN(len(tr) + 1)
		if r.IntN(2) == 0 && i < len(tr) {
			tr = append(tr[:i], tr[i+1:]...)
		} else {
			tr = append(tr[:i], append([]int{r.IntN(5)}, tr[i:]...)...)
		}
	}
	return orig, tr
}

func kindScore(orig, tr []int) func(a, b int) float64 {
	return func(a, b int) float64 {
		s := 0.5 // every pair scores, as sections do (matchScore)
		if orig[a] == tr[b] {
			s += 2
		}
		return s
	}
}

func total(match []int, score func(a, b int) float64) float64 {
	s := 0.0
	for a, b := range match {
		if b >= 0 {
			s += score(a, b)
		}
	}
	return s
}

// TestMatchInOrderBandAgreesWithFullTable: up to alignBand items on a side
// the band is the whole table and the pairing is the same as the full
// table's; on longer lists with a few sections lost and gained it is
// still optimal (the same total score).
func TestMatchInOrderBandAgreesWithFullTable(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 1))
	for i := range 300 {
		n := r.IntN(alignBand + 1)
		if i%3 == 0 {
			n = alignBand + r.IntN(600)
		}
		orig, tr := edited(r, n, r.IntN(12))
		score := kindScore(orig, tr)
		got, want := matchInOrder(len(orig), len(tr), score), fullMatch(len(orig), len(tr), score)
		if len(orig) <= alignBand && len(tr) <= alignBand {
			for a := range want {
				if got[a] != want[a] {
					t.Fatalf("%d×%d: matchInOrder paired %d with %d; the full table pairs it with %d", len(orig), len(tr), a, got[a], want[a])
				}
			}
			continue
		}
		if g, w := total(got, score), total(want, score); g != w {
			t.Errorf("%d×%d: matchInOrder's pairing scores %v; the full table's %v", len(orig), len(tr), g, w)
		}
	}
}

// TestMatchInOrderLinear: aligning 2,000 sections with 2,000 looks at a
// band of cells around the diagonal, not at all 4,000,000 of the table.
func TestMatchInOrderLinear(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 2))
	for _, n := range []int{500, 2000, 8000} {
		orig, tr := edited(r, n, 20)
		calls := 0
		score := kindScore(orig, tr)
		matchInOrder(len(orig), len(tr), func(a, b int) float64 { calls++; return score(a, b) })
		if limit := 3 * (2*alignBand + 3) * n; calls > limit {
			t.Errorf("%d sections: score called %d times; want at most %d (linear in the sections)", n, calls, limit)
		}
	}
}
