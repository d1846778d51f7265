//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"pairag.com/portal/generator/reference/referencetest"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/corpus"
)

// readCorpus reads the generated corpus (see package corpus).
func readCorpus(t *testing.T) []corpus.Case {
	t.Helper()
	cases, err := corpus.Read("../../protocol/testdata/corpus/payloads.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestCorpusWasmAgreesWithCLI runs every case of the generated corpus,
// in both languages, through gen validate started in an empty temporary
// directory (so nothing it prints may depend on the repository around it)
// and through the real module under node, configured as the site
// configures it, and requires the same findings, offsets converted from
// UTF-16. Texts that are not UTF-8 are left out: a page can only send
// the module a JavaScript string.
func TestCorpusWasmAgreesWithCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("2,400 runs of gen validate: about a minute on a quiet machine")
	}
	gen := buildGen(t)
	labels, err := referencetest.TierLabels(os.DirFS("../.."))
	if err != nil {
		t.Fatal(err)
	}
	conf, _ := json.Marshal(map[string]any{"tierLabels": labels, "docs": site.FindingDocs(protocol.Default(), site.DefaultBaseURL)})
	inputs := []wasmInput{{Text: string(conf), Configure: true}}
	type job struct {
		name, file, tier, lang string
	}
	var jobs []job
	dir, work := t.TempDir(), t.TempDir()
	for i, c := range readCorpus(t) {
		if !utf8.ValidString(c.Text) {
			continue
		}
		file := filepath.Join(dir, strconv.Itoa(i)+".json")
		if err := os.WriteFile(file, []byte(c.Text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"en", "zh-CN"} {
			inputs = append(inputs, wasmInput{Text: c.Text, Tier: c.Tier, Lang: lang})
			jobs = append(jobs, job{c.Name, file, c.Tier, lang})
		}
	}
	cli := make([]cliResult, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Go(func() {
			for i := range next {
				cli[i] = genValidateIn(t, gen, work, jobs[i].file, jobs[i].tier, jobs[i].lang)
			}
		})
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	got := runWasm(t, inputs)
	for i, raw := range got[1:] {
		if diff := cmp.Diff(cli[i], toBytes(t, inputs[i+1].Text, raw)); diff != "" {
			t.Errorf("%s tier %s lang %s: CLI and WebAssembly differ (-cli +wasm):\n%s", jobs[i].name, jobs[i].tier, jobs[i].lang, diff)
		}
	}
	t.Logf("%d validations compared", len(jobs))
}

// genValidateIn runs gen validate --format json in dir.
func genValidateIn(t *testing.T, gen, dir, file, tier, lang string) cliResult {
	cmd := exec.Command(gen, "validate", "--format", "json", "--tier", tier, "--lang", lang, file)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run() // exit 1 means errors found; the JSON says so
	var r cliResult
	if jerr := json.Unmarshal(stdout.Bytes(), &r); jerr != nil {
		t.Errorf("gen validate %s (%v): %v: %q %s", file, err, jerr, stdout.String(), stderr.String())
	}
	return r
}
