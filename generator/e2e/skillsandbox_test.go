package e2e

import (
	"context"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/tools/txtar"

	"pairag.com/portal/generator"
	"pairag.com/portal/generator/preview"
	"pairag.com/portal/generator/preview/netlify"
)

// The look-alike skill with an HTML companion and its script
// (generator/testdata/skillpub.txtar): viewer.js, when it runs, sets the
// page's title, writes to the origin's storage and requests /__viewer-ran.
const (
	sandboxSkillTxtar = "../../generator/testdata/skillpub.txtar"
	viewerURL         = "/skills/widget-viewer/viewer.html"
	viewerRanKey      = "widget-viewer-ran"
)

// TestSkillCompanionSandbox opens a skill's viewer.html in Chromium under
// the production headers of netlify.toml and under gen serve: its script
// does not run in either (no title, nothing in the origin's storage, no
// request). Under the production headers the sandbox alone holds too,
// with the download header removed; and the same bytes served as a page
// of the site do run, so the test can see a script that runs.
func TestSkillCompanionSandbox(t *testing.T) {
	repo := sandboxRepo(t)
	prod, ran := sandboxProdServer(t, repo)
	preview := sandboxPreview(t, repo)
	tab := browser(t)

	if !viewerRuns(t, tab, prod.URL, viewerURL+"?as=page") || ran.Load() == 0 {
		t.Fatalf("control: viewer.html served as one of the site's pages did not run its script (requests: %d); the test cannot see a script run", ran.Load())
	}
	ran.Store(0)
	for _, c := range []struct{ name, base, url string }{
		{"netlify.toml", prod.URL, viewerURL},
		{"netlify.toml, sandbox only", prod.URL, viewerURL + "?as=inline"},
		{"gen serve", preview, viewerURL},
	} {
		if viewerRuns(t, tab, c.base, c.url) {
			t.Errorf("%s: viewer.js ran on the site's origin", c.name)
		}
	}
	if n := ran.Load(); n != 0 {
		t.Errorf("viewer.js requested /__viewer-ran %d times under the production headers", n)
	}
}

// viewerRuns clears the origin's storage, opens url, then looks from one
// of the site's own pages whether viewer.js ran: the title it sets on the
// document it ran in, or the key it stores.
func viewerRuns(t *testing.T, tab context.Context, base, url string) bool {
	t.Helper()
	run(t, tab, chromedp.Navigate(base+"/skills/widget-viewer/"), chromedp.WaitReady("body"))
	eval[bool](t, tab, `(localStorage.clear(), true)`)
	ctx, cancel := context.WithTimeout(tab, 60*time.Second)
	err := chromedp.Do(ctx, chromedp.Navigate(base+url)) // a download ends the navigation with an error
	cancel()
	title := ""
	if err == nil {
		deadline := time.Now().Add(10 * time.Second) // the script runs before load; give a busy machine time
		for time.Now().Before(deadline) && title != "viewer ran" {
			title = eval[string](t, tab, `document.title`)
		}
	}
	run(t, tab, chromedp.Navigate(base+"/skills/widget-viewer/"), chromedp.WaitReady("body"))
	stored := eval[string](t, tab, `localStorage.getItem("`+viewerRanKey+`") || ""`)
	return title == "viewer ran" || stored != ""
}

// sandboxRepo is a repository of the real content plus the look-alike
// skills, in a temporary directory: what both servers build.
func sandboxRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	copyFile := func(from, to string) error {
		data, err := os.ReadFile(from)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	}
	err := filepath.WalkDir("../../content", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("../..", p)
		return copyFile(p, filepath.Join(dir, rel))
	})
	for _, name := range []string{"protocol/pairag-task-publish-v18.json", "netlify.toml"} {
		if err == nil {
			err = copyFile(filepath.Join("../..", name), filepath.Join(dir, name))
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	ar, err := txtar.ParseFile(sandboxSkillTxtar)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		if err := os.MkdirAll(filepath.Join(dir, path.Dir(f.Name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// sandboxProdServer builds repo and serves it with the headers of its
// netlify.toml, as production does. ?as=page serves a file with the
// headers of one of the site's pages (the control), ?as=inline with its
// own headers less Content-Disposition. It counts requests for the
// marker viewer.js asks for.
func sandboxProdServer(t *testing.T, repo string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "public")
	fsys := fstest.MapFS{}
	err := filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(repo, p)
		fsys[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := generator.Build(context.Background(), generator.Config{Content: fsys, OutDir: out, BaseURL: "http://127.0.0.1"}); err != nil {
		t.Fatalf("build: %v", err)
	}
	toml, err := os.ReadFile(filepath.Join(repo, "netlify.toml"))
	if err != nil {
		t.Fatal(err)
	}
	headers, err := netlify.Headers(string(toml))
	if err != nil {
		t.Fatal(err)
	}
	ran := &atomic.Int32{}
	files := http.FileServer(http.Dir(out))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/__viewer-ran" {
			ran.Add(1)
		}
		switch r.URL.Query().Get("as") {
		case "page":
			headers(w.Header(), "/docs/create-task.html")
		case "inline":
			headers(w.Header(), r.URL.Path)
			w.Header().Del("Content-Disposition")
		default:
			headers(w.Header(), r.URL.Path)
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, ran
}

// sandboxPreview runs gen serve over repo until the test ends and
// returns its URL once the skill's page is served.
func sandboxPreview(t *testing.T, repo string) string {
	t.Helper()
	srv, err := preview.Listen(preview.Config{Dir: repo, Out: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			t.Errorf("gen serve did not stop 60 s after cancel")
		}
	})
	base := strings.TrimSuffix(srv.URL(), "/")
	deadline := time.Now().Add(180 * time.Second) // the first build, on a busy machine
	for time.Now().Before(deadline) {
		if resp, err := http.Get(base + "/skills/widget-viewer/"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base
			}
		}
		time.Sleep(200 * time.Millisecond) // polling for a condition, not a sleep before a read
	}
	t.Fatalf("gen serve did not serve the skill's page within 3 minutes")
	return ""
}
