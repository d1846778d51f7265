package preview

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pairag.com/portal/generator/preview/netlify"
)

// secret is the content of a file outside the site that no request may read.
const secret = "outside-the-site-secret"

// fuzzServer is a Server over a small site on disk, with the real
// netlify.toml rules and a symbolic link pointing out of the site.
func fuzzServer(t testing.TB) *Server {
	t.Helper()
	base := t.TempDir()
	writeFile(t, filepath.Join(base, "secret.txt"), secret)
	dir := filepath.Join(base, "site")
	for name, text := range map[string]string{
		"index.html":                            "<html><head></head><body>home</body></html>",
		"404.html":                              "<html><head></head><body>not found</body></html>",
		"zh-CN/404.html":                        "<html><head></head><body>未找到</body></html>",
		"docs/a/index.html":                     "<html><head></head><body>a</body></html>",
		"protocol/pairag-task-publish-v18.json": "{}",
	} {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(name)), text)
	}
	if err := os.Symlink(filepath.Join(base, "secret.txt"), filepath.Join(dir, "leak.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(base, filepath.Join(dir, "up")); err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs(filepath.Join("../..", "netlify.toml"))
	data, err := os.ReadFile(root)
	if err != nil {
		t.Fatal(err)
	}
	r, err := netlify.Parse(string(data))
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{cfg: Config{Bind: defaultBind}.withDefaults(), stop: make(chan struct{}), out: &lockedWriter{w: &syncBuffer{}}}
	s.rules.Store(r)
	st, err := newSite("fuzz", dir, func(string) {})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.root.Close() })
	s.cur.p.Store(st)
	return s
}

// FuzzSitePath sends arbitrary request targets to the preview: no answer
// is a 5xx, and nothing outside the site directory is ever served.
func FuzzSitePath(f *testing.F) {
	for _, p := range []string{
		"/", "/docs/a", "/docs/a/", "/leak.txt", "/up/secret.txt", "/../secret.txt", "/%2e%2e/secret.txt",
		"/docs/%2E%2E/%2E%2E/secret.txt", "//secret.txt", "/zh-CN/x", "/a%00b", "/a%5c..%5csecret.txt",
		"/protocol/pairag-task-publish-v18.json?x=1", "*", "/docs/a/index.html", "/%",
	} {
		f.Add(p)
	}
	s := fuzzServer(f)
	f.Fuzz(func(t *testing.T, target string) {
		req, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")))
		if err != nil {
			return // the HTTP server would refuse it before the handler
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Errorf("GET %q = %d; want no server error", target, rec.Code)
		}
		if strings.Contains(rec.Body.String(), secret) {
			t.Errorf("GET %q served a file outside the site", target)
		}
	})
}
