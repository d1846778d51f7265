//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pairag.com/portal/generator/reference/referencetest"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/protocol"
)

// parityCases are the texts the CLI and the module must judge alike: the
// payload corpus, and recovery cases whose fixes and suggestions carry
// offsets past non-ASCII text.
func parityCases(t *testing.T) map[string][]byte {
	t.Helper()
	files, _ := filepath.Glob("../../protocol/testdata/payloads/*.json")
	if len(files) == 0 {
		t.Fatal("no payloads")
	}
	cases := map[string][]byte{}
	for _, f := range files {
		cases[filepath.Base(f)] = readFile(t, f)
	}
	ref := string(cases["reference-example.json"])
	stages := strings.Index(ref, `"stages"`)
	closeManifest := strings.LastIndex(ref[:stages], "}") + 1
	for name, text := range map[string]string{
		"prose around a fence":  "这是载荷 → 😀\n```json\n" + ref + "\n```\n谢谢！",
		"two fenced payloads":   "```json\n" + ref + "\n```\n\n```json\n" + ref + "\n```\n",
		"two objects":           ref + "\n" + ref,
		"a stray brace":         ref[:closeManifest] + "}" + ref[closeManifest:],
		"schema key and commas": strings.Replace(ref, `"manifest"`, `"$schema": "→", "manifest"`, 1) + "\n",
	} {
		cases[name] = []byte(text)
	}
	return cases
}

// toBytes converts the UTF-16 offsets of a module answer for text back to
// bytes, and drops from and to, which the CLI does not print, so the answer
// compares with gen validate --format json.
func toBytes(t *testing.T, text string, answer []byte) cliResult {
	t.Helper()
	var w cliResult
	if err := json.Unmarshal(answer, &w); err != nil {
		t.Fatalf("%v: %.200s", err, answer)
	}
	at := byteOffsets(text)
	conv := func(f *protocol.Fix) {
		f.Start, f.End = at[f.Start], at[f.End]
	}
	for i := range w.Findings {
		f := &w.Findings[i]
		if f.Fix != nil {
			conv(f.Fix)
		}
		for j := range f.Suggestions {
			for k := range f.Suggestions[j].Edits {
				conv(&f.Suggestions[j].Edits[k])
			}
		}
	}
	return w
}

// genValidate runs the gen binary from the repository root, as a creator
// does, and decodes its JSON.
func genValidate(t *testing.T, gen, file, tier, lang string) (cliResult, int) {
	t.Helper()
	cmd := exec.Command(gen, "validate", "--format", "json", "--tier", tier, "--lang", lang, file)
	cmd.Dir = "../.."
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	err := cmd.Run() // exit 1 means errors found; the JSON says so
	if e, ok := err.(*exec.ExitError); ok && e.ExitCode() == 2 {
		return cliResult{}, 2
	}
	var r cliResult
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("gen validate %s: %v: %q", file, err, stdout.String())
	}
	return r, 0
}

// buildGen builds the gen command into a temporary directory.
func buildGen(t *testing.T) string {
	t.Helper()
	gen, err := filepath.Abs(filepath.Join(t.TempDir(), "gen"))
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("go", "build", "-o", gen, "../gen").CombinedOutput(); err != nil {
		t.Fatalf("build gen: %v\n%s", err, out)
	}
	return gen
}

// TestAdapterAgreesWithCLI runs every case through gen validate and through
// the module's adapter (natively), for every tier and both languages, and
// requires the same findings, fixes and suggestions, offsets converted from
// UTF-16; and the same answer to an unknown language (an error) and to a
// tier the app does not know.
func TestAdapterAgreesWithCLI(t *testing.T) {
	gen := buildGen(t)
	labels, err := referencetest.TierLabels(os.DirFS("../.."))
	if err != nil {
		t.Fatal(err)
	}
	conf, _ := json.Marshal(map[string]any{"tierLabels": labels, "docs": site.FindingDocs(protocol.Default(), site.DefaultBaseURL)})
	if got := configureJSON(string(conf)); got != `{"ok":true}` {
		t.Fatal(got)
	}
	t.Cleanup(func() { configureJSON(`{}`) })
	dir := t.TempDir()
	for name, text := range parityCases(t) {
		file := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
		if err := os.WriteFile(file, text, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, tier := range []string{"free", "pro", "ultra", "42"} {
			for _, lang := range []string{"en", "zh-CN"} {
				cli, _ := genValidate(t, gen, file, tier, lang)
				tierArg := str(tier)
				if tier == "42" {
					tierArg = arg{s: "42", given: true} // a number from JavaScript
				}
				web := toBytes(t, string(text), []byte(validateJSON(string(text), tierArg, str(lang))))
				if diff := cmp.Diff(cli, web); diff != "" {
					t.Errorf("%s tier %s lang %s: CLI and module differ (-cli +module):\n%s", name, tier, lang, diff)
				}
			}
		}
	}
	if _, code := genValidate(t, gen, "protocol/testdata/payloads/empty.json", "pro", "fr"); code != 2 {
		t.Errorf("gen validate --lang fr: exit %d; want 2", code)
	}
	if got := validateJSON("{}", str("pro"), str("fr")); !strings.HasPrefix(got, `{"error":`) {
		t.Errorf("pairagValidate with lang fr = %.200s; want an error", got)
	}
}
