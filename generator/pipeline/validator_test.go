package pipeline

import (
	"encoding/json"
	"errors"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"pairag.com/portal/protocol"
	"pairag.com/portal/templates"
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
		// The start script, the theme script and the stylesheets are in the
		// HTML, so the first paint, and the module's request after it, wait
		// for no request after the page's own (issue 19).
		start, _ := templates.InlineScript(templates.ValidatorStart())
		if !strings.Contains(body, "</section><script>"+start+"</script>") {
			t.Errorf("%s has no inline start script right after the tool", page)
		}
		head := body[:strings.Index(body, "</head>")]
		inline, err := templates.NewInlineHead(templates.ThemeScript(), append(templates.ToolPageStyleSheet(), templates.ValidatorStyleSheet()...))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(head, "<script>"+inline.Script+"</script><style>"+inline.CSS+"</style>") {
			t.Errorf("%s does not carry the theme script and the stylesheets inline in its head", page)
		}
		// Without the skill pages' rules: each class of the page that they
		// name is styled by the inline sheet too (.notice moved to site.css).
		skills, ok := strings.CutPrefix(string(templates.StyleSheet()), string(templates.ToolPageStyleSheet()))
		if !ok || !strings.Contains(skills, ".skill-") || strings.Contains(inline.CSS, ".skill-") {
			t.Fatalf("the site's stylesheet is not the validator page's (without the skill pages' rules) followed by those rules")
		}
		for _, m := range regexp.MustCompile(`class="([^"]*)"`).FindAllStringSubmatch(body[len(head):], -1) {
			for _, c := range strings.Fields(m[1]) {
				named := regexp.MustCompile(`\.` + regexp.QuoteMeta(c) + `[^\w-]`)
				if named.MatchString(skills) && !named.MatchString(inline.CSS) {
					t.Errorf("%s: class %q is styled only by the skill pages' rules, which the page does not carry", page, c)
				}
			}
		}
		if m := regexp.MustCompile(`<link rel="stylesheet"[^>]*>|<script src="/assets/(theme|validator-start)\.[^>]*>`).FindString(head); m != "" {
			t.Errorf("%s asks for %s; want it inline", page, m)
		}
		// Its scripts are preloaded before the inline stylesheet, with high
		// priority (with the low one they waited for the body, 0.2 s later
		// on a phone), and not run by the HTML: the start script runs them
		// once it has asked for the module, so the parse's end does not
		// hold the request back.
		if !regexp.MustCompile(`<link rel="preload" as="script" href="/assets/site\.[0-9a-f]+\.js" fetchpriority="high"><link rel="preload" as="script" href="/assets/validator\.[0-9a-f]+\.js" fetchpriority="high"><script>`).MatchString(head) {
			t.Errorf("%s does not preload its scripts, with high priority, before its inline head:\n%.300s", page, head[strings.Index(head, "<meta name=\"twitter:description\""):])
		}
		if m := regexp.MustCompile(`<script src=[^>]*>`).FindString(body); m != "" {
			t.Errorf("%s runs %s from its HTML; want its scripts run by the start script", page, m)
		}
	}
	// Every other page links the site's stylesheet, cached from page to
	// page, and defers its script.
	if body := readFile(t, dir, "index.html"); !regexp.MustCompile(`<script src="/assets/theme\.[0-9a-f]+\.js"></script><link rel="stylesheet" href="/assets/site\.[0-9a-f]+\.css"><script src="/assets/site\.[0-9a-f]+\.js" defer></script>`).MatchString(body) || strings.Contains(body, "<style>") || strings.Contains(body, `rel="preload"`) {
		t.Errorf("the home page does not link the theme script and the site's stylesheet and defer its script, or carries a style element or a preload")
	}
	// The worker script carries wasm_exec.js in front of it, so the worker
	// makes no second request before it can start the module.
	if w := readFile(t, dir, strings.TrimPrefix(built.Worker, "/")); !strings.HasPrefix(w, "// wasm_exec\n") || !strings.Contains(w, "self.pairagWorker") {
		t.Errorf("the worker script does not start with wasm_exec.js followed by the worker:\n%.200s", w)
	}
}

// TestBuildChecksInlineHashes: the repository's netlify.toml allows the
// validator page's inline scripts and stylesheet by their hashes (an edit
// of site.css, validator.css, theme.js or validator-start.js changes one,
// and the build names the one to put there); without them the build
// fails at the policy's line, since browsers would refuse the code.
func TestBuildChecksInlineHashes(t *testing.T) {
	repo, err := os.ReadFile("../../netlify.toml")
	if err != nil {
		t.Fatal(err)
	}
	bare := regexp.MustCompile(` 'sha256-[^']*'`).ReplaceAllString(string(repo), "")
	for _, c := range []struct {
		name, toml string
		want       int // errors at netlify.toml
	}{{"the repository's", string(repo), 0}, {"without the hashes", bare, 3}} {
		fsys := withFiles(fixture(t), map[string]string{
			"content/en/validator.md":    "---\ntitle: Validator\ndescription: Check a payload.\n---\n\nCheck a payload.\n",
			"content/zh-CN/validator.md": "---\ntitle: 校验器\ndescription: 检查载荷。\n---\n\n检查载荷。\n",
			"netlify.toml":               c.toml,
		})
		_, err := Render(t.Context(), Config{Content: fsys, BaseURL: "https://example.test",
			Validator: &Validator{Wasm: []byte("\x00asm\x01\x00\x00\x00"), WasmExec: []byte("// wasm_exec")}}, t.TempDir())
		var list ErrorList
		errors.As(err, &list)
		var got []string
		for _, e := range list {
			if e.File == "netlify.toml" && e.Line > 0 && strings.Contains(e.Msg, "'sha256-") {
				got = append(got, e.Msg)
			}
		}
		if len(got) != c.want {
			t.Errorf("%s netlify.toml: %d errors about inline code %q; want %d", c.name, len(got), got, c.want)
		}
	}
}
