package pipeline

import (
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"pairag.com/portal/protocol"
)

// TestValidatorAPIModule checks the published JavaScript API: at its
// stable URL, with the placeholder filled in by the hashed files that
// exist, the module's size and the tier labels of content/labels.yaml;
// and the validator page points at it and knows the example's tier.
func TestValidatorAPIModule(t *testing.T) {
	fsys := withFiles(fixture(t), map[string]string{
		"content/en/validator.md":    "---\ntitle: Validator\ndescription: Check a payload.\n---\n\nCheck a payload.\n",
		"content/zh-CN/validator.md": "---\ntitle: 校验器\ndescription: 检查载荷。\n---\n\n检查载荷。\n",
	})
	dir := t.TempDir()
	wasm := []byte("\x00asm\x01\x00\x00\x00 a module")
	if _, err := Render(t.Context(), Config{Content: fsys, BaseURL: "https://example.test",
		Validator: &Validator{Wasm: wasm, WasmExec: []byte("// wasm_exec")}}, dir); err != nil {
		t.Fatalf("Render: %v", err)
	}
	api := readFile(t, dir, "validator/pairag-validator.js")
	m := regexp.MustCompile(`(?m)^const built = (\{.*\});$`).FindStringSubmatch(api)
	if m == nil || strings.Contains(api, "filled in by gen build */ null") {
		t.Fatalf("the API module's placeholder is not filled in:\n%.600s", api)
	}
	var built struct {
		Worker, Exec, Wasm string
		WasmSize           int `json:"wasmSize"`
		Tiers              []string
		DefaultTier        string                    `json:"defaultTier"`
		TierLabels         map[string]protocol.Label `json:"tierLabels"`
	}
	if err := json.Unmarshal([]byte(m[1]), &built); err != nil {
		t.Fatal(err)
	}
	for _, url := range []string{built.Worker, built.Exec, built.Wasm} {
		if !strings.HasPrefix(url, "/assets/") {
			t.Errorf("asset URL %q is not a hashed asset", url)
		}
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(url))); err != nil {
			t.Errorf("the API names %s, which was not published: %v", url, err)
		}
	}
	doc := protocol.Default()
	if built.WasmSize != len(wasm) || !cmp.Equal(built.Tiers, doc.Tiers) || built.DefaultTier != doc.DefaultTier {
		t.Errorf("built = size %d, tiers %v, default %q; want %d, %v, %q", built.WasmSize, built.Tiers, built.DefaultTier, len(wasm), doc.Tiers, doc.DefaultTier)
	}
	if l := built.TierLabels["free"]; l.EN == "" || l.ZH == "" || l.ZH == "free" {
		t.Errorf("tierLabels[free] = %+v; want the labels of content/labels.yaml", l)
	}

	for _, page := range []string{"validator/index.html", "zh-CN/validator/index.html"} {
		body := readFile(t, dir, page)
		if !strings.Contains(body, `data-api="/validator/pairag-validator.js"`) {
			t.Errorf("%s does not point at the API module", page)
		}
		dm := regexp.MustCompile(`data-messages="([^"]*)"`).FindStringSubmatch(body)
		if dm == nil {
			t.Fatalf("%s has no data-messages", page)
		}
		var data struct {
			ExampleTier string            `json:"exampleTier"`
			TierLabels  map[string]string `json:"tierLabels"`
		}
		if err := json.Unmarshal([]byte(html.UnescapeString(dm[1])), &data); err != nil {
			t.Fatal(err)
		}
		if data.ExampleTier != doc.Example.Tier || len(data.TierLabels) != len(doc.Tiers) {
			t.Errorf("%s: exampleTier %q, %d tier labels; want %q and %d", page, data.ExampleTier, len(data.TierLabels), doc.Example.Tier, len(doc.Tiers))
		}
		// The HTML never asks for the module (a preload took the network
		// from the first paint: Lighthouse's phone LCP 4.65 s); the start
		// script, async after the tool and published, asks once the page
		// has painted.
		if strings.Contains(body, `rel="preload" href="`+built.Wasm) || !strings.Contains(body, `data-wasm="`+built.Wasm+`"`) {
			t.Errorf("%s preloads the module or does not name it in data-wasm (%s); want it asked for by the start script only", page, built.Wasm)
		}
		start := regexp.MustCompile(`</section><script src="(/assets/validator-start\.[0-9a-f]+\.js)" async fetchpriority="high"></script>`).FindStringSubmatch(body)
		if start == nil {
			t.Errorf("%s has no async start script right after the tool", page)
		} else if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(start[1]))); err != nil {
			t.Errorf("%s names %s, which was not published: %v", page, start[1], err)
		}
	}
	// The worker script carries wasm_exec.js in front of it, so the worker
	// makes no second request before it can start the module.
	if w := readFile(t, dir, strings.TrimPrefix(built.Worker, "/")); !strings.HasPrefix(w, "// wasm_exec\n") || !strings.Contains(w, "self.pairagWorker") {
		t.Errorf("the worker script does not start with wasm_exec.js followed by the worker:\n%.200s", w)
	}
}
