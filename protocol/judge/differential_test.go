package judge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/catalog"
)

// The differential tests hold the engine to two promises against the
// published schema, judged by santhosh-tekuri/jsonschema (exact numbers)
// and by Ajv 8 (JSON.parse numbers):
//
//  1. whatever the schema rejects, the engine rejects too, at the same
//     pointer (schema ⊆ engine);
//  2. every engine error of class shape is one the schema also reports at
//     that pointer; tier limits, cross-field rules and input problems are
//     the engine's alone (the class of a code's row in package catalog).

// Pointers returns the distinct pointers of violations, the schema's
// verdict as disagreement reads it.
func Pointers(vs []Violation) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range vs {
		if !seen[v.Pointer] {
			seen[v.Pointer] = true
			out = append(out, v.Pointer)
		}
	}
	return out
}

// classOf returns the class of a finding code's row.
func classOf(code string) catalog.Class {
	c, _ := catalog.Find(code)
	return c.Class
}

// disagreement compares the engine with the schema's verdict on one text.
// It returns "" when they agree, or what differs.
func disagreement(schemaPtrs []string, res protocol.Result, exactNumbers bool) string {
	engineErr := map[string]bool{}
	var msgs []string
	for _, f := range res.Findings {
		if f.Code == "findings-truncated" {
			return "" // not every finding is listed
		}
		if f.Severity == protocol.SeverityError && classOf(f.Code) == catalog.ClassInput && f.Pointer == "" {
			return "" // the engine refuses the whole text (invalid UTF-8, say), which encoding/json lets through
		}
		if f.Severity == protocol.SeverityError {
			engineErr[f.Pointer] = true
		}
	}
	for _, p := range schemaPtrs {
		if !engineErr[p] {
			msgs = append(msgs, fmt.Sprintf("the schema rejects %q, the engine does not", p))
		}
	}
	if exactNumbers {
		for _, f := range res.Findings {
			if f.Severity == protocol.SeverityError && classOf(f.Code) == catalog.ClassShape && !slices.Contains(schemaPtrs, f.Pointer) {
				msgs = append(msgs, fmt.Sprintf("the engine says %s at %q, the schema accepts it", f.Code, f.Pointer))
			}
		}
	}
	return strings.Join(msgs, "; ")
}

// engineVerdict validates as ultra, the tier with the fewest limits; the
// schema knows no tiers.
func engineVerdict(text []byte) protocol.Result {
	return protocol.Validate(text, protocol.Options{Tier: "ultra"})
}

func mustJudge(t testing.TB) *Judge {
	t.Helper()
	j, err := New(protocol.Default())
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// TestDifferential runs the corpus through the engine and the schema.
func TestDifferential(t *testing.T) {
	j := mustJudge(t)
	texts := corpus(t)
	if len(texts) < 1000 {
		t.Fatalf("corpus holds %d payloads; want at least 1000", len(texts))
	}
	rejected := 0
	for i, text := range texts {
		vs, err := j.Validate(text)
		if err != nil {
			continue // not JSON to the schema validator
		}
		if len(vs) > 0 {
			rejected++
		}
		if d := disagreement(Pointers(vs), engineVerdict(text), true); d != "" {
			t.Errorf("payload %d: %s\n%s", i, d, abbreviate(text))
		}
	}
	if rejected < len(texts)/2 {
		t.Errorf("the schema rejects only %d of %d payloads: the corpus does not test much", rejected, len(texts))
	}
	t.Logf("%d payloads, %d rejected by the schema", len(texts), rejected)
}

// TestAjvJudge runs the corpus through Ajv 8 under node, a judge written
// independently of both Go implementations.
func TestAjvJudge(t *testing.T) {
	dir := "ajv"
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ajv")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("Ajv is not installed: run npm ci --prefix protocol/judge/ajv (scripts/test does)")
		}
		t.Skip("Ajv not installed (npm ci --prefix protocol/judge/ajv)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is required for the Ajv judge")
	}
	schema, err := protocol.Default().Schema()
	if err != nil {
		t.Fatal(err)
	}
	texts := corpus(t)
	strs := make([]string, len(texts))
	for i, b := range texts {
		strs[i] = string(b)
	}
	tmp := t.TempDir()
	in, _ := json.Marshal(strs)
	schemaPath, inPath, outPath := filepath.Join(tmp, "schema.json"), filepath.Join(tmp, "in.json"), filepath.Join(tmp, "out.json")
	for p, b := range map[string][]byte{schemaPath: schema, inPath: in} {
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command(node, filepath.Join(dir, "judge.mjs"), schemaPath, inPath, outPath).CombinedOutput(); err != nil {
		t.Fatalf("node judge.mjs: %v\n%s", err, out)
	}
	var verdicts [][]string
	b, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &verdicts); err != nil || len(verdicts) != len(texts) {
		t.Fatalf("Ajv output: %v (%d verdicts for %d payloads)", err, len(verdicts), len(texts))
	}
	rejected := 0
	for i, ptrs := range verdicts {
		if ptrs == nil {
			continue // not JSON to JSON.parse
		}
		if len(ptrs) > 0 {
			rejected++
		}
		if d := disagreement(ptrs, engineVerdict(texts[i]), false); d != "" {
			t.Errorf("payload %d (Ajv): %s\n%s", i, d, abbreviate(texts[i]))
		}
	}
	t.Logf("%d payloads, %d rejected by Ajv", len(texts), rejected)
}

// FuzzDifferential holds the two promises on arbitrary JSON. Inputs that
// are not JSON, or hold number literals the engine refuses by length
// (validation_limits.max_number_length, where the schema validator's exact
// arithmetic takes seconds), are skipped.
func FuzzDifferential(f *testing.F) {
	j := mustJudge(f)
	for i, text := range corpus(f) {
		if i%25 == 0 {
			f.Add(text)
		}
	}
	f.Add([]byte(`{"manifest":{"task_duration_days":1e2},"stages":[{"fiat_enabled":true,"participant_energy":-0}]}`))
	f.Add([]byte(`{"$schema":"x","agents":[],"manifest":{"language":"EN","industry_code":"62"}}`))
	f.Fuzz(func(t *testing.T, text []byte) {
		if len(text) > 1<<16 || !json.Valid(text) || longNumber.Match(text) {
			return
		}
		vs, err := j.Validate(text)
		if err != nil {
			return
		}
		if d := disagreement(Pointers(vs), engineVerdict(text), true); d != "" {
			t.Errorf("%s\n%s", d, text)
		}
	})
}

var longNumber = regexp.MustCompile(`[0-9eE.+-]{` + strconv.Itoa(protocol.Default().Limits.MaxNumberLength) + `,}`)

// corpus returns the payloads under protocol/testdata and every mutation
// of the document's example that replaces, removes or adds one value.
func corpus(t testing.TB) [][]byte {
	t.Helper()
	var texts [][]byte
	files, _ := filepath.Glob("../testdata/payloads/*.json")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, b)
	}
	var example any
	dec := json.NewDecoder(bytes.NewReader(protocol.Default().Example.Payload))
	dec.UseNumber()
	if err := dec.Decode(&example); err != nil {
		t.Fatal(err)
	}
	for _, m := range mutations(example) {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, b)
	}
	return texts
}

// replacements are the values put in place of each value of the example.
var replacements = []any{
	nil, true, false, "", "x", "EN", "zh", "en-gb", "62", "j62", "C04", "A62", "J6201", "18.0", "Anywhere", "China · Shanghai",
	json.Number("0"), json.Number("-0"), json.Number("0.0"), json.Number("-1"), json.Number("1"), json.Number("1.5"),
	json.Number("2"), json.Number("100.0"), json.Number("1e2"), json.Number("101"), json.Number("1000"),
	json.Number("9007199254740991"), json.Number("9007199254740992"), json.Number("1e400"),
	map[string]any{}, []any{}, []any{json.Number("1")}, []any{json.Number("1"), json.Number("2")}, []any{"x"},
}

// mutations returns copies of v, each with one change.
func mutations(v any) []any {
	var out []any
	var walk func(path []any)
	walk = func(path []any) {
		cur := get(v, path)
		for _, r := range replacements {
			out = append(out, set(v, path, r))
		}
		switch c := cur.(type) {
		case map[string]any:
			out = append(out, set(v, path, with(c, "unexpected_key", json.Number("1"))))
			if len(path) == 0 {
				out = append(out, set(v, path, with(c, "$schema", "x")), set(v, path, with(c, "agents", []any{})))
			}
			if len(path) >= 2 && path[len(path)-2] == "stages" {
				out = append(out, set(v, path, with(with(c, "fiat_enabled", true), "fiat_list_amount_usd", json.Number("5"))))
				out = append(out, set(v, path, with(c, "fiat_enabled", true)))
			}
			keys := make([]string, 0, len(c))
			for k := range c {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				out = append(out, set(v, path, without(c, k)))
				walk(append(slices.Clone(path), k))
			}
		case []any:
			for i := range c {
				walk(append(slices.Clone(path), i))
			}
		}
	}
	walk(nil)
	return out
}

func get(v any, path []any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

// set returns a deep copy of v with the value at path replaced.
func set(v any, path []any, r any) any {
	if len(path) == 0 {
		return r
	}
	switch c := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(c))
		for k, x := range c {
			m[k] = x
		}
		k := path[0].(string)
		m[k] = set(c[k], path[1:], r)
		return m
	case []any:
		a := slices.Clone(c)
		i := path[0].(int)
		a[i] = set(c[i], path[1:], r)
		return a
	}
	return v
}

func with(m map[string]any, k string, x any) map[string]any {
	c := make(map[string]any, len(m)+1)
	for a, b := range m {
		c[a] = b
	}
	c[k] = x
	return c
}

func without(m map[string]any, k string) map[string]any {
	c := with(m, k, nil)
	delete(c, k)
	return c
}

func abbreviate(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}
