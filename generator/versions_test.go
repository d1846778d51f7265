package generator

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

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

// withV19 returns the small site with the fixture V19 added, and a label in
// both languages for each value V19 adds (the build requires them).
func withV19(t testing.TB) fstest.MapFS {
	t.Helper()
	v19 := fixtureV19(t)
	d19, err := protocol.Parse(v19)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fixture(t)
	labels := string(fsys[labelsFile].Data)
	trans := string(fsys[translationsFile].Data)
	for _, c := range protocol.Changes(protocol.Default(), d19) {
		if c.Kind == protocol.FieldRenamed { // the description moves with the field
			for _, line := range strings.Split(trans, "\n") {
				if rest, ok := strings.CutPrefix(line, c.Where+"."+c.Old+":"); ok {
					trans += c.Where + "." + c.New + ":" + rest + "\n"
				}
			}
		}
		if c.Kind == protocol.ValueAdded {
			kind := strings.TrimSuffix(c.Where, "_enum")
			line := fmt.Sprintf("  %d: {en: %q, zh-CN: %q}\n", c.ID, c.Name, c.Name)
			labels = strings.Replace(labels, kind+":\n", kind+":\n"+line, 1)
		}
	}
	return withFiles(fsys, map[string]string{"protocol/pairag-task-publish-v19.json": string(v19), labelsFile: labels, translationsFile: trans})
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
	after := siteFiles(t, mustRender(t, withV19(t)))
	// The latest aliases and the indexes of every page change; nothing else.
	names := map[string]bool{"/protocol/" + latestName: true, "/protocol/" + latestSchemaName: true, "/sitemap.xml": true}
	for _, lang := range []string{"", "/zh-CN"} {
		names[lang+"/llms.txt"], names[lang+"/llms-full.txt"] = true, true
	}
	for name, data := range before {
		if names[name] || name == "/search/manifest.json" || strings.HasPrefix(name, "/assets/search-") {
			continue // the search index covers every page, the new changelog too
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
	_, _, err := render(t, withFiles(withV19(t), map[string]string{"protocol/pairag-task-publish-v19.json": broken}))
	if err == nil || !strings.Contains(err.Error(), "protocol/pairag-task-publish-v19.json:4:") {
		t.Errorf("Render with a broken V19 = %v; want an error at protocol/pairag-task-publish-v19.json:4", err)
	}
	// A value new in V19 needs its labels in both languages.
	v19 := string(fixtureV19(t))
	_, _, err = render(t, withFiles(fixture(t), map[string]string{"protocol/pairag-task-publish-v19.json": v19}))
	if err == nil || !strings.Contains(err.Error(), labelsFile+": script_language") || !strings.Contains(err.Error(), "has no en label") {
		t.Errorf("Render with V19 and no label for its new value = %v; want a labels error", err)
	}
}

// TestNetlifyLatest checks that the latest aliases name the current
// version's files as canonical.
func TestNetlifyLatest(t *testing.T) {
	cfg := readNetlify(t)
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

// TestChangelogPages checks the generated page of the fixture V19 in both
// languages: one line per change, in the section of its kind, and the
// Chinese page stamped so the drift check has nothing to say.
func TestChangelogPages(t *testing.T) {
	v19 := fixtureV19(t)
	d19, err := protocol.Parse(v19)
	if err != nil {
		t.Fatal(err)
	}
	changes := protocol.Changes(protocol.Default(), d19)
	var log bytes.Buffer
	dir := t.TempDir()
	fsys := withV19(t)
	if _, err := Render(context.Background(), Config{Content: fsys, BaseURL: "https://example.test", Log: &log}, dir); err != nil {
		t.Fatalf("Render: %v", err)
	}
	if strings.Contains(log.String(), "changes-v19") {
		t.Errorf("warnings about the generated page:\n%s", log.String())
	}
	for _, lang := range []string{en, zh} {
		prefix := langPrefix(lang)
		md := readFile(t, dir, prefix+"/docs/changes-v19.md")
		html := readFile(t, dir, prefix+"/docs/changes-v19/index.html")
		items := strings.Count(md, "\n- ")
		if items != len(changes) {
			t.Errorf("%s: %d items; want one per change (%d):\n%s", lang, items, len(changes), md)
		}
		for _, c := range changes {
			line := "- " + codeSpan(c.Where) + changelogText[lang].Colon + changeText(changelogText[lang], c)
			if !strings.Contains(md, line+"\n") {
				t.Errorf("%s: page lacks %q", lang, line)
			}
		}
		for _, want := range []string{`id="fields"`, `id="values"`, `id="limits"`, `id="example"`, "19.0"} {
			if !strings.Contains(html, want) {
				t.Errorf("%s: page lacks %s", lang, want)
			}
		}
		if strings.Contains(html, `id="rules"`) {
			t.Errorf("%s: a rules section with no rule changed", lang)
		}
	}
}

// TestVersionBar adds test-only reference pages for V19: both reference
// pages get the switcher, the V18 one the banner linking to the same page
// of V19, and the published Markdown of V18 stays as it was.
func TestVersionBar(t *testing.T) {
	d19, err := protocol.Parse(fixtureV19(t))
	if err != nil {
		t.Fatal(err)
	}
	v18, rel19 := protocol.Default(), referenceRel(d19)
	before := siteFiles(t, mustRender(t, withV19(t)))
	page := "---\ntitle: %s\ndescription: %s\nnav: false\n---\n\nV19.\n\n## Stages {#stages}\n\nStages.\n"
	after := siteFiles(t, mustRender(t, withFiles(withV19(t), map[string]string{
		"content/en/" + rel19:    fmt.Sprintf(page, "V19 field reference", "The V19 fields."),
		"content/zh-CN/" + rel19: fmt.Sprintf(page, "V19 字段参考", "V19 的字段。"),
	})))
	for _, lang := range []string{en, zh} {
		s := versionBarText[lang]
		old := string(after[pageURL(lang, referenceRel(v18))+"index.html"])
		cur := string(after[pageURL(lang, rel19)+"index.html"])
		if old == "" || cur == "" {
			t.Fatalf("%s: a reference page is missing", lang)
		}
		banner := fmt.Sprintf(s.Banner, v18.Version, d19.Version)
		link := fmt.Sprintf(`<a href="%s" data-keep-hash>%s</a>`, pageURL(lang, rel19), fmt.Sprintf(s.Link, d19.Version))
		for _, want := range []string{`class="version-banner"`, banner, link, `<span aria-current="page">` + v18.Version + `</span>`, `/assets/versions.`} {
			if !strings.Contains(old, want) {
				t.Errorf("%s V18 page lacks %s", lang, want)
			}
		}
		if strings.Contains(cur, `class="version-banner"`) || !strings.Contains(cur, `<span aria-current="page">`+fmt.Sprintf(s.Current, d19.Version)+`</span>`) {
			t.Errorf("%s V19 page: want the switcher with V19 current and no banner", lang)
		}
		for _, name := range []string{markdownURLOf(lang, referenceRel(v18)), "/protocol/" + referenceName(lang), "/protocol/" + bundleName(lang)} {
			if len(before[name]) == 0 || !bytes.Equal(before[name], after[name]) {
				t.Errorf("%s changed when the V19 reference page was added", name)
			}
		}
	}
}

// markdownURLOf is the Markdown version's URL of a page.
func markdownURLOf(lang, rel string) string { return langPrefix(lang) + "/" + rel }

// TestVersionBarCache: adding a version's reference page changes the bar of
// every reference page, so a cached build renders them again.
func TestVersionBarCache(t *testing.T) {
	c := NewCache()
	site := withV19(t)
	renderCached(t, site, c)
	d19, err := protocol.Parse(fixtureV19(t))
	if err != nil {
		t.Fatal(err)
	}
	page := "---\ntitle: V19\ndescription: V19.\nnav: false\n---\n\nV19.\n"
	rel := referenceRel(d19)
	dir, _ := renderCached(t, withFiles(site, map[string]string{"content/en/" + rel: page, "content/zh-CN/" + rel: page}), c)
	if !strings.Contains(readFile(t, dir, pageURL(en, referenceRel(protocol.Default()))+"index.html"), `class="version-banner"`) {
		t.Errorf("cached build kept the V18 reference page without its banner")
	}
}
