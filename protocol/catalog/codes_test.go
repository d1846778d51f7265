package catalog

import "testing"

// TestFindKnowsEveryRow: the lookup holds every row of the table, each
// under its own code, so no row hides another.
func TestFindKnowsEveryRow(t *testing.T) {
	if len(byCode) != len(codes) {
		t.Errorf("catalog holds %d codes; the table %d", len(byCode), len(codes))
	}
	for _, c := range Codes() {
		if got, ok := Find(c.Code); !ok || got != c {
			t.Errorf("Find(%q) = %+v, %v; want its row", c.Code, got, ok)
		}
	}
	if _, ok := Find("no-such-code"); ok {
		t.Error(`Find("no-such-code") found a row`)
	}
}
