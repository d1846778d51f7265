package pipeline

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

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/reference"
	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/spec"
	"pairag.com/portal/templates"
)

// fixtureV19 is the test-only version of protocol/testdata, never published.
func fixtureV19(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile("../../protocol/testdata/versions/pairag-task-publish-v19.json")
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
	d19, err := spec.Parse(v19)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fixture(t)
	labels := string(fsys[labelsFile].Data)
	trans := string(fsys[translationsFile].Data)
	for _, c := range spec.Changes(protocol.Default(), d19) {
		if c.Kind == spec.FieldRenamed { // the description moves with the field
			for _, line := range strings.Split(trans, "\n") {
				if rest, ok := strings.CutPrefix(line, c.Where+"."+c.Old+":"); ok {
					trans += c.Where + "." + c.New + ":" + rest + "\n"
				}
			}
		}
		if c.Kind == spec.ValueAdded {
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
	d19, err := spec.Parse(v19)
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
			doc   *spec.Document
		}{{before, protocol.Default()}, {after, d19}} {
			text := string(site.files[llms])
			if !strings.Contains(text, "/protocol/"+latestName+"): ") || !strings.Contains(text, site.doc.Version) || !strings.Contains(text, site.doc.FileName()) {
				t.Errorf("%s does not name the current version %s:\n%s", llms, site.doc.Version, text)
			}
		}
	}
	if !bytes.Equal(before["/protocol/"+latestName], protocol.Default().Raw()) {
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
	// Each message points where the fix goes: the kind's line in the
	// labels, the string's line in the new version's file.
	for _, want := range []string{
		labelsFile + ":22: script_language 18 (zig) has no en label",
		labelsFile + ":22: script_language 18 (zig) has no zh-CN label",
		"protocol/pairag-task-publish-v19.json:39: no Chinese translation of manifest_fields.meeting_software_name in " + translationsFile,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Render with V19 and nothing else = %v; want %q", err, want)
		}
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
	d19, err := spec.Parse(v19)
	if err != nil {
		t.Fatal(err)
	}
	changes := spec.Changes(protocol.Default(), d19)
	var log bytes.Buffer
	dir := t.TempDir()
	fsys := withV19(t)
	if _, err := Render(context.Background(), Config{Content: fsys, BaseURL: "https://example.test", Log: &log, JudgedVersions: judgedIn(fsys)}, dir); err != nil {
		t.Fatalf("Render: %v", err)
	}
	if strings.Contains(log.String(), "changes-v19") {
		t.Errorf("warnings about the generated page:\n%s", log.String())
	}
	for _, lang := range []string{en, zh} {
		prefix := markdown.LangPrefix(lang)
		md := readFile(t, dir, prefix+"/docs/changes-v19.md")
		html := readFile(t, dir, prefix+"/docs/changes-v19/index.html")
		items := strings.Count(md, "\n- ")
		if items != len(changes) {
			t.Errorf("%s: %d items; want one per change (%d):\n%s", lang, items, len(changes), md)
		}
		for _, line := range strings.Split(string(reference.ChangelogMarkdown(lang, protocol.Default(), d19, reference.VersionNotes{})), "\n") {
			if strings.HasPrefix(line, "- ") && !strings.Contains(md, line+"\n") {
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
	d19, err := spec.Parse(fixtureV19(t))
	if err != nil {
		t.Fatal(err)
	}
	v18, rel19 := protocol.Default(), referenceRel(d19)
	before := siteFiles(t, mustRender(t, withV19(t)))
	after := siteFiles(t, mustRender(t, withFiles(withV19(t), v19Pages(t, withV19(t), rel19))))
	for _, lang := range []string{en, zh} {
		s := templates.For(lang)
		old := string(after[pageURL(lang, referenceRel(v18))+"index.html"])
		cur := string(after[pageURL(lang, rel19)+"index.html"])
		if old == "" || cur == "" {
			t.Fatalf("%s: a reference page is missing", lang)
		}
		banner := fmt.Sprintf(s.VersionRetired, v18.Version, d19.Version)
		link := fmt.Sprintf(`<a href="%s" data-keep-hash>%s</a>`, pageURL(lang, rel19), fmt.Sprintf(s.VersionSameSection, d19.Version))
		for _, want := range []string{`class="version-banner"`, banner, link, `<span aria-current="page">` + v18.Version + `</span>`, `/assets/versions.`} {
			if !strings.Contains(old, want) {
				t.Errorf("%s V18 page lacks %s", lang, want)
			}
		}
		if strings.Contains(cur, `class="version-banner"`) || !strings.Contains(cur, `<span aria-current="page">`+fmt.Sprintf(s.VersionCurrent, d19.Version)+`</span>`) {
			t.Errorf("%s V19 page: want the switcher with V19 current and no banner", lang)
		}
		for _, name := range []string{markdownURLOf(lang, referenceRel(v18)), "/protocol/" + referenceName(protocol.Default(), lang), "/protocol/" + bundleName(protocol.Default(), lang)} {
			if len(before[name]) == 0 || !bytes.Equal(before[name], after[name]) {
				t.Errorf("%s changed when the V19 reference page was added", name)
			}
		}
	}
}

// markdownURLOf is the Markdown version's URL of a page.
func markdownURLOf(lang, rel string) string { return markdown.LangPrefix(lang) + "/" + rel }

// TestVersionBarCache: adding a version's reference page changes the bar of
// every reference page, so a cached build renders them again.
func TestVersionBarCache(t *testing.T) {
	c := NewCache()
	site := withV19(t)
	renderCached(t, site, c)
	d19, err := spec.Parse(fixtureV19(t))
	if err != nil {
		t.Fatal(err)
	}
	dir, _ := renderCached(t, withFiles(site, v19Pages(t, site, referenceRel(d19))), c)
	if !strings.Contains(readFile(t, dir, pageURL(en, referenceRel(protocol.Default()))+"index.html"), `class="version-banner"`) {
		t.Errorf("cached build kept the V18 reference page without its banner")
	}
}

// v19Pages is a V19 reference page in both languages at rel: the V18
// page's text under V19's name, so it has every section the validator
// links (the build checks them), with the V18 page left as it is.
func v19Pages(t testing.TB, fsys fstest.MapFS, rel string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, lang := range []string{en, zh} {
		src := string(fsys["content/"+lang+"/"+referenceRel(protocol.Default())].Data)
		out["content/"+lang+"/"+rel] = strings.ReplaceAll(strings.ReplaceAll(src, "V18", "V19"), "v18", "v19")
	}
	return out
}

// withV19Reference is withV19 with a reference page for V19 in both
// languages: the V18 page's text and directives under V19's name.
func withV19Reference(t testing.TB) fstest.MapFS {
	t.Helper()
	fsys := withV19(t)
	d19, err := spec.Parse(fixtureV19(t))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, lang := range []string{en, zh} {
		src := string(fsys["content/"+lang+"/"+referenceRel(protocol.Default())].Data)
		src += "\n## Manifest {#manifest}\n\n```protocol\nmanifest_fields\n```\n\n## Script languages {#script-languages}\n\n```protocol\nscript_languages\n```\n"
		files["content/"+lang+"/"+referenceRel(protocol.Default())] = src
		files["content/"+lang+"/"+referenceRel(d19)] = strings.ReplaceAll(strings.ReplaceAll(src, "V18", "V19"), "v18", "v19")
	}
	return withFiles(fsys, files)
}

// TestVersionsFrozenTables: with a V19 reference page, V19 becomes the
// content's version. The V18 page keeps V18's tables and its published
// Markdown and bundle stay byte for byte; V19's page shows V19's tables
// and publishes its own Markdown and bundle; the bundle directive and
// llms.txt move to V19.
func TestVersionsFrozenTables(t *testing.T) {
	v18 := protocol.Default()
	d19, err := spec.Parse(fixtureV19(t))
	if err != nil {
		t.Fatal(err)
	}
	withRef := withV19Reference(t)
	before := siteFiles(t, mustRender(t, withFiles(withV19(t), map[string]string{
		"content/en/" + referenceRel(v18):    string(withRef["content/en/"+referenceRel(v18)].Data),
		"content/zh-CN/" + referenceRel(v18): string(withRef["content/zh-CN/"+referenceRel(v18)].Data),
	})))
	after := siteFiles(t, mustRender(t, withRef))
	for _, lang := range []string{en, zh} {
		for _, name := range []string{"/protocol/" + referenceName(v18, lang), "/protocol/" + bundleName(v18, lang), markdownURLOf(lang, referenceRel(v18))} {
			if len(before[name]) == 0 || !bytes.Equal(before[name], after[name]) {
				t.Errorf("%s changed when V19 got its reference page", name)
			}
		}
		old := string(after[pageURL(lang, referenceRel(v18))+"index.html"])
		cur := string(after[pageURL(lang, referenceRel(d19))+"index.html"])
		// The fixture renames video_conference_software_name, retires
		// video_conference_connection, adds the script language zig and
		// lowers Free's max_stages from 5 to 4.
		for _, tt := range []struct {
			page, name string
			html       string
			want       bool
		}{
			{"V18", "the renamed field's old name", old, true},
			{"V19", "the renamed field's old name", cur, false},
		} {
			if got := strings.Contains(tt.html, `id="manifest.video_conference_software_name"`); got != tt.want {
				t.Errorf("%s %s page has %s: %v; want %v", lang, tt.page, tt.name, got, tt.want)
			}
		}
		for _, tt := range []struct {
			html, id string
			want     bool
		}{
			{old, `id="manifest.meeting_software_name"`, false},
			{cur, `id="manifest.meeting_software_name"`, true},
			{old, `id="manifest.video_conference_connection"`, true},
			{cur, `id="manifest.video_conference_connection"`, false},
			{old, `<code>zig</code>`, false},
			{cur, `<code>zig</code>`, true},
		} {
			if got := strings.Contains(tt.html, tt.id); got != tt.want {
				page := "V19"
				if tt.html == old {
					page = "V18"
				}
				t.Errorf("%s %s page has %s: %v; want %v", lang, page, tt.id, got, tt.want)
			}
		}
		md19 := string(after["/protocol/"+referenceName(d19, lang)])
		if md19 == "" || !strings.Contains(md19, "meeting_software_name") || strings.Contains(md19, "video_conference_software_name") {
			t.Errorf("%s: /protocol/%s missing or not V19's tables", lang, referenceName(d19, lang))
		}
		bundle := string(after["/protocol/"+bundleName(d19, lang)])
		if want := bundleText(d19withRaw(t), lang, md19); bundle != want {
			t.Errorf("%s: V19 bundle is not its Markdown and its JSON (%d bytes, want %d)", lang, len(bundle), len(want))
		}
		create := string(after[pageURL(lang, "docs/create-task.md")+"index.html"])
		if !strings.Contains(create, bundleName(d19, lang)) || strings.Contains(create, bundleName(v18, lang)) {
			t.Errorf("%s: the create-task page's bundle is not V19's", lang)
		}
		llms := string(after[markdown.LangPrefix(lang)+"/llms.txt"])
		if !strings.Contains(llms, "/protocol/"+referenceName(d19, lang)) || strings.Contains(llms, "/protocol/"+referenceName(v18, lang)) {
			t.Errorf("%s llms.txt does not name V19's reference:\n%s", lang, llms)
		}
	}
	if !bytes.Equal(after["/protocol/"+v18.FileName()], before["/protocol/"+v18.FileName()]) || !bytes.Equal(after["/protocol/"+v18.SchemaFileName()], before["/protocol/"+v18.SchemaFileName()]) {
		t.Errorf("the V18 document or schema changed")
	}
}

// d19withRaw is the fixture V19 as the build reads it, with its bytes.
func d19withRaw(t testing.TB) *spec.Document {
	t.Helper()
	docs, err := spec.ParseVersions(fstest.MapFS{"pairag-task-publish-v19.json": {Data: fixtureV19(t)}})
	if err != nil {
		t.Fatal(err)
	}
	return docs[0]
}

// TestChangeNotes: hand-written notes appear under the intro and under
// their entry in both languages, after the generated text, which stays
// whole; notes that name no change, lack a language or add structure
// fail the build at their line.
func TestChangeNotes(t *testing.T) {
	const key = "field-renamed manifest_fields.meeting_software_name"
	notes := "\"19\":\n  intro:\n    en: Meetings are not only video calls.\n    zh-CN: 会议不只是视频通话。\n  changes:\n    " + key + ":\n      en: |-\n        Any meeting tool counts,\n        a phone bridge too.\n      zh-CN: 任何会议工具都算，电话会议也算。\n"
	dir := mustRender(t, withFiles(withV19(t), map[string]string{changeNotesFile: notes}))
	plain := mustRender(t, withV19(t))
	for _, tt := range []struct {
		lang  string
		intro string
		entry string
	}{
		{en, "> **Note:** Meetings are not only video calls.\n", "  > **Note:** Any meeting tool counts,\n  > a phone bridge too.\n"},
		{zh, "> **说明：**会议不只是视频通话。\n", "  > **说明：**任何会议工具都算，电话会议也算。\n"},
	} {
		md := readFile(t, dir, markdown.LangPrefix(tt.lang)+"/docs/changes-v19.md")
		for _, want := range []string{tt.intro, tt.entry} {
			if !strings.Contains(md, want) {
				t.Errorf("%s changelog lacks %q:\n%s", tt.lang, want, md)
			}
		}
		// Every generated line is still there, in order.
		var generated []string
		for _, line := range strings.Split(readFile(t, plain, markdown.LangPrefix(tt.lang)+"/docs/changes-v19.md"), "\n") {
			if strings.HasPrefix(line, "- ") || strings.HasPrefix(line, "## ") {
				generated = append(generated, line)
			}
		}
		rest := md
		for _, line := range generated {
			i := strings.Index(rest, line+"\n")
			if i < 0 {
				t.Errorf("%s: generated line missing or out of order with notes: %q", tt.lang, line)
				break
			}
			rest = rest[i+len(line):]
		}
		html := readFile(t, dir, markdown.LangPrefix(tt.lang)+"/docs/changes-v19/index.html")
		if !strings.Contains(html, "<blockquote>") {
			t.Errorf("%s: the note is not a quotation in HTML", tt.lang)
		}
	}

	for _, tt := range []struct {
		name, notes, want string
	}{
		{"unknown change", "\"19\":\n  changes:\n    field-added manifest_fields.nope:\n      en: x\n      zh-CN: y\n", "content/changes.yaml:3: no change \"field-added manifest_fields.nope\""},
		{"unknown version", "\"7\":\n  intro:\n    en: x\n    zh-CN: y\n", "content/changes.yaml:1: \"7\" is not a version with a changelog; versions with one: 19"},
		{"missing Chinese", "\"19\":\n  changes:\n    " + key + ":\n      en: x\n", "content/changes.yaml:3: the note on " + key + " has no zh-CN text"},
		{"adds an entry", "\"19\":\n  intro:\n    en: |-\n      Also:\n      - manifest.agents is back.\n    zh-CN: y\n", "content/changes.yaml:2: the note on version 19 (en) holds a heading, list item"},
		{"not YAML", "\"19\": [\n", "content/changes.yaml:"},
		{"unknown key", "\"19\":\n  notes: {}\n", "content/changes.yaml:2:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := render(t, withFiles(withV19(t), map[string]string{changeNotesFile: tt.notes}))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Render = %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestBuildRefusesUnjudgedVersion drops the fixture V19 into a copy of the
// small site and builds it with the versions this program embeds: the
// build refuses, naming the file, because gen validate and the module
// would reject every V19 payload the site tells readers to write.
func TestBuildRefusesUnjudgedVersion(t *testing.T) {
	_, err := Render(context.Background(), Config{Content: withV19(t), BaseURL: "https://example.test"}, t.TempDir())
	want := "protocol/pairag-task-publish-v19.json:1: version 19.0 would be published, but gen validate and the validator module cannot judge it"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Render with an unjudged V19 = %v; want an error containing %q", err, want)
	}
	if _, _, err := render(t, withV19(t)); err != nil {
		t.Errorf("Render with V19 judged: %v", err)
	}
}
