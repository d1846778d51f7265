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

// classifyLocation applies the document's location_policy to the
// location as people type it (see placeNames for the separators).
func classifyLocation(loc string, pol LocationPolicy) locationShape {
	loc = strings.TrimSpace(foldWidth(loc))
	if loc == "" {
		return locationShape{granularity: granularityAnywhere}
	}
	for _, a := range pol.AnywhereValues {
		if strings.EqualFold(loc, foldWidth(a)) {
			return locationShape{granularity: granularityAnywhere}
		}
	}
	if platformLocationID.MatchString(loc) {
		return locationShape{granularity: granularityCity, platformID: true}
	}
	if strings.IndexFunc(loc, unclassifiable) >= 0 {
		return locationShape{}
	}
	switch len(placeNames(loc, pol.Separators)) {
	case 1:
		return locationShape{granularity: granularityCountry}
	case 2:
		return locationShape{granularity: granularityCity}
	}
	return locationShape{}
}

// foldWidth writes full-width ASCII forms (Ｃｈｉｎａ／上海) and the
// ideographic space as their ASCII counterparts.
func foldWidth(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			return r - 0xFEE0
		case r == 0x3000:
			return ' '
		}
		return r
	}, s)
}

// unclassifiable reports the runes that make a location neither a country
// nor a city: digits and brackets (after foldWidth, so full-width ones too).
func unclassifiable(r rune) bool {
	return r >= '0' && r <= '9' || strings.ContainsRune("()[]{}<>【】「」『』〈〉《》〔〕", r)
}

// nameSeparators are the marks people type between two place names besides
// the document's separators: ASCII punctuation other than what belongs in
// a name, middle dots and bullets of every script, the ideographic comma,
// dashes and arrows. An explicit list, not Unicode's punctuation and symbol
// tables, which would cost the WebAssembly module several kilobytes.
const nameSeparators = "!\"#$%*+,/:;=?@\\^_`|~·・･•‧∙⋅∘◦●、､﹑﹐﹔﹕–—―−→⇒➔➜»«›‹〜"

// placeNames splits a location into the place names it joins. The
// document's separators join names, and so does every other punctuation
// mark or symbol people type between them (middle dots and bullets of every
// script, the ideographic comma, semicolons, colons, slashes, dashes,
// arrows), except the marks that belong inside a name: apostrophes,
// periods, & and a hyphen between letters (Côte d'Ivoire, St. Lucia,
// Trinidad & Tobago, Guinea-Bissau); a hyphen with a space beside it
// separates. Between two Chinese, Japanese or Korean characters, which
// are written without spaces inside a name, a space separates too.
func placeNames(loc string, seps []string) []string {
	for _, sep := range seps {
		loc = strings.ReplaceAll(loc, foldWidth(sep), "\x00")
	}
	r := []rune(loc)
	// around[i] holds the nearest non-space runes before and after r[i]
	// (0 at either end), so every rune is judged in constant time.
	around := make([][2]rune, len(r))
	var last rune
	for i, c := range r {
		around[i][0] = last
		if c != ' ' && c != '\t' {
			last = c
		}
	}
	last = 0
	for i := len(r) - 1; i >= 0; i-- {
		around[i][1] = last
		if r[i] != ' ' && r[i] != '\t' {
			last = r[i]
		}
	}
	var names []string
	var cur strings.Builder
	cut := func() {
		if name := strings.TrimSpace(cur.String()); name != "" {
			names = append(names, name)
		}
		cur.Reset()
	}
	for i, c := range r {
		if c == 0 || joinsNames(r, i, around[i]) {
			cut()
			continue
		}
		cur.WriteRune(c)
	}
	cut()
	return names
}

// joinsNames reports whether r[i] separates two place names; around holds
// the nearest non-space runes on either side.
func joinsNames(r []rune, i int, around [2]rune) bool {
	c := r[i]
	switch {
	case c == '-' || c == '‐' || c == '‑':
		return i == 0 || i == len(r)-1 || r[i-1] == ' ' || r[i+1] == ' '
	case c == ' ' || c == '\t':
		return writtenWithoutSpaces(around[0]) && writtenWithoutSpaces(around[1])
	}
	return strings.ContainsRune(nameSeparators, c)
}

// writtenWithoutSpaces reports the scripts whose names hold no spaces:
// Chinese, Japanese and Korean.
func writtenWithoutSpaces(r rune) bool {
	return r >= 0x3040 && r <= 0x30FF || r >= 0x3400 && r <= 0x9FFF || r >= 0xAC00 && r <= 0xD7AF || r >= 0xF900 && r <= 0xFAFF
}

// location checks manifest.location against the tier's granularity. A tier
// that allows less than a city refuses what it cannot classify; a tier that
// allows cities only warns about it.
func (v *validation) location(m *jsonpos.Node) {
	allowed := v.tierLimit().LocationGranularity
	order := v.doc.LocationPolicy.GranularityOrder
	n := m.Child("location")
	if n == nil || n.Kind == '"' && strings.TrimSpace(n.Str) == "" {
		switch {
		case allowed == granularityAnywhere:
		case n == nil:
			v.report("location-required", "/manifest", m.Start, m.Start+1, nil, v.tierName())
		default:
			v.at(n, "location-required", "/manifest/location", nil, v.tierName())
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
