package search

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseSynonyms(t *testing.T) {
	langs := []string{"en", "zh-CN"}
	got, err := ParseSynonyms([]byte("en:\n  - {words: [price, fee], means: [points, fiat]}\nzh-CN:\n  - {words: [最多], means: [上限]}\n"), langs)
	if err != nil {
		t.Fatal(err)
	}
	want := Synonyms{"en": {{"price", "points"}, {"price", "fiat"}, {"fee", "points"}, {"fee", "fiat"}}, "zh-CN": {{"最多", "上限"}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ParseSynonyms (-want +got):\n%s", diff)
	}
	for _, tt := range []struct{ in, want string }{
		{"fr:\n  - {words: [prix], means: [points]}\n", `unknown language "fr"`},
		{"en:\n  - {words: [price]}\n", "both words and means are required"},
		{"en:\n  - {words: [Fiat], means: [fiat]}\n", "means itself"},
		{"en:\n  - {words: [''], means: [fiat]}\n", "an empty word"},
		{"en:\n  - {words: [price], means: [fiat], colour: red}\n", "unknown field"},
		{"en: [\n", ""}, // a YAML error, reported with its line by the generator
	} {
		_, err := ParseSynonyms([]byte(tt.in), langs)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseSynonyms(%q) = %v; want an error containing %q", tt.in, err, tt.want)
		}
	}
}

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
