package pipeline

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/tools/txtar"

	"pairag.com/portal/generator/skillpub"
)

// withSkillpubFixture adds the two look-alike skills of
// testdata/skillpub.txtar to fsys, the launcher executable, each file
// dated modTime (which the archives must not depend on).
func withSkillpubFixture(t testing.TB, fsys fstest.MapFS, modTime time.Time) fstest.MapFS {
	t.Helper()
	ar, err := txtar.ParseFile("../testdata/skillpub.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		mode := os.FileMode(0o644)
		if strings.HasSuffix(f.Name, ".sh") {
			mode = 0o755
		}
		fsys[f.Name] = &fstest.MapFile{Data: f.Data, Mode: mode, ModTime: modTime}
	}
	return fsys
}

// TestSkillDiscoveryIndex reads /.well-known/agent-skills/index.json from
// a built site and checks it as an installer would: the v0.2.0 schema,
// an entry per skill with a valid name, and every digest against the
// bytes published at its URL. Each archive holds SKILL.md at its root and
// every published file of its skill, byte for byte, and nothing else.
func TestSkillDiscoveryIndex(t *testing.T) {
	dir := mustRender(t, withSkillpubFixture(t, withThirdParty(t, fixture(t)), time.Now()))
	var idx skillpub.Index
	if err := json.Unmarshal([]byte(readFile(t, dir, ".well-known/agent-skills/index.json")), &idx); err != nil {
		t.Fatalf("index.json: %v", err)
	}
	if idx.Schema != "https://schemas.agentskills.io/discovery/0.2.0/schema.json" {
		t.Errorf("$schema = %q", idx.Schema)
	}
	types := map[string]string{}
	for _, e := range idx.Skills {
		types[e.Name] = e.Type
		data := published(t, dir, e.URL)
		if got := skillpub.Digest(data); got != e.Digest {
			t.Errorf("%s: digest %s; the bytes at %s hash to %s", e.Name, e.Digest, e.URL, got)
		}
		if e.Description == "" || len(e.Description) > 1024 {
			t.Errorf("%s: description %q", e.Name, e.Description)
		}
		if e.Type == "archive" {
			files := unzip(t, data)
			if files["SKILL.md"] == nil {
				t.Errorf("%s: no SKILL.md at the archive's root: %v", e.Name, keys(files))
			}
			checkArchive(t, dir, e.Name, "", files)
		}
	}
	want := map[string]string{"widget-viewer": "archive", "lone-note": "skill-md", thirdParty: "archive"}
	for name, typ := range want {
		if typ != "" && types[name] != typ {
			t.Errorf("index entry %s has type %q; want %q (index: %v)", name, types[name], typ, types)
		}
	}
}

// TestSkillArchive checks each skill's upload archive and file list: one
// top-level folder named after the skill, every published file byte for
// byte, the launcher still executable, and a file list whose digests are
// those of the published bytes.
func TestSkillArchive(t *testing.T) {
	dir := mustRender(t, withSkillpubFixture(t, fixture(t), time.Now()))
	for _, slug := range []string{"widget-viewer", "lone-note"} {
		data := published(t, dir, skillpub.ArchiveURL(slug))
		files := unzip(t, data)
		checkArchive(t, dir, slug, slug+"/", files)
		var m skillpub.Manifest
		if err := json.Unmarshal(published(t, dir, skillpub.ManifestURL(slug)), &m); err != nil {
			t.Fatalf("%s: file list: %v", slug, err)
		}
		if m.Archive.Digest != skillpub.Digest(data) || m.Archive.Size != len(data) {
			t.Errorf("%s: file list names the archive %+v; its bytes hash to %s", slug, m.Archive, skillpub.Digest(data))
		}
		if len(m.Files) != len(files) {
			t.Errorf("%s: file list has %d files, the archive %d", slug, len(m.Files), len(files))
		}
		for _, f := range m.Files {
			if got := skillpub.Digest(published(t, dir, f.URL)); got != f.Digest {
				t.Errorf("%s: %s listed with %s; published bytes hash to %s", slug, f.Path, f.Digest, got)
			}
		}
	}
	data := published(t, dir, skillpub.ArchiveURL("widget-viewer"))
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		want := os.FileMode(0o644)
		if strings.HasSuffix(f.Name, ".sh") {
			want = 0o755
		}
		if f.Mode().Perm() != want {
			t.Errorf("%s: mode %v; want %v", f.Name, f.Mode().Perm(), want)
		}
		if !f.Modified.Equal(skillpub.Epoch) {
			t.Errorf("%s: dated %v; want %v", f.Name, f.Modified, skillpub.Epoch)
		}
	}
}

// TestSkillArchiveDeterministic builds the same skills twice, their files
// dated differently: every archive, file list and the index are byte for
// byte the same, so digests only change when the files do.
func TestSkillArchiveDeterministic(t *testing.T) {
	a := mustRender(t, withSkillpubFixture(t, fixture(t), time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)))
	b := mustRender(t, withSkillpubFixture(t, fixture(t), time.Date(2026, 6, 7, 8, 9, 10, 0, time.Local)))
	for _, u := range []string{"/skills/widget-viewer.zip", "/skills/widget-viewer.files.json", "/.well-known/agent-skills/widget-viewer.zip", skillpub.IndexURL} {
		if !bytes.Equal(published(t, a, u), published(t, b, u)) {
			t.Errorf("%s differs between two builds of the same files", u)
		}
	}
}

// checkArchive compares the files of an archive (names under prefix)
// with the skill's published files: the same set, byte for byte.
func checkArchive(t *testing.T, dir, slug, prefix string, files map[string][]byte) {
	t.Helper()
	root := filepath.Join(dir, "skills", slug)
	var want []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && p != filepath.Join(root, "index.html") && !companionPage(p) {
			rel, _ := filepath.Rel(root, p)
			want = append(want, prefix+filepath.ToSlash(rel))
		}
		return err
	})
	if got := keys(files); !slices.Equal(got, want) {
		t.Errorf("%s: archive holds %v; want the published files %v", slug, got, want)
	}
	for name, data := range files {
		if !bytes.Equal(data, published(t, dir, skillpub.FileURL(slug, strings.TrimPrefix(name, prefix)))) {
			t.Errorf("%s: %s in the archive differs from the published file", slug, name)
		}
	}
}

// companionPage says whether the built file p is the page of a companion
// Markdown file (reference/format/index.html beside reference/format.md),
// which the site renders and the archive does not hold.
func companionPage(p string) bool {
	if filepath.Base(p) != "index.html" {
		return false
	}
	_, err := os.Stat(filepath.Dir(p) + ".md")
	return err == nil
}

func published(t *testing.T, dir, url string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(url, "/"))))
	if err != nil {
		t.Fatalf("published file %s: %v", url, err)
	}
	return data
}

func unzip(t *testing.T, data []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("archive: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name], err = io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestBuildChecksSkillHeaders: a netlify.toml that would serve a skill's
// HTML companion as an active document on the site's origin, or sandbox
// a rendered skill page, fails the build naming the path; the
// repository's rules pass.
func TestBuildChecksSkillHeaders(t *testing.T) {
	repo, err := os.ReadFile("../../netlify.toml")
	if err != nil {
		t.Fatal(err)
	}
	base, _, _ := strings.Cut(string(repo), "# --- Agent skills")
	tests := []struct {
		name, text string
		want       []string // parts of netlify.toml errors; none for nil
	}{
		{"the repository's", string(repo), nil},
		{"without the skill rules", base, []string{"/skills/widget-viewer/viewer.html would be served without a Content-Security-Policy sandbox", "/skills/widget-viewer/scripts/open.sh would be served without"}},
		{"sandbox without downloads", base + "[[headers]]\n  for = \"/skills/:s/*/:f\"\n  [headers.values]\n    Content-Security-Policy = \"sandbox\"\n[[headers]]\n  for = \"/skills/:s/:f\"\n  [headers.values]\n    Content-Security-Policy = \"sandbox\"\n",
			[]string{"/skills/widget-viewer/viewer.html would be served as a .html document", "/skills/widget-viewer/assets/icon.svg would be served as a .svg document"}},
		{"sandbox on the pages", string(repo) + "[[headers]]\n  for = \"/zh-CN/skills/*\"\n  [headers.values]\n    Content-Security-Policy = \"sandbox\"\n",
			[]string{"the skill page /zh-CN/skills/widget-viewer/ would be served with a sandbox policy"}},
		// A rule for every path below a skill's folder also matches the
		// companion's page, /skills/widget-viewer/reference/format/.
		{"sandbox on the companion pages", string(repo) + "[[headers]]\n  for = \"/skills/:s/*/*\"\n  [headers.values]\n    Content-Security-Policy = \"sandbox\"\n",
			[]string{"the skill page /skills/widget-viewer/reference/format/ would be served with a sandbox policy"}},
	}
	for _, tt := range tests {
		fsys := withSkillpubFixture(t, fixture(t), time.Now())
		fsys["netlify.toml"] = &fstest.MapFile{Data: []byte(tt.text)}
		_, _, err := render(t, fsys)
		var list ErrorList
		errors.As(err, &list)
		var got []string
		for _, e := range list {
			if e.File == "netlify.toml" {
				got = append(got, e.Msg)
			}
		}
		if tt.want == nil && len(got) > 0 {
			t.Errorf("%s: netlify.toml errors %q; want none", tt.name, got)
		}
		for _, w := range tt.want {
			if !slices.ContainsFunc(got, func(m string) bool { return strings.Contains(m, w) }) {
				t.Errorf("%s: netlify.toml errors %q; want one containing %q", tt.name, got, w)
			}
		}
	}
}

// TestSkillInstallLinks: each skill's page links its archive and its
// file list, in both languages, and the skill_archives directive lists
// every archive and the discovery index; every one of those links leads
// to a published file.
func TestSkillInstallLinks(t *testing.T) {
	index := "---\ntitle: %s\ndescription: D\n---\n\nText.\n\n```protocol\nskill_archives\n```\n"
	fsys := withFiles(withSkillpubFixture(t, fixture(t), time.Now()), map[string]string{
		"content/en/skills/_index.md":    strings.Replace(index, "%s", "Skills", 1),
		"content/zh-CN/skills/_index.md": strings.Replace(index, "%s", "技能", 1),
	})
	dir := mustRender(t, fsys)
	href := regexp.MustCompile(`href="(/[^"#?]*)"`)
	pages := map[string][]string{
		"skills/widget-viewer/index.html":       {skillpub.ArchiveURL("widget-viewer"), skillpub.ManifestURL("widget-viewer")},
		"zh-CN/skills/widget-viewer/index.html": {skillpub.ArchiveURL("widget-viewer"), skillpub.ManifestURL("widget-viewer")},
		// The index links the discovery index; it does not list every
		// archive (at hundreds of skills that is tens of KB): the pages
		// and the Markdown version do.
		"skills/index.html":       {skillpub.IndexURL},
		"zh-CN/skills/index.html": {skillpub.IndexURL},
	}
	for _, md := range []string{"skills.md", "zh-CN/skills.md"} {
		text := readFile(t, dir, md)
		for _, w := range []string{skillpub.ArchiveURL("widget-viewer"), skillpub.ArchiveURL("lone-note")} {
			if !strings.Contains(text, w) {
				t.Errorf("%s does not list %s", md, w)
			}
		}
	}
	for page, want := range pages {
		html := readFile(t, dir, page)
		var links []string
		for _, m := range href.FindAllStringSubmatch(html, -1) {
			links = append(links, m[1])
		}
		for _, w := range want {
			if !slices.Contains(links, w) {
				t.Errorf("%s does not link %s", page, w)
			}
			published(t, dir, w)
		}
	}
}
