package reference

import (
	"strconv"
	"strings"

	"pairag.com/portal/protocol/spec"
	"pairag.com/portal/templates"
)

// TierBrief is what a tier's bundle says before the field reference: the
// limits of that tier, from the document's tier_limits, in lang. A model
// told these first writes a payload the validator accepts at that tier
// more often than one that meets them only in the middle of the reference.
func TierBrief(d *spec.Document, labels Labels, lang, tier string) string {
	m := templates.For(lang).TierBrief
	t := &tables{doc: d, lang: lang, msg: templates.For(lang), labels: labels}
	l := d.TierLimits[tier]
	name := labels.Get("tier", tier, lang)
	quoted := make([]string, len(d.LocationPolicy.AnywhereValues))
	for i, v := range d.LocationPolicy.AnywhereValues {
		quoted[i] = strconv.Quote(v)
	}
	location := m.Location
	if order := d.LocationPolicy.GranularityOrder; len(order) > 0 && order[0] == l.LocationGranularity {
		location = m.AnywhereOnly // the coarsest: no place at all
	}
	fiat := m.FiatNo
	if l.FiatAvailable {
		fiat = m.FiatYes
	}
	r := strings.NewReplacer("{tier}", name, "{key}", tier, "{granularity}", t.granularity(l.LocationGranularity),
		"{anywhere}", strings.Join(quoted, m.Or), "{stages}", strconv.Itoa(l.MaxStages), "{days}", strconv.Itoa(l.MaxTaskDurationDays))
	var sb strings.Builder
	sb.WriteString(r.Replace(m.Title) + "\n")
	sb.WriteString(r.Replace(m.Intro) + "\n\n")
	for _, line := range []string{location, m.Stages, m.Duration, fiat} {
		sb.WriteString("- " + r.Replace(line) + "\n")
	}
	sb.WriteString("\n" + r.Replace(m.Outro) + "\n\n")
	return sb.String()
}
