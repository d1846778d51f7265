package generator

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"pairag.com/portal/protocol"
)

// fixtureV19 is the test-only version of protocol/testdata, never published.
func fixtureV19(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile("../protocol/testdata/versions/pairag-task-publish-v19.json")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// siteFiles reads every file of a built site by site path.
func siteFiles(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out["/"+filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestVersionsKeepURLs builds the small site with and without the fixture
// V19: every file of the site without it is unchanged byte for byte, except
// the latest aliases and llms.txt, which name the current version.
func TestVersionsKeepURLs(t *testing.T) {
	base := fixture(t)
	v19 := fixtureV19(t)
	before := siteFiles(t, mustRender(t, base))
	after := siteFiles(t, mustRender(t, withFiles(base, map[string]string{"protocol/pairag-task-publish-v19.json": string(v19)})))
	names := map[string]bool{"/protocol/" + latestName: true, "/protocol/" + latestSchemaName: true, "/llms.txt": true, "/zh-CN/llms.txt": true}
	for name, data := range before {
		if names[name] {
			continue
		}
		if got, ok := after[name]; !ok || !bytes.Equal(got, data) {
			t.Errorf("%s changed when V19 was added (present: %v)", name, ok)
		}
	}
	d19, err := protocol.Parse(v19)
	if err != nil {
		t.Fatal(err)
	}
	schema19, err := d19.Schema()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		want []byte
	}{
		{"/protocol/" + d19.FileName(), v19},
		{"/protocol/" + latestName, v19},
		{"/protocol/" + d19.SchemaFileName(), schema19},
		{"/protocol/" + latestSchemaName, schema19},
	} {
		if !bytes.Equal(after[tt.name], tt.want) {
			t.Errorf("%s with V19: %d bytes, not the expected %d", tt.name, len(after[tt.name]), len(tt.want))
		}
	}
	for _, llms := range []string{"/llms.txt", "/zh-CN/llms.txt"} {
		for _, site := range []struct {
			files map[string][]byte
			doc   *protocol.Document
		}{{before, protocol.Default()}, {after, d19}} {
			text := string(site.files[llms])
			if !strings.Contains(text, "/protocol/"+latestName+"): ") || !strings.Contains(text, site.doc.Version) || !strings.Contains(text, site.doc.FileName()) {
				t.Errorf("%s does not name the current version %s:\n%s", llms, site.doc.Version, text)
			}
		}
	}
	if !bytes.Equal(before["/protocol/"+latestName], protocol.Raw()) {
		t.Errorf("latest alias without V19 is not the current document")
	}
}

// TestVersionsBroken reports a broken version with its file and line.
func TestVersionsBroken(t *testing.T) {
	broken := strings.Replace(string(fixtureV19(t)), `"19.0",`, `"19.0"`, 1)
	_, _, err := render(t, withFiles(fixture(t), map[string]string{"protocol/pairag-task-publish-v19.json": broken}))
	if err == nil || !strings.Contains(err.Error(), "protocol/pairag-task-publish-v19.json:4:") {
		t.Errorf("Render with a broken V19 = %v; want an error at protocol/pairag-task-publish-v19.json:4", err)
	}
}

// TestNetlifyLatest checks that the latest aliases name the current
// version's files as canonical.
func TestNetlifyLatest(t *testing.T) {
	var cfg netlifyConfig
	if _, err := toml.DecodeFile("../netlify.toml", &cfg); err != nil {
		t.Fatal(err)
	}
	cur := protocol.Default()
	for name, target := range map[string]string{latestName: cur.CanonicalURL, latestSchemaName: cur.SchemaURL} {
		h := cfg.headersFor(t, "/protocol/"+name)
		if want := "<" + target + `>; rel="canonical"`; h["Link"] != want {
			t.Errorf("/protocol/%s: Link = %q; want %q", name, h["Link"], want)
		}
		if h["Cache-Control"] != cfg.headersFor(t, "/protocol/"+cur.FileName())["Cache-Control"] {
			t.Errorf("/protocol/%s is cached differently from the versioned file", name)
		}
	}
}
