package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	gowasm "pairag.com/portal/generator/wasm"
	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/catalog"
	"pairag.com/portal/protocol/corpus"
	"pairag.com/portal/protocol/jsonpos"
)

// webResultOf converts every offset of res, a result for text, to UTF-16:
// the answer as a value, built as the module built it before encodeResult
// wrote it directly, which json.Marshal writes for the comparison.
func webResultOf(text []byte, res protocol.Result) webResult {
	out := webResult{Valid: res.Valid, Tier: res.Tier, Findings: make([]webFinding, 0, len(res.Findings))}
	var offsets []int
	for _, f := range res.Findings {
		s, e := f.Span()
		offsets = append(offsets, s, e)
		if f.Fix != nil {
			offsets = append(offsets, f.Fix.Start, f.Fix.End)
		}
		for _, sg := range f.Suggestions {
			for _, ed := range sg.Edits {
				offsets = append(offsets, ed.Start, ed.End)
			}
		}
	}
	pos := jsonpos.Positions(text, offsets)
	next := func() int { p := pos[0].UTF16; pos = pos[1:]; return p }
	for _, f := range res.Findings {
		w := webFinding{Finding: f, From: next(), To: next()}
		if f.Fix != nil {
			w.Fix = &protocol.Fix{Start: next(), End: next(), Replacement: f.Fix.Replacement}
		}
		for _, sg := range f.Suggestions {
			edits := make([]protocol.Fix, len(sg.Edits))
			for i, ed := range sg.Edits {
				edits[i] = protocol.Fix{Start: next(), End: next(), Replacement: ed.Replacement}
			}
			sg.Edits = edits
			w.Suggestions = append(w.Suggestions, sg)
		}
		out.Findings = append(out.Findings, w)
	}
	return out
}

// TestEncodeMatchesJSON: the module's answers are, byte for byte, what
// json.Marshal writes for them, on every case of the corpus in both
// languages, fixes and suggestions included.
func TestEncodeMatchesJSON(t *testing.T) {
	cases, err := corpus.Read("../../protocol/testdata/corpus/payloads.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	withSuggestions := 0
	for _, c := range cases {
		for _, lang := range []string{"en", "zh-CN"} {
			b := []byte(c.Text)
			res := protocol.Validate(b, protocol.Options{Tier: c.Tier, Lang: lang})
			r := webResultOf(b, res)
			want, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			if got := encodeResult(b, res); got != string(want) {
				t.Fatalf("%s (%s): encodeResult differs from json.Marshal:\n%s", c.Name, lang, cmp.Diff(string(want), got))
			}
			for _, f := range r.Findings {
				if len(f.Suggestions) > 0 {
					withSuggestions++
				}
			}
		}
	}
	if withSuggestions == 0 {
		t.Error("no case of the corpus has a suggestion; the comparison does not cover them")
	}
	for _, a := range []fixAnswer{{}, {Text: "<é>", Applied: 2, Left: 1, Message: "m"}, {Text: "x", Refused: "r", Message: "r"}} {
		want, _ := json.Marshal(a)
		if got := encodeFixAnswer(a); got != string(want) {
			t.Errorf("encodeFixAnswer(%+v) = %s; want %s", a, got, want)
		}
	}
	want, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{"bad \"x\" <y>"})
	if got := errorJSON("bad \"x\" <y>"); got != string(want) {
		t.Errorf("errorJSON = %s; want %s", got, want)
	}
}

// TestDecodeConfigurationMatchesJSON: pairagConfigure reads what
// json.Unmarshal reads, and refuses what it refuses.
func TestDecodeConfigurationMatchesJSON(t *testing.T) {
	docs, err := json.Marshal(catalog.NewDocsIndex(protocol.Default(), "https://x", map[string]string{"en": "/docs/", "zh-CN": "/zh-CN/docs/"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		`{}`, `{"tierLabels": {"free": {"en": "Free plan", "zh-CN": "免费套餐"}}, "someday": 1}`,
		`{"docs": ` + string(docs) + `}`, `{"docs": null, "tierLabels": null}`, `{"tierLabels": {"pro": {"en": null, "other": 3}}}`,
	} {
		var want configuration
		if err := json.Unmarshal([]byte(text), &want); err != nil {
			t.Fatal(err)
		}
		got, err := decodeConfiguration(text)
		if err != nil {
			t.Errorf("decodeConfiguration(%.80s) = %v", text, err)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("decodeConfiguration(%.80s) differs from json.Unmarshal (-json +ours):\n%s", text, diff)
		}
	}
	for _, text := range []string{`{`, `[]`, `{"tierLabels": 5}`, `{"tierLabels": {"free": {"en": 1}}}`, `{"docs": {"pages": []}}`, `{"docs": {"fieldCodes": [1]}}`} {
		var j configuration
		if json.Unmarshal([]byte(text), &j) == nil {
			t.Fatalf("json.Unmarshal accepts %s; the case is wrong", text)
		}
		if _, err := decodeConfiguration(text); err == nil {
			t.Errorf("decodeConfiguration(%s) = nil error; want one, as json.Unmarshal gives", text)
		}
	}
}

// TestModuleLeavesOutReflection: no function of fmt, encoding/json,
// reflect or sort is linked into the module, the largest packages the
// engine does not need: about 135 KB of the module, brotli (issue 19);
// nor the protocol documents' decoder (about 26 KB) or the comparison of
// two versions (13 KB), nor sorts of any type but int (about 11 KB).
func TestModuleLeavesOutReflection(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the module")
	}
	wasm := filepath.Join(t.TempDir(), "validator.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-o", wasm, ".")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm", "GOEXPERIMENT="+gowasm.Experiments)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	data, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	names := wasmFunctionNames(t, data)
	if len(names) < 1000 {
		t.Fatalf("the module names %d functions; want its name section", len(names))
	}
	count := map[string]int{}
	for _, n := range names {
		for _, pkg := range []string{"fmt.", "encoding_json.", "encoding/json.", "reflect.", "sort."} {
			// A package's init is linked when anything imports it
			// (runtime/debug imports fmt); only what it runs counts.
			if strings.HasPrefix(n, pkg) && n != pkg+"init" {
				count[pkg]++
			}
		}
	}
	for pkg, n := range count {
		t.Errorf("the module links %d functions of %s; the engine's path must do without it (see protocol/internal/format, protocol/spec/decode.go, cmd/validator/encode.go)", n, strings.TrimSuffix(pkg, "."))
	}
	// One generic sort, of ints: a sort of findings, edits or strings is a
	// sort of their indices (protocol/finding.go, internal/textedit) or an
	// insertion sort of a few names, since every other instantiation adds
	// its own code (10-17 KB each).
	for _, n := range names {
		sorting := (strings.Contains(strings.ToLower(n), "sort") || strings.Contains(n, "symMerge") || strings.Contains(n, "stable") || strings.Contains(n, "rotate") || strings.Contains(n, "partition"))
		if strings.HasPrefix(n, "slices.") && sorting && !strings.HasPrefix(n, "slices.IsSorted") && !strings.HasSuffix(n, "go.shape.int_") {
			t.Errorf("the module links %s; sort indices (ints) instead", n)
		}
	}
	// Built as gen build builds it (wasm.Experiments), the module has the
	// collector before Green Tea: no span queues (45 KB of code).
	for _, n := range names {
		if strings.HasPrefix(n, "runtime.__spanQueue_.") {
			t.Errorf("the module links %s; build it with GOEXPERIMENT=%s", n, gowasm.Experiments)
			break
		}
	}
	// The documents are compiled in as data (protocol/published): the
	// decoder of their text, its consistency checks and the changes
	// between versions (spec.Document.Changed) stay out.
	for _, n := range names {
		for _, fn := range []string{"protocol_spec.decodeDocument", "protocol_spec.__decoder_.", "protocol_spec.__Document_.check", "protocol_spec.ParseSet", "protocol_spec.Changes", "protocol_spec.fieldChanges"} {
			if strings.Contains(n, fn) {
				t.Errorf("the module links %s; it must take the documents from protocol/published, decoded when they were generated", n)
			}
		}
	}
}

// TestModuleImportsNoSystemPackages: the module's packages leave out
// runtime/debug (which brings fmt and os), embed and io/fs (which bring
// time), and time (whose GODEBUG settings bring internal/godebug, bisect
// and the runtime's metrics): 50 KB of the module, brotli, that the engine
// never runs (issue 19). The adapter reaches the collector's settings
// through a linkname (adapter.go), and protocol compiles its documents in
// as constants (versions.go). Nor syscall/js: the module exports its
// functions (main.go, glue.js), which left out 15 KB, brotli.
func TestModuleImportsNoSystemPackages(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "pairag.com/portal/protocol") {
		t.Fatalf("go list -deps = %q; want the protocol package among them", deps)
	}
	for _, pkg := range []string{"runtime/debug", "fmt", "os", "embed", "io/fs", "time", "internal/godebug", "reflect", "encoding/json", "sort", "syscall/js"} {
		if slices.Contains(deps, pkg) {
			t.Errorf("the module imports %s; keep it out (see the test's comment for where each came from)", pkg)
		}
	}
}

// wasmFunctionNames reads the function names of a WebAssembly module's
// name section.
func wasmFunctionNames(t *testing.T, b []byte) []string {
	t.Helper()
	p := 8
	uleb := func() int {
		r, s := 0, 0
		for p < len(b) {
			x := b[p]
			p++
			r |= int(x&0x7f) << s
			s += 7
			if x&0x80 == 0 {
				break
			}
		}
		return r
	}
	var names []string
	for p < len(b) {
		id := b[p]
		p++
		size := uleb()
		end := p + size
		if id == 0 {
			l := uleb()
			if string(b[p:p+l]) == "name" {
				p += l
				for p < end {
					sub := b[p]
					p++
					subSize := uleb()
					subEnd := p + subSize
					if sub == 1 {
						for n := uleb(); n > 0; n-- {
							uleb() // the function's index
							l := uleb()
							names = append(names, string(b[p:p+l]))
							p += l
						}
					}
					p = subEnd
				}
			}
		}
		p = end
	}
	return names
}
