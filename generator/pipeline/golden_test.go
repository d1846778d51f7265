package pipeline

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pairag.com/portal/protocol"
)

// TestGolden compares every page (its <main>, or the whole page for
// fullPageGoldens), Markdown file and published protocol file of the
// fixture site with testdata/golden; run with -update to rewrite. The
// Markdown setup's cases are package markdown's (markdown/testdata/cases,
// TestCases).
func TestGolden(t *testing.T) {
	dir := mustRender(t, fixture(t))
	golden := filepath.Join("..", "testdata", "golden")
	if *update {
		os.RemoveAll(golden)
	}
	seen := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if skipGolden(filepath.ToSlash(rel)) {
			return nil
		}
		seen[rel] = true
		compareGolden(t, p, filepath.Join(golden, rel), goldenPart(filepath.ToSlash(rel)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !*update {
		filepath.WalkDir(golden, func(p string, d fs.DirEntry, err error) error {
			if rel, _ := filepath.Rel(golden, p); err == nil && !d.IsDir() && !seen[rel] {
				t.Errorf("golden file %s was not produced", rel)
			}
			return nil
		})
	}
}

// skipGolden leaves out assets (their hashes change with every CSS edit)
// and the protocol document and schema and their latest aliases, which are
// checked against their sources instead.
func skipGolden(rel string) bool {
	return strings.HasPrefix(rel, "assets/") || rel == "protocol/"+protocol.FileName || rel == "protocol/"+protocol.SchemaFileName ||
		rel == "protocol/"+latestName || rel == "protocol/"+latestSchemaName // versions_test.go
}

// fullPageGoldens are the pages whose whole HTML is kept: the home page in
// both languages, where the layout's structure is the point. Of every
// other page only the <main> element is kept, so a change to the header,
// navigation or footer does not rewrite every golden file.
var fullPageGoldens = map[string]bool{"index.html": true, "zh-CN/index.html": true}

// goldenPart returns what of a file its golden keeps.
func goldenPart(rel string) func([]byte) []byte {
	if !strings.HasSuffix(rel, ".html") || fullPageGoldens[rel] {
		return func(b []byte) []byte { return b }
	}
	return func(b []byte) []byte {
		start := bytes.Index(b, []byte("<main"))
		end := bytes.LastIndex(b, []byte("</main>"))
		if start < 0 || end < start {
			return b
		}
		return append(b[start:end+len("</main>"):end+len("</main>")], '\n')
	}
}

func compareGolden(t *testing.T, got, want string, part func([]byte) []byte) {
	t.Helper()
	g, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	g = part(g)
	if *update {
		os.MkdirAll(filepath.Dir(want), 0o755)
		if err := os.WriteFile(want, g, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	w, err := os.ReadFile(want)
	if err != nil {
		t.Errorf("%s: %v (run go test -update)", want, err)
		return
	}
	if !bytes.Equal(g, w) {
		t.Errorf("%s differs from %s (run go test -update and review the diff)\n%s", got, want, firstDiff(string(g), string(w)))
	}
}

func firstDiff(got, want string) string {
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(gl), len(wl)) {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			return "line " + strconv.Itoa(i+1) + ":\n got: " + clip(g) + "\nwant: " + clip(w)
		}
	}
	return ""
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}
