package pipeline

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"pairag.com/portal/protocol"
)

// thirdParty is the slug of the third-party-style fixture skill under
// testdata/skills: long, companion files in subfolders, nested metadata,
// code blocks with comments, Chinese numerals and a wide table, with a
// faithful translation whose two deliberate differences are acknowledged.
const thirdParty = "tidepool-batch"

// withThirdParty returns fsys with the fixture skill under content/skills.
func withThirdParty(t testing.TB, fsys fstest.MapFS) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	for k, v := range fsys {
		out[k] = v
	}
	root := "../testdata/skills/" + thirdParty
	err := fs.WalkDir(os.DirFS(root), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path.Join(root, p))
		out["content/skills/"+thirdParty+"/"+p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// fixtureWithoutSkills is the small test site without its own skill (whose
// translation is stale on purpose): a site gen check finds nothing in, for
// tests that add one skill and look at what gen check says of it.
func fixtureWithoutSkills(t testing.TB) fstest.MapFS {
	t.Helper()
	fsys := fixture(t)
	for name := range fsys {
		if strings.HasPrefix(name, "content/skills/") {
			delete(fsys, name)
		}
	}
	return fsys
}

// TestThirdPartyPassesStrict checks the faithful translation: after its two
// deliberate differences were accepted with gen stamp --accept, gen check
// finds nothing that fails --strict, and the acknowledgements are notes.
func TestThirdPartyPassesStrict(t *testing.T) {
	findings, err := Check(Config{Content: withThirdParty(t, fixtureWithoutSkills(t))})
	if err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for _, f := range findings {
		if f.Severity != SeverityInfo {
			t.Errorf("%v", f)
		}
		if strings.Contains(f.Msg, "accepted (line") {
			accepted++
		}
	}
	if accepted != 2 {
		t.Errorf("%d accepted differences; want the 2 deliberate ones", accepted)
	}
}

// TestThirdPartyMistakes makes each mistake of testdata/skills/mistakes.txtar
// in the translation and checks it is reported once, at the right line.
func TestThirdPartyMistakes(t *testing.T) {
	const file = "../testdata/skills/mistakes.txtar"
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := map[string]string{}
	for _, f := range ar.Files {
		text[f.Name] = string(f.Data)
	}
	base := withThirdParty(t, fixtureWithoutSkills(t))
	tr := "content/skills/" + thirdParty + "/SKILL.zh-CN.md"
	for i, f := range ar.Files {
		name, ok := strings.CutSuffix(f.Name, ".want")
		if !ok {
			continue
		}
		src := string(base[tr].Data)
		// a txtar file ends in a newline the replaced text may not have
		old := strings.TrimSuffix(text[name+".old"], "\n")
		if strings.Count(src, old) != 1 {
			t.Fatalf("%s: the old text occurs %d times", name, strings.Count(src, old))
		}
		src = strings.Replace(src, old, strings.TrimSuffix(text[name+".new"], "\n"), 1)
		findings, err := Check(Config{Content: withFiles(base, map[string]string{tr: src})})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range findings {
			if f.Severity != SeverityInfo {
				got = append(got, f.String())
			}
		}
		if *update {
			ar.Files[i].Data = []byte(lines(got))
			continue
		}
		if diff := cmp.Diff(string(f.Data), lines(got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
		if len(got) != 1 {
			t.Errorf("%s: %d findings; want exactly one", name, len(got))
		}
	}
	if *update {
		if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// markerLine matches the lines gen stamp writes, independently of the
// parser that finds them.
var markerLine = regexp.MustCompile(`(?m)^<!-- (source: [0-9a-f]+|accepted [0-9a-f]+: .*) -->\r?\n`)

// TestThirdPartyPublished builds the fixture skill: every published file is
// byte for byte the author's file without the marker lines, and
// llms-full.txt of each language holds the skill without markers, with
// its front matter as a YAML block and every relative link resolved.
func TestThirdPartyPublished(t *testing.T) {
	fsys := withThirdParty(t, fixture(t))
	dir := mustRender(t, fsys)
	prefix := "content/skills/" + thirdParty + "/"
	for name, f := range fsys {
		rel, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		want := markerLine.ReplaceAllString(string(f.Data), "")
		if got := readFile(t, dir, "skills/"+thirdParty+"/"+rel); got != want {
			t.Errorf("published %s differs from the source without its markers:\n%s", rel, cmp.Diff(want, got))
		}
	}
	if !markerLine.MatchString(string(fsys[prefix+"SKILL.zh-CN.md"].Data)) {
		t.Fatal("the fixture translation is not stamped")
	}
	link := regexp.MustCompile(`\]\(<?([^)\s>]+)`)
	for _, lang := range []string{"", "zh-CN/"} {
		full := readFile(t, dir, lang+"llms-full.txt")
		if strings.Contains(full, "<!-- source:") || strings.Contains(full, "<!-- accepted") {
			t.Errorf("%sllms-full.txt holds stamp markers", lang)
		}
		if !strings.Contains(full, "```yaml\nname: "+thirdParty+"\n") || strings.Contains(full, "---\nname: "+thirdParty) {
			t.Errorf("%sllms-full.txt: the skill's front matter is not a YAML block", lang)
		}
		// links in prose: code spans (a pattern such as [A-U]([0-9]{2,4})?) are not links
		prose := regexp.MustCompile("`[^`\n]*`").ReplaceAllString(full, "``")
		for _, m := range link.FindAllStringSubmatch(prose, -1) {
			dest := m[1]
			if strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "https://status.") || strings.HasPrefix(dest, "mailto:") {
				continue
			}
			path, ok := strings.CutPrefix(dest, "https://example.test/")
			if !ok && strings.HasPrefix(dest, "/") {
				path, ok = dest[1:], true // a site path resolves from the root, where llms-full.txt is
			}
			if !ok {
				if strings.Contains(dest, "/skills/") || !strings.Contains(dest, "://") {
					t.Errorf("%sllms-full.txt: link %q is not absolute", lang, dest)
				}
				continue
			}
			path, _, _ = strings.Cut(path, "#")
			if strings.HasSuffix(path, "/") || path == "" {
				path += "index.html"
			}
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(path))); err != nil {
				t.Errorf("%sllms-full.txt: link %q leads nowhere", lang, dest)
			}
		}
	}
	zhFull := readFile(t, dir, "zh-CN/llms-full.txt")
	if !strings.Contains(zhFull, "(https://example.test/skills/"+thirdParty+"/modes/submit.zh-CN.md)") {
		t.Error("zh-CN/llms-full.txt: a link to a translated companion does not lead to its translation")
	}
}

// withThirdPartyShapes returns fsys with the third-party look-alikes of
// skills/testdata/thirdparty.txtar (all but its last file, the findings
// that package skills compares).
func withThirdPartyShapes(t testing.TB, fsys fstest.MapFS) fstest.MapFS {
	t.Helper()
	ar, err := txtar.ParseFile("../skills/testdata/thirdparty.txtar")
	if err != nil {
		t.Fatal(err)
	}
	out := withFiles(fsys, nil)
	for _, f := range ar.Files[:len(ar.Files)-1] {
		out[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	return out
}

// TestThirdPartyQuarantine builds a site holding third-party skills full
// of their authors' problems: the build succeeds (gen build exits 0), every
// file of a published skill is byte for byte the author's (dot files
// included; the record and a Git LFS pointer are not published), the
// skills that cannot be published safely have no page, URL or llms.txt
// entry, and the skill page lists the findings for the writer and links
// placeholder links to the published files.
func TestThirdPartyQuarantine(t *testing.T) {
	fsys := withThirdPartyShapes(t, fixture(t))
	dir, res, err := render(t, fsys)
	if err != nil {
		t.Fatalf("Render: %v; want the site published, the skills' problems as warnings", err)
	}
	const prefix = "content/skills/tidy-docs/"
	for name, f := range fsys {
		rel, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		_, err := os.Stat(filepath.Join(dir, "skills/tidy-docs", filepath.FromSlash(rel)))
		switch rel {
		case "SKILL.source.yaml", "assets/logo.png":
			if err == nil {
				t.Errorf("%s is published; the record is ours and an LFS pointer is not the file", rel)
			}
		default:
			if got := readFile(t, dir, "skills/tidy-docs/"+rel); got != string(f.Data) {
				t.Errorf("published %s differs from the author's file", rel)
			}
		}
	}
	for _, gone := range []string{"skills/review-kit-copy", "skills/Review Kit"} {
		if _, err := os.Stat(filepath.Join(dir, gone)); err == nil {
			t.Errorf("%s is published; the skill was to be left out", gone)
		}
	}
	for _, f := range []string{"sitemap.xml", "llms.txt", "zh-CN/llms.txt", "llms-full.txt"} {
		if got := readFile(t, dir, f); strings.Contains(got, "Review Kit") || strings.Contains(got, "Review%20Kit") || strings.Contains(got, "review-kit-copy") {
			t.Errorf("%s names a skill that was left out", f)
		}
	}
	// Long names in code carry break points (<wbr>); the text is what counts here.
	page := strings.ReplaceAll(readFile(t, dir, "skills/tidy-docs/index.html"), "<wbr>", "")
	for _, want := range []string{
		"Findings on this skill", "did you mean references/api.md?", "https://github.com/example-org/agent-skills",
		`href="/skills/tidy-docs/references/api.md"`, `href="/skills/tidy-docs/scripts/tidy.sh"`,
		"argument-hint", "[docs-folder]", "disable-model-invocation", "x-team-owner",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the skill page lacks %q", want)
		}
	}
	full := readFile(t, dir, "llms-full.txt")
	for _, want := range []string{
		"(https://example.test/skills/tidy-docs/references/api.md)", "(https://example.test/skills/tidy-docs/scripts/tidy.sh)",
		"(https://example.test/skills/review-kit/SKILL.md)",
	} {
		if !strings.Contains(full, want) {
			t.Errorf("llms-full.txt lacks the absolute link %s", want)
		}
	}
	if zh := readFile(t, dir, "zh-CN/skills/tidy-docs/index.html"); !strings.Contains(zh, "本技能的检查结果") {
		t.Error("the Chinese skill page does not list the findings")
	}
	var warned bool
	for _, w := range res.Warnings {
		warned = warned || strings.Contains(w.Msg, "did you mean references/api.md?")
	}
	if !warned {
		t.Errorf("the build's warnings lack the broken link: %v", res.Warnings)
	}
}

// TestOwnSkillStaysStrict: a skill without a record is ours, and its
// broken link still refuses the site, as before third-party skills.
func TestOwnSkillStaysStrict(t *testing.T) {
	fsys := withFiles(fixture(t), map[string]string{
		"content/skills/our-skill/SKILL.md": "---\nname: our-skill\ndescription: Ours.\n---\n# Ours\n\nSee [the guide](reference/guide.md).\n",
	})
	_, _, err := render(t, fsys)
	if err == nil || !strings.Contains(err.Error(), `content/skills/our-skill/SKILL.md:7: broken link "reference/guide.md"`) {
		t.Errorf("Render: %v; want the broken link of our own skill as an error", err)
	}
}

// TestThirdPartySymlink: a third-party skill holding a symbolic link out of
// the repository is unsafe to publish whole: the link is left out with a
// warning naming it, the rest of the skill and of the site publish, and
// nothing from outside is read.
func TestThirdPartySymlink(t *testing.T) {
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	for name, f := range withThirdPartyShapes(t, fixture(t)) {
		mustWrite(t, filepath.Join(repo, filepath.FromSlash(name)), string(f.Data))
	}
	const secret = "outside-secret-" + "41f0"
	mustWrite(t, filepath.Join(base, "secret.txt"), secret)
	link := "content/skills/tidy-docs/references/leak.txt"
	if err := os.Symlink(filepath.Join(base, "secret.txt"), filepath.Join(repo, filepath.FromSlash(link))); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	res, err := Render(t.Context(), Config{Content: os.DirFS(repo), BaseURL: "https://example.test"}, dir)
	if err != nil {
		t.Fatalf("Render: %v; want the site published without the link", err)
	}
	var warned bool
	for _, w := range res.Warnings {
		warned = warned || w.File == link && strings.Contains(w.Msg, "left out of the third-party skill")
	}
	if !warned {
		t.Errorf("no warning names %s: %v", link, res.Warnings)
	}
	if _, err := os.Stat(filepath.Join(dir, "skills/tidy-docs/references/leak.txt")); err == nil {
		t.Error("the link out of the repository is published")
	}
	if _, err := os.Stat(filepath.Join(dir, "skills/tidy-docs/references/api.md")); err != nil {
		t.Errorf("the rest of the skill is not published: %v", err)
	}
}

// TestSkillLinksToPublishedFiles: a skill's links to the rest of the site
// are checked with every other page's, once every page and file exists,
// so a link to a protocol file or llms.txt (written after the pages) is
// not broken. (The skills took their own route and were checked before
// those files were written: both links were errors.)
func TestSkillLinksToPublishedFiles(t *testing.T) {
	fsys := withFiles(fixture(t), map[string]string{
		"content/skills/our-skill/SKILL.md": "---\nname: our-skill\ndescription: Ours.\n---\n# Ours\n\nRead [the protocol](/protocol/" + protocol.FileName + ") and [the index](/llms.txt).\n",
	})
	if _, _, err := render(t, fsys); err != nil {
		t.Errorf("Render: %v; want the links to published files to pass", err)
	}
}
