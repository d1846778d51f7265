package protocol

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Location granularities, from least to most precise; the protocol
// document's location_policy.granularity_order names them.
const (
	granularityAnywhere = "anywhere"
	granularityCountry  = "country"
	granularityCity     = "city"
)

var platformLocationID = regexp.MustCompile(`^[A-Z][A-Za-z]*(-[A-Z][A-Za-z]*){2,}$`)

// locationShape is what the validator makes of a location string.
type locationShape struct {
	granularity string // anywhere, country, city, or "" when unclassified
	platformID  bool
}

// classifyLocation applies the document's location_policy.
func classifyLocation(loc string, pol LocationPolicy) locationShape {
	loc = strings.TrimSpace(loc)
	if loc == "" {
		return locationShape{granularity: granularityAnywhere}
	}
	for _, a := range pol.AnywhereValues {
		if strings.EqualFold(loc, a) {
			return locationShape{granularity: granularityAnywhere}
		}
	}
	if platformLocationID.MatchString(loc) {
		return locationShape{granularity: granularityCity, platformID: true}
	}
	if strings.ContainsAny(loc, "0123456789()[]{}<>") {
		return locationShape{}
	}
	parts := []string{loc}
	for _, sep := range pol.Separators {
		var next []string
		for _, p := range parts {
			next = append(next, strings.Split(p, sep)...)
		}
		parts = next
	}
	var named []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			named = append(named, p)
		}
	}
	switch len(named) {
	case 1:
		return locationShape{granularity: granularityCountry}
	case 2:
		return locationShape{granularity: granularityCity}
	}
	return locationShape{}
}

// location checks manifest.location against the tier's granularity.
func (r *rules) location(m *node) {
	allowed := r.tierLimit().LocationGranularity
	order := r.doc.LocationPolicy.GranularityOrder
	mem := m.member("location")
	if mem == nil || mem.val.kind == '"' && strings.TrimSpace(mem.val.value.(string)) == "" {
		if allowed != granularityAnywhere {
			r.add(newFinding("location-required", "/manifest", r.tierNames()...))
		}
		return
	}
	if mem.val.kind != '"' {
		return // the schema reports the type
	}
	loc := mem.val.value.(string)
	ptr := "/manifest/location"
	shape := classifyLocation(loc, r.doc.LocationPolicy)
	switch {
	case shape.granularity == "":
		r.add(newFinding("location-unclassified", ptr, loc))
	case slices.Index(order, shape.granularity) <= slices.Index(order, allowed):
	case allowed == granularityAnywhere:
		f := newFinding("location-anywhere-only", ptr, loc)
		f.Fix = r.replaceFix(ptr, strconv.Quote(r.doc.LocationPolicy.AnywhereValues[0]))
		r.add(f)
	case shape.platformID:
		r.add(newFinding("location-platform-id", ptr, loc))
	default:
		r.add(newFinding("location-country-only", ptr, loc))
	}
}
