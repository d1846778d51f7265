package e2e

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/chromedp/chromedp"

	"pairag.com/portal/generator"
	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/spec"
)

// versionedSite builds the real content with the test-only V19 of
// protocol/testdata/versions and a V19 reference page in both languages
// (the V18 page under V19's name), with the labels and translations V19
// needs, and serves it.
func versionedSite(t *testing.T) *httptest.Server {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, d := range [][2]string{{"../../content", "content"}, {"../../protocol", "protocol"}} {
		err := fs.WalkDir(os.DirFS(d[0]), ".", func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			data, err := os.ReadFile(filepath.Join(d[0], p))
			fsys[path.Join(d[1], p)] = &fstest.MapFile{Data: data}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	v19, err := os.ReadFile("../../protocol/testdata/versions/pairag-task-publish-v19.json")
	if err != nil {
		t.Fatal(err)
	}
	d19, err := spec.Parse(v19)
	if err != nil {
		t.Fatal(err)
	}
	fsys["protocol/"+d19.FileName()] = &fstest.MapFile{Data: v19}
	labels := string(fsys["content/labels.yaml"].Data)
	trans := string(fsys["content/protocol.zh-CN.yaml"].Data)
	for _, c := range spec.Changes(protocol.Default(), d19) {
		switch c.Kind {
		case spec.FieldRenamed: // the description moves with the field
			for _, line := range strings.Split(trans, "\n") {
				if rest, ok := strings.CutPrefix(line, c.Where+"."+c.Old+":"); ok {
					trans += c.Where + "." + c.New + ":" + rest + "\n"
				}
			}
		case spec.ValueAdded:
			kind := strings.TrimSuffix(c.Where, "_enum")
			labels = strings.Replace(labels, kind+":\n", fmt.Sprintf("%s:\n  %d: {en: %q, zh-CN: %q}\n", kind, c.ID, c.Name, c.Name), 1)
		}
	}
	fsys["content/labels.yaml"].Data = []byte(labels)
	fsys["content/protocol.zh-CN.yaml"].Data = []byte(trans)
	for _, lang := range []string{"en", "zh-CN"} {
		src := fsys["content/"+lang+"/docs/task-publish-v18.md"].Data
		fsys["content/"+lang+"/docs/task-publish-v19.md"] = &fstest.MapFile{Data: []byte(strings.ReplaceAll(string(src), "v18", "v19"))}
	}
	dir := filepath.Join(t.TempDir(), "public")
	if _, err := generator.Build(context.Background(), generator.Config{Content: fsys, OutDir: dir, BaseURL: "http://127.0.0.1", JudgedVersions: []*spec.Document{protocol.Default(), d19}}); err != nil {
		t.Fatalf("build the site with V19: %v", err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	return srv
}

// TestVersionLinksKeepSection: on the V18 reference page, with V19 added,
// the banner's link and the switcher open the same section of the other
// version, in both languages, and the V18 page keeps V18's tables.
func TestVersionLinksKeepSection(t *testing.T) {
	srv := versionedSite(t)
	tab := browser(t)
	for _, lang := range []string{"", "/zh-CN"} {
		for _, link := range []string{".version-banner a", ".version-switch a"} {
			const section = "#manifest.language"
			run(t, tab, chromedp.Navigate(srv.URL+lang+"/docs/task-publish-v18/"+section), chromedp.WaitVisible(chromedp.CSS(link)))
			if !eval[bool](t, tab, `!!document.getElementById("manifest.video_conference_software_name")`) {
				t.Errorf("%s V18 page lacks the V18 field video_conference_software_name", lang)
			}
			run(t, tab, chromedp.Click(chromedp.CSS(link)))
			waitJS(t, tab, `location.pathname === "`+lang+`/docs/task-publish-v19/" && document.readyState === "complete"`)
			if h := eval[string](t, tab, `decodeURIComponent(location.hash)`); h != section {
				t.Errorf("%s: after %s the hash is %q; want %s", lang, link, h, section)
			}
			if eval[bool](t, tab, `!!document.getElementById("manifest.video_conference_software_name") || !document.getElementById("manifest.meeting_software_name")`) {
				t.Errorf("%s V19 page does not show V19's fields", lang)
			}
		}
	}
}
