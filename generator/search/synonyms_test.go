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
