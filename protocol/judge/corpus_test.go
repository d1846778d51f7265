package judge

import (
	"encoding/json"
	"os"
	"os/exec"
	corpusfile "pairag.com/portal/protocol/corpus"
	"path/filepath"
	"testing"

	"pairag.com/portal/protocol"
)

// readCorpus reads the generated corpus (see package protocol/corpus).
func readCorpus(t testing.TB) []corpusfile.Case {
	t.Helper()
	cases, err := corpusfile.Read("../testdata/corpus/payloads.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestCorpusJudges holds the engine to both JSON Schema judges on every
// case of the generated corpus: santhosh-tekuri/jsonschema (exact numbers:
// both promises of the differential tests) and Ajv 8 under node (JSON.parse
// numbers: whatever it rejects, the engine rejects at the same pointer).
func TestCorpusJudges(t *testing.T) {
	cases := readCorpus(t)
	j := mustJudge(t)
	texts := make([]string, len(cases))
	rejected := 0
	for i, c := range cases {
		texts[i] = c.Text
		vs, err := j.Validate([]byte(c.Text))
		if err != nil {
			continue // not JSON to the schema validator
		}
		if len(vs) > 0 {
			rejected++
		}
		if d := disagreement(Pointers(vs), engineVerdict([]byte(c.Text)), true); d != "" {
			t.Errorf("%s (jsonschema): %s", c.Name, d)
		}
	}
	t.Logf("%d cases, %d rejected by jsonschema", len(cases), rejected)
	verdicts := ajvVerdicts(t, texts)
	rejected = 0
	for i, ptrs := range verdicts {
		if ptrs == nil {
			continue // not JSON to JSON.parse
		}
		if len(ptrs) > 0 {
			rejected++
		}
		if d := disagreement(ptrs, engineVerdict([]byte(texts[i])), false); d != "" {
			t.Errorf("%s (Ajv): %s", cases[i].Name, d)
		}
	}
	t.Logf("%d rejected by Ajv", rejected)
}

// ajvVerdicts runs judge.mjs on texts: for each, the sorted pointers Ajv
// rejects, or nil when JSON.parse refuses the text.
func ajvVerdicts(t *testing.T, texts []string) [][]string {
	t.Helper()
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
	tmp := t.TempDir()
	in, _ := json.Marshal(texts)
	schemaPath, inPath, outPath := filepath.Join(tmp, "schema.json"), filepath.Join(tmp, "in.json"), filepath.Join(tmp, "out.json")
	for p, b := range map[string][]byte{schemaPath: schema, inPath: in} {
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command(node, filepath.Join(dir, "judge.mjs"), schemaPath, inPath, outPath).CombinedOutput(); err != nil {
		t.Fatalf("node judge.mjs: %v\n%s", err, out)
	}
	b, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	var verdicts [][]string
	if err := json.Unmarshal(b, &verdicts); err != nil || len(verdicts) != len(texts) {
		t.Fatalf("Ajv output: %v (%d verdicts for %d payloads)", err, len(verdicts), len(texts))
	}
	return verdicts
}
