package reference

import (
	"strconv"
	"strings"
	"testing"

	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/spec"
)

// TestTierBrief: each tier's brief states that tier's limits as the
// document gives them, in both languages; changing a limit in the document
// changes the brief, so no number is typed twice.
func TestTierBrief(t *testing.T) {
	d := protocol.Default()
	labels := Labels{}
	for _, lang := range Languages {
		for _, tier := range d.Tiers {
			l := d.TierLimits[tier]
			got := TierBrief(d, labels, lang, tier)
			for _, want := range []string{" " + strconv.Itoa(l.MaxStages), " " + strconv.Itoa(l.MaxTaskDurationDays), "manifest.location", "stages", strconv.Quote(d.LocationPolicy.AnywhereValues[0])} {
				if !strings.Contains(got, want) {
					t.Errorf("%s brief of %s lacks %q:\n%s", lang, tier, want, got)
				}
			}
			if !strings.HasPrefix(got, "===== ") || !strings.HasSuffix(got, "\n\n") {
				t.Errorf("%s brief of %s is not a section of the bundle (a ===== title, a blank line after):\n%q", lang, tier, got)
			}
		}
	}
	changed, err := spec.Parse(d.Raw())
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range changed.TierLimits {
		v.MaxStages = 77
		changed.TierLimits[k] = v
	}
	if got := TierBrief(changed, labels, "en", d.Tiers[0]); !strings.Contains(got, "at most 77.") {
		t.Errorf("the brief does not follow the document's max_stages:\n%s", got)
	}
}
