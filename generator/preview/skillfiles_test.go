package preview

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestSkillFilesInert serves a skill with an HTML companion and its
// script: the companion is sent byte for byte (no reload script), as a
// sandboxed download that no sniffing can turn into a page; the skill's
// own page and its companion's keep their scripts and get the reload
// script.
func TestSkillFilesInert(t *testing.T) {
	dir := copyRepo(t)
	ar, err := txtar.ParseFile("../../generator/testdata/skillpub.txtar")
	if err != nil {
		t.Fatal(err)
	}
	src := map[string]string{}
	for _, f := range ar.Files {
		writeFile(t, filepath.Join(dir, f.Name), string(f.Data))
		src[f.Name] = string(f.Data)
	}
	p := startPreview(t, dir, Config{})
	for _, name := range []string{"viewer.html", "viewer.js", "assets/icon.svg"} {
		code, h, body := p.get("/skills/widget-viewer/" + name)
		if code != 200 {
			t.Fatalf("%s: status %d", name, code)
		}
		if want := src["content/skills/widget-viewer/"+name]; body != want {
			t.Errorf("%s: served %q; want the author's bytes %q", name, body, want)
		}
		if csp := h.Get("Content-Security-Policy"); !strings.HasSuffix(csp, ", sandbox") || h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: CSP %q, X-Content-Type-Options %q; want a sandbox policy and nosniff", name, csp, h.Get("X-Content-Type-Options"))
		}
		if d := h.Get("Content-Disposition"); (name != "viewer.js") != (d == "attachment") {
			t.Errorf("%s: Content-Disposition %q", name, d)
		}
	}
	// The skill's page and its companion's page (reference/format.md
	// rendered) are ours: scripts run, the reload script is there.
	for _, page := range []string{"/skills/widget-viewer/", "/skills/widget-viewer/reference/format/", "/zh-CN/skills/widget-viewer/reference/format/"} {
		code, h, body := p.get(page)
		if code != 200 || strings.Contains(h.Get("Content-Security-Policy"), "sandbox") || !strings.Contains(body, "/__gen/reload.js") {
			t.Errorf("page %s: status %d, CSP %q, reload script %v; want 200, no sandbox, the script", page, code, h.Get("Content-Security-Policy"), strings.Contains(body, "/__gen/reload.js"))
		}
	}
}
