// Package location tells what a manifest.location string names, as people
// type it: anywhere, a country, a city (with its country), or something it
// cannot classify, by the document's location_policy and the separators
// people type between place names (see [Classify]). The engine (package
// protocol) holds the result to the creator's tier.
package location

import (
	"strings"
	"unicode/utf8"

	"pairag.com/portal/protocol/internal/pattern"
	"pairag.com/portal/protocol/spec"
)

// Location granularities, from least to most precise; the protocol
// document's location_policy.granularity_order names them.
const (
	Anywhere = "anywhere"
	Country  = "country"
	City     = "city"
)

// platformLocationID matches the platform's location ids (Asia-East-HongKong).
var platformLocationID = pattern.Must(`^[A-Z][A-Za-z]*(-[A-Z][A-Za-z]*){2,}$`)

// Shape is what the validator makes of a location string.
type Shape struct {
	Granularity string // Anywhere, Country, City, or "" when unclassified
	PlatformID  bool   // a platform location id, which counts as a city
}

// Classify applies the document's location_policy to the location as
// people type it (see placeNames for the separators).
func Classify(loc string, pol spec.LocationPolicy) Shape {
	loc = strings.TrimSpace(foldWidth(loc))
	if loc == "" {
		return Shape{Granularity: Anywhere}
	}
	for _, a := range pol.AnywhereValues {
		if strings.EqualFold(loc, foldWidth(a)) {
			return Shape{Granularity: Anywhere}
		}
	}
	if platformLocationID.MatchString(loc) {
		return Shape{Granularity: City, PlatformID: true}
	}
	if strings.IndexFunc(loc, unclassifiable) >= 0 {
		return Shape{}
	}
	switch len(placeNames(loc, pol.Separators)) {
	case 1:
		return Shape{Granularity: Country}
	case 2:
		return Shape{Granularity: City}
	}
	return Shape{}
}

// foldWidth writes full-width ASCII forms (Ｃｈｉｎａ／上海) and the
// ideographic space as their ASCII counterparts. It is strings.Map with
// that mapping (bytes that are not UTF-8 become U+FFFD, as there), as a
// loop: strings.Map and strings.Replace cost the WebAssembly module about
// 2 KB, brotli, for this package alone (TestFoldWidthAsMap).
func foldWidth(s string) string {
	var b []byte
	for i, r := range s {
		f := r
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			f = r - 0xFEE0
		case r == 0x3000:
			f = ' '
		}
		if b == nil {
			if f == r && r != utf8.RuneError {
				continue
			}
			b = append(make([]byte, 0, len(s)), s[:i]...)
		}
		b = utf8.AppendRune(b, f)
	}
	if b == nil {
		return s
	}
	return string(b)
}

// replaceAll is strings.ReplaceAll(s, old, new), as a loop (see foldWidth).
func replaceAll(s, old, new string) string {
	if old == "" { // new before every UTF-8 sequence and at the end
		b := make([]byte, 0, len(s)+(len(s)+1)*len(new))
		for len(s) > 0 {
			_, w := utf8.DecodeRuneInString(s)
			b = append(append(b, new...), s[:w]...)
			s = s[w:]
		}
		return string(append(b, new...))
	}
	i := strings.Index(s, old)
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for ; i >= 0; i = strings.Index(s, old) {
		b = append(append(b, s[:i]...), new...)
		s = s[i+len(old):]
	}
	return string(append(b, s...))
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
		loc = replaceAll(loc, foldWidth(sep), "\x00")
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
