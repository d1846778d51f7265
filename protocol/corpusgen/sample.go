package main

import (
	"encoding/json"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
)

// sampler draws JSON values from a JSON Schema (the subset the protocol's
// schema uses: type, properties, required, $ref into $defs, items, enum,
// const, minimum, maximum, minLength, minItems, maxItems, pattern).
type sampler struct {
	schema map[string]any
	rng    *rand.Rand
}

// resolve follows a $ref of the form #/$defs/NAME.
func (s *sampler) resolve(sc map[string]any) map[string]any {
	for {
		ref, ok := sc["$ref"].(string)
		if !ok {
			return sc
		}
		defs, _ := s.schema["$defs"].(map[string]any)
		next, _ := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		if next == nil {
			return sc
		}
		sc = next
	}
}

// value draws a value of sc; unless valid, one value in ten breaks its
// schema (a wrong type, or just outside a bound).
func (s *sampler) value(sc map[string]any, valid bool) any {
	sc = s.resolve(sc)
	if !valid && s.rng.IntN(10) == 0 {
		return s.broken(sc)
	}
	if c, ok := sc["const"]; ok {
		return c
	}
	if e, ok := sc["enum"].([]any); ok && len(e) > 0 {
		return e[s.rng.IntN(len(e))]
	}
	switch sc["type"] {
	case "object":
		return s.object(sc, valid, false)
	case "array":
		lo, hi := intOf(sc["minItems"], 0), intOf(sc["maxItems"], 4)
		hi = max(lo, min(hi, lo+3))
		items, _ := sc["items"].(map[string]any)
		out := make([]any, lo+s.rng.IntN(hi-lo+1))
		for i := range out {
			out[i] = s.value(items, valid)
		}
		return out
	case "integer":
		lo := intOf(sc["minimum"], 0)
		hi := min(intOf(sc["maximum"], lo+1000), lo+1000)
		return json.Number(strconv.Itoa(lo + s.rng.IntN(hi-lo+1)))
	case "number":
		lo := intOf(sc["minimum"], 0)
		return json.Number(strconv.Itoa(lo) + ".5")
	case "boolean":
		return s.rng.IntN(2) == 0
	case "string":
		return s.str(sc)
	}
	return nil
}

// object draws an object: every required key, and each other key with
// probability one half (none when minimal).
func (s *sampler) object(sc map[string]any, valid, minimal bool) map[string]any {
	props, _ := sc["properties"].(map[string]any)
	required := map[string]bool{}
	for _, r := range asList(sc["required"]) {
		required[r.(string)] = true
	}
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := map[string]any{}
	for _, k := range keys {
		if !required[k] && (minimal || s.rng.IntN(2) == 0) {
			continue
		}
		p, _ := props[k].(map[string]any)
		if minimal {
			out[k] = s.minimal(p)
		} else {
			out[k] = s.value(p, valid)
		}
	}
	return out
}

// minimal draws the smallest valid value of sc: required keys only, the
// fewest items, the first enum value, the lower bound.
func (s *sampler) minimal(sc map[string]any) any {
	sc = s.resolve(sc)
	if c, ok := sc["const"]; ok {
		return c
	}
	if e, ok := sc["enum"].([]any); ok && len(e) > 0 {
		return e[0]
	}
	switch sc["type"] {
	case "object":
		return s.object(sc, true, true)
	case "array":
		items, _ := sc["items"].(map[string]any)
		out := make([]any, intOf(sc["minItems"], 0))
		for i := range out {
			out[i] = s.minimal(items)
		}
		return out
	case "integer", "number":
		return json.Number(strconv.Itoa(intOf(sc["minimum"], 1)))
	case "boolean":
		return false
	case "string":
		return s.str(sc)
	}
	return nil
}

// words are the plain strings drawn for open string fields.
var words = []string{"plan_report", "Weekly report", "数据清洗", "x", "Telegram", "https://example.com/a", "a\nb", "😀"}

// str draws a string of sc: an example, a value of its pattern's shape,
// or a word.
func (s *sampler) str(sc map[string]any) string {
	if ex := asList(sc["examples"]); len(ex) > 0 && s.rng.IntN(2) == 0 {
		if x, ok := ex[s.rng.IntN(len(ex))].(string); ok {
			return x
		}
	}
	if _, ok := sc["pattern"].(string); ok {
		// The one pattern of the schema is an ISIC code: a section letter
		// and 0, 2, 3 or 4 digits. Drawn digits may name no real code.
		code := string(rune('A' + s.rng.IntN(21)))
		if n := []int{0, 2, 3, 4}[s.rng.IntN(4)]; n > 0 {
			code += strconv.Itoa(s.rng.IntN(9000) + 1000)[:n]
		}
		return code
	}
	return words[s.rng.IntN(len(words))]
}

// broken returns a value sc refuses.
func (s *sampler) broken(sc map[string]any) any {
	switch {
	case sc["minimum"] != nil && s.rng.IntN(2) == 0:
		return json.Number(strconv.Itoa(intOf(sc["minimum"], 0) - 1))
	case sc["minLength"] != nil && s.rng.IntN(2) == 0:
		return ""
	case sc["type"] == "string":
		return json.Number("7")
	case sc["type"] == "array":
		return map[string]any{}
	}
	return "wrong"
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// intOf reads a schema bound, or def when there is none or it is too
// large to count with.
func intOf(v any, def int) int {
	f, ok := v.(float64)
	if !ok || f > 1e9 || f < -1e9 {
		return def
	}
	return int(f)
}
