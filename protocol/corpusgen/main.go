// Command corpusgen writes the validator's payload corpus,
// protocol/testdata/corpus/payloads.jsonl.gz: over a thousand texts built from
// the protocol document itself, so nothing in it is tuned to what the
// engine happens to check:
//
//   - schema: payloads drawn at random (fixed seed) from the published JSON
//     Schema, every value inside its constraints or, one value in ten,
//     outside them;
//   - example, minimal: one change each to the reference example
//     (protocol/examples/task.json) and to a minimal payload drawn from
//     the schema's required keys: every value replaced by a value of
//     another kind or just outside its bounds, every key removed, renamed
//     to camelCase or joined by an unknown key;
//   - tier: every tier against every tier's limits (stage count, task
//     duration, fiat, location granularity), at and just past each;
//   - json: JSON edge cases around both bases: byte order mark, line ends,
//     comments, trailing commas, duplicate and escaped keys, surrogates,
//     number forms, fences, prose, two documents, truncation, bad encodings.
//
// The tests judge every case with the engine (a golden verdict), with two
// JSON Schema validators (santhosh-tekuri/jsonschema and Ajv), with the
// fixer's promise (FixAll keeps every byte it does not fix) and with the
// WebAssembly module against the CLI.
//
// Usage, from the module root: go run ./protocol/corpusgen [-o FILE]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/corpus"
	"pairag.com/portal/protocol/jsonpos"
	"pairag.com/portal/protocol/spec"
)

func main() {
	out := flag.String("o", corpus.Path, "file to write")
	root := flag.String("root", ".", "the module root (holds protocol/examples/task.json)")
	flag.Parse()
	cases, err := Generate(*root)
	if err == nil {
		err = write(*out, cases)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "corpusgen:", err)
		os.Exit(1)
	}
	fmt.Printf("%d payloads written to %s\n", len(cases), *out)
}

// write stores the cases as gzipped JSON Lines (package corpus), one case
// a line: 6.5 MB of text (the example's mutations repeat it 600 times) in
// about 2% of that; read it with zcat. It then reads the file back as the
// tests will, so a corpus they would refuse (fewer than corpus.Min cases,
// or cases the reader does not give back as written) fails here, where
// running corpusgen again is not the remedy the reader's error suggests.
func write(path string, cases []corpus.Case) error {
	b, err := corpus.Encode(cases, strings.HasSuffix(path, ".gz"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return err
	}
	back, err := corpus.Read(path)
	if err != nil {
		return err
	}
	if !slices.Equal(back, cases) {
		return fmt.Errorf("%s: read back, the corpus differs from the cases written", path)
	}
	return nil
}

// Generate builds the corpus from the current protocol document and the
// reference example under root.
func Generate(root string) ([]corpus.Case, error) {
	d := protocol.Default()
	schemaBytes, err := d.Schema()
	if err != nil {
		return nil, err
	}
	var schema map[string]any
	if err := json.Unmarshal(schemaBytes, &schema); err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	example, err := os.ReadFile(filepath.Join(root, "protocol", "examples", "task.json"))
	if err != nil {
		return nil, fmt.Errorf("reference example: %w", err)
	}
	s := &sampler{schema: schema, rng: rand.New(rand.NewPCG(18, 2026))}
	minimal := indent(s.minimal(schema))
	g := &gen{doc: d, tiers: d.Tiers}
	for i := range 320 {
		g.add(fmt.Sprintf("schema/%03d", i), indent(s.object(schema, i%3 != 0, false)))
	}
	if err := g.mutations("example", string(example)); err != nil {
		return nil, err
	}
	if err := g.mutations("minimal", minimal); err != nil {
		return nil, err
	}
	if err := g.tierMatrix(string(example)); err != nil {
		return nil, err
	}
	g.edges("example", string(example))
	g.edges("minimal", minimal)
	return g.cases, nil
}

// gen collects the cases, giving each the next tier in turn unless it
// names one.
type gen struct {
	doc   *spec.Document
	tiers []string
	cases []corpus.Case
}

func (g *gen) add(name, text string) {
	g.cases = append(g.cases, corpus.Case{Name: name, Tier: g.tiers[len(g.cases)%len(g.tiers)], Text: text})
}

func (g *gen) addTier(name, tier, text string) {
	g.cases = append(g.cases, corpus.Case{Name: name, Tier: tier, Text: text})
}

// indent writes v as the indented JSON a model or a person writes.
func indent(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	enc.Encode(v)
	return strings.TrimSuffix(buf.String(), "\n")
}

// mutations adds one case per single change to base, made on its text
// so everything else stays as written.
func (g *gen) mutations(name, base string) error {
	root, issues := jsonpos.Parse([]byte(base), 0, 64)
	if root == nil || len(issues) > 0 {
		return fmt.Errorf("%s does not parse cleanly: %v", name, issues)
	}
	edit := func(what string, start, end int, repl string) {
		g.add(name+"/"+what, base[:start]+repl+base[end:])
	}
	var walk func(n *jsonpos.Node, ptr string)
	walk = func(n *jsonpos.Node, ptr string) {
		switch n.Kind {
		case '{':
			for i, m := range n.Members {
				p := ptr + jsonpos.Pointer(m.Key)
				start, end := removal(n, i)
				edit("remove"+p, start, end, "")
				if c := camel(m.Key); c != m.Key {
					edit("camel"+p, m.KeyStart, m.KeyEnd, strconv.Quote(c))
				}
				walk(m.Val, p)
			}
			if len(n.Members) > 0 {
				last := n.Members[len(n.Members)-1]
				edit("unknown"+ptr, last.Val.End, last.Val.End, `, "extra_field": 1`)
			}
			edit("empty"+ptr, n.Start, n.End, "{}")
		case '[':
			for i, it := range n.Items {
				walk(it, ptr+"/"+strconv.Itoa(i))
			}
			if len(n.Items) > 0 {
				first := base[n.Items[0].Start:n.Items[0].End]
				edit("twice"+ptr, n.Items[0].End, n.Items[0].End, ", "+first)
			}
			edit("empty"+ptr, n.Start, n.End, "[]")
		case '"':
			for i, r := range []string{`""`, "1", strconv.Quote(strings.ToUpper(n.Str))} {
				edit(fmt.Sprintf("string%d%s", i, ptr), n.Start, n.End, r)
			}
		case '0':
			lit := n.Str
			for i, r := range []string{strconv.Quote(lit), "-1", lit + ".5", "9007199254740992"} {
				edit(fmt.Sprintf("number%d%s", i, ptr), n.Start, n.End, r)
			}
		default:
			for i, r := range []string{`"true"`, "null"} {
				edit(fmt.Sprintf("literal%d%s", i, ptr), n.Start, n.End, r)
			}
		}
	}
	walk(root, "")
	return nil
}

// removal is the span that removes member i of obj with one of its commas.
func removal(obj *jsonpos.Node, i int) (start, end int) {
	m := obj.Members[i]
	switch {
	case m.Comma >= 0 && i+1 < len(obj.Members):
		return m.KeyStart, obj.Members[i+1].KeyStart
	case i > 0:
		return obj.Members[i-1].Val.End, m.Val.End
	}
	return m.KeyStart, m.Val.End
}

// camel writes a snake_case key in camelCase.
func camel(key string) string {
	parts := strings.Split(key, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

// tierMatrix judges every tier against every tier's limits: the stage
// count, the task duration, fiat and the location, each at the limit and
// just past it.
func (g *gen) tierMatrix(example string) error {
	var base map[string]any
	dec := json.NewDecoder(strings.NewReader(example))
	dec.UseNumber()
	if err := dec.Decode(&base); err != nil {
		return fmt.Errorf("reference example: %w", err)
	}
	if _, ok := base["stages"].([]any); !ok {
		return fmt.Errorf("reference example: no stages")
	}
	if _, ok := base["manifest"].(map[string]any); !ok {
		return fmt.Errorf("reference example: no manifest")
	}
	tierNames := make([]string, 0, len(g.doc.TierLimits))
	for t := range g.doc.TierLimits {
		tierNames = append(tierNames, t)
	}
	sort.Strings(tierNames)
	lp := g.doc.LocationPolicy
	locations := map[string]string{"anywhere": lp.AnywhereValues[0], "country": "Japan", "city": "Japan " + lp.Separators[0] + " Tokyo"}
	// Every row starts inside every tier's limits (three stages, one day,
	// anywhere, points only) and moves one of them to a tier's limit or
	// just past it.
	base = withManifest(withManifest(base, "task_duration_days", 1), "location", lp.AnywhereValues[0])
	for _, judged := range g.tiers {
		for _, of := range tierNames {
			lim := g.doc.TierLimits[of]
			name := "tier/" + judged + "/" + of
			for _, n := range []int{lim.MaxStages, lim.MaxStages + 1} {
				g.addTier(fmt.Sprintf("%s/stages-%d", name, n), judged, indent(withStages(base, n)))
			}
			for _, n := range []int{lim.MaxTaskDurationDays, lim.MaxTaskDurationDays + 1} {
				g.addTier(fmt.Sprintf("%s/days-%d", name, n), judged, indent(withManifest(base, "task_duration_days", n)))
			}
			if lim.FiatAvailable {
				g.addTier(name+"/fiat", judged, indent(g.withFiat(base)))
			}
			g.addTier(name+"/location", judged, indent(withManifest(base, "location", locations[lim.LocationGranularity])))
		}
	}
	return nil
}

// clone copies a decoded JSON value.
func clone(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[k] = clone(x)
		}
		return m
	case []any:
		a := make([]any, len(v))
		for i, x := range v {
			a[i] = clone(x)
		}
		return a
	}
	return v
}

func withManifest(base map[string]any, key string, v any) map[string]any {
	p := clone(base).(map[string]any)
	p["manifest"].(map[string]any)[key] = v
	return p
}

// withStages repeats the example's stages, renamed, to n stages.
func withStages(base map[string]any, n int) map[string]any {
	p := clone(base).(map[string]any)
	stages := p["stages"].([]any)
	out := make([]any, n)
	for i := range out {
		st := clone(stages[i%len(stages)]).(map[string]any)
		if i >= len(stages) {
			st["stage_name"] = fmt.Sprintf("%v_%d", st["stage_name"], i)
		}
		out[i] = st
	}
	p["stages"] = out
	return p
}

// withFiat pays the first stage in fiat, as points_and_fiat names the
// fields: the switch on, an amount, and every points field 0.
func (g *gen) withFiat(base map[string]any) map[string]any {
	p := clone(base).(map[string]any)
	st := p["stages"].([]any)[0].(map[string]any)
	pf := g.doc.PointsAndFiat
	st[pf.FiatFields[0]] = true
	st[pf.FiatFields[1]] = json.Number("50")
	for _, f := range pf.PointsFields {
		st[f] = json.Number("0")
	}
	return p
}

// edges adds JSON edge cases around base.
func (g *gen) edges(name, base string) {
	crlf := strings.ReplaceAll(base, "\n", "\r\n")
	cr := strings.ReplaceAll(base, "\n", "\r")
	firstKey := strings.Index(base, `"`)
	keyEnd := firstKey + 1 + strings.Index(base[firstKey+1:], `"`)
	key := base[firstKey+1 : keyEnd]
	escapedKey := `\u00` + strconv.FormatInt(int64(key[0]), 16) + key[1:]
	second := strings.Replace(base, `": "`, `": "2 `, 1)
	utf16 := func(s string, big bool) string {
		var b strings.Builder
		for _, r := range s {
			if big {
				b.WriteByte(byte(r >> 8))
				b.WriteByte(byte(r))
			} else {
				b.WriteByte(byte(r))
				b.WriteByte(byte(r >> 8))
			}
		}
		return b.String()
	}
	cases := [][2]string{
		{"bom", "\xEF\xBB\xBF" + base},
		{"crlf", crlf},
		{"cr", cr},
		{"tabs", strings.ReplaceAll(base, "  ", "\t")},
		{"one-line", compact(base)},
		{"line-comment", strings.Replace(base, "\n", " // the task\n", 2)},
		{"block-comment", strings.Replace(base, "{", "{ /* the task */", 1)},
		{"unclosed-comment", base + "\n/* note"},
		{"trailing-comma-object", strings.Replace(base, "\n}", ",\n}", 1)},
		{"trailing-comma-array", strings.Replace(base, "]", ",]", 1)},
		{"duplicate-key", strings.Replace(base, "{", "{\""+key+"\": {},", 1)},
		{"escaped-key", base[:firstKey+1] + escapedKey + base[keyEnd:]},
		{"escaped-slash", strings.ReplaceAll(base, "/", `\/`)},
		{"surrogate-pair", strings.Replace(base, `": "`, `": "\ud83d\ude00 `, 1)},
		{"lone-surrogate", strings.Replace(base, `": "`, `": "\ud83d `, 1)},
		{"raw-emoji", strings.Replace(base, `": "`, `": "😀 `, 1)},
		{"control-char", strings.Replace(base, `": "`, "\": \"\x01", 1)},
		{"bad-escape", strings.Replace(base, `": "`, `": "\x`, 1)},
		{"single-quotes", strings.Replace(base, `"`+key+`"`, `'`+key+`'`, 1)},
		{"unquoted-key", strings.Replace(base, `"`+key+`"`, key, 1)},
		{"number-exponent", strings.Replace(base, `: 1`, `: 1E0`, 1)},
		{"number-negative-zero", strings.Replace(base, `: 1`, `: -0`, 1)},
		{"number-leading-zero", strings.Replace(base, `: 1`, `: 01`, 1)},
		{"number-plus", strings.Replace(base, `: 1`, `: +1`, 1)},
		{"number-huge", strings.Replace(base, `: 1`, `: 1`+strings.Repeat("0", 120), 1)},
		{"nan", strings.Replace(base, `: 1`, `: NaN`, 1)},
		{"fenced", "```json\n" + base + "\n```\n"},
		{"fenced-unclosed", "```json\n" + base},
		{"fenced-prose", "Here is the payload:\n\n```json\n" + base + "\n```\n\nTell me if it needs changes."},
		{"leading-prose", "Here it is: " + base},
		{"trailing-prose", base + "\nDone."},
		{"two-documents", base + "\n" + second},
		{"two-fences", "```json\n" + base + "\n```\n```json\n" + second + "\n```\n"},
		{"array-of-two", "[" + base + ",\n" + second + "]"},
		{"extra-close", base + "}"},
		{"extra-open", "{" + base},
		{"truncated-10", base[:len(base)/10]},
		{"truncated-50", base[:len(base)/2]},
		{"truncated-90", base[:len(base)*9/10]},
		{"truncated-last", base[:len(base)-1]},
		{"empty", ""},
		{"white-space", " \n\t\r\n "},
		{"null", "null"},
		{"string", `"` + key + `"`},
		{"array", "[]"},
		{"empty-object", "{}"},
		{"nul-byte", strings.Replace(base, "\n", "\n\x00", 1)},
		{"invalid-utf8", strings.Replace(base, `": "`, "\": \"\xff", 1)},
		{"latin1", strings.Replace(base, `": "`, "\": \"caf\xe9 ", 1)},
		{"utf16le", "\xFF\xFE" + utf16(base, false)},
		{"utf16be-no-bom", utf16(base, true)},
		{"deep-nesting", strings.Replace(base, "{", "{\"extra_field\": "+strings.Repeat("[", 100)+strings.Repeat("]", 100)+",", 1)},
	}
	for _, c := range cases {
		g.add("json/"+name+"/"+c[0], c[1])
	}
}

// compact writes base on one line.
func compact(base string) string {
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(base)); err != nil {
		return base
	}
	return buf.String()
}
