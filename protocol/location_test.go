package protocol

import (
	"fmt"
	"strings"
	"testing"

	"pairag.com/portal/protocol/location"
)

// TestLocationSeparators holds every tier's rule for locations written the
// ways people type them: a country alone, a country and a city joined by
// the document's separators or by any other mark typed between them
// (middle dots and bullets of every script, the ideographic comma,
// semicolons, colons, slashes, dashes, full-width forms, a space between
// Chinese names), and what cannot be classified.
func TestLocationSeparators(t *testing.T) {
	const (
		anywhere = "anywhere"
		country  = "country"
		city     = "city"
		unknown  = "unclassified"
		platform = "platform id"
	)
	cases := []struct {
		loc  string
		kind string
	}{
		{"Anywhere", anywhere}, {"ANYWHERE", anywhere}, {"任意地点都可以", anywhere}, {"Ａｎｙｗｈｅｒｅ", anywhere},
		{"China", country}, {"中国", country}, {"日本", country}, {"United States", country},
		{"Guinea-Bissau", country}, {"Côte d'Ivoire", country}, {"Côte d’Ivoire", country}, {"St. Lucia", country},
		{"Trinidad & Tobago", country}, {"Ｃｈｉｎａ", country}, {"  Japan  ", country}, {"🇯🇵 Japan", country},
		{"China · Shanghai", city}, {"Shanghai, China", city}, {"上海，中国", city}, {"China/Shanghai", city}, {"China | Shanghai", city},
		{"中国・上海", city}, {"中国･上海", city}, {"中国、上海", city}, {"中国､上海", city}, {"China • Shanghai", city},
		{"China ‧ Shanghai", city}, {"China ∙ Shanghai", city}, {"China ⋅ Shanghai", city}, {"China · Shanghai", city},
		{"China; Shanghai", city}, {"中国；上海", city}, {"China: Shanghai", city}, {"中国：上海", city},
		{"中国／上海", city}, {"中国｜上海", city}, {"China \\ Shanghai", city}, {"China - Shanghai", city},
		{"China – Shanghai", city}, {"China—Shanghai", city}, {"China → Shanghai", city}, {"China > Shanghai", unknown},
		{"中国 上海", city}, {"中国　上海", city}, {"日本 東京", city}, {"China·Shanghai", city},
		{"Asia-East-HongKong", platform},
		{"China, Shanghai, Pudong", unknown}, {"中国・上海・浦东", unknown}, {"中国（上海）", unknown}, {"China (Shanghai)", unknown},
		{"Room 101", unknown}, {"上海１号", unknown}, {"[China]", unknown},
	}
	expect := map[string]map[string]string{ // tier → kind → finding code ("" for none)
		"free":  {anywhere: "", country: "location-anywhere-only", city: "location-anywhere-only", unknown: "location-anywhere-only", platform: "location-anywhere-only"},
		"pro":   {anywhere: "", country: "", city: "location-country-only", unknown: "location-country-only", platform: "location-platform-id"},
		"ultra": {anywhere: "", country: "", city: "", unknown: "location-unclassified", platform: ""},
	}
	for _, tier := range Default().Tiers {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s/%s", tier, c.loc), func(t *testing.T) {
				p := payload(t)
				m := manifestOf(p)
				m["location"] = c.loc
				delete(m, "task_duration_days")
				res := Validate(encode(t, p), Options{Tier: tier})
				var got []string
				for _, f := range res.Findings {
					if strings.HasPrefix(f.Code, "location-") {
						got = append(got, f.Code+" "+f.Pointer)
					}
				}
				var want []string
				if code := expect[tier][c.kind]; code != "" {
					want = []string{code + " /manifest/location"}
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("location %q (%s) at %s: findings %v; want %v", c.loc, c.kind, tier, got, want)
				}
			})
		}
	}
}

// TestLocationLinear: a long location of spaces and separators is judged
// in one pass.
func TestLocationLinear(t *testing.T) {
	loc := strings.Repeat("中 ", 200000)
	if got := location.Classify(loc, Default().LocationPolicy); got.Granularity != "" {
		t.Errorf("location.Classify(many names) = %+v; want unclassified", got)
	}
}
