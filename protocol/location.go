package protocol

import (
	"slices"
	"strconv"
	"strings"

	"pairag.com/portal/protocol/jsonpos"
)

// Location granularities, from least to most precise; the protocol
// document's location_policy.granularity_order names them.
const (
	granularityAnywhere = "anywhere"
	granularityCountry  = "country"
	granularityCity     = "city"
)

// platformLocationID matches the platform's location ids (Asia-East-HongKong).
var platformLocationID = mustPattern(`^[A-Z][A-Za-z]*(-[A-Z][A-Za-z]*){2,}$`)

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

// location checks manifest.location against the tier's granularity. A tier
// that allows less than a city refuses what it cannot classify; a tier that
// allows cities only warns about it.
func (v *validation) location(m *jsonpos.Node) {
	allowed := v.tierLimit().LocationGranularity
	order := v.doc.LocationPolicy.GranularityOrder
	n := m.Child("location")
	if n == nil || n.Kind == '"' && strings.TrimSpace(n.Str) == "" {
		if allowed != granularityAnywhere {
			at := m
			if n != nil {
				at = n
			}
			v.report("location-required", "/manifest", at.Start, at.Start+1, nil, v.tierName())
		}
		return
	}
	if n.Kind != '"' {
		return // the type has its own error
	}
	loc := clip(n.Str)
	ptr := "/manifest/location"
	shape := classifyLocation(n.Str, v.doc.LocationPolicy)
	switch {
	case shape.granularity != "" && slices.Index(order, shape.granularity) <= slices.Index(order, allowed):
	case allowed == granularityAnywhere:
		v.at(n, "location-anywhere-only", ptr, v.replace(n, strconv.Quote(v.doc.LocationPolicy.AnywhereValues[0])), loc, v.tierName())
	case shape.granularity == "" && slices.Index(order, allowed) >= slices.Index(order, granularityCity):
		v.at(n, "location-unclassified", ptr, nil, loc)
	case shape.platformID:
		v.at(n, "location-platform-id", ptr, nil, loc, v.tierName())
	default:
		v.at(n, "location-country-only", ptr, nil, loc, v.tierName())
	}
}
