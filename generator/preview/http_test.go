package preview

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pairag.com/portal/generator/netlifyconf"
)

// basePolicy is the site's Content-Security-Policy without the sha256
// sources that allow the validator page's inline head (gen build checks
// those against the page; a CSS edit changes them).
const basePolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"

// wantCSP returns the repository's netlify.toml policy for every path
// ("/*"), as netlifyconf reads the file for gen build and gen serve: the
// preview must serve it as it is, and it must be basePolicy plus sha256
// sources only.
func wantCSP(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../netlify.toml")
	if err != nil {
		t.Fatal(err)
	}
	conf, err := netlifyconf.Parse(string(data))
	if err != nil {
		t.Fatalf("netlify.toml: %v", err)
	}
	csp := ""
	for _, h := range conf.Headers {
		if v, ok := h.Values["Content-Security-Policy"]; ok && h.For == "/*" {
			if csp != "" {
				t.Fatalf("netlify.toml sets the Content-Security-Policy of /* twice: %q and %q", csp, v)
			}
			csp = v
		}
	}
	if csp == "" {
		t.Fatal(`netlify.toml's [[headers]] for "/*" set no Content-Security-Policy`)
	}
	var directives []string
	for d := range strings.SplitSeq(csp, ";") {
		var kept []string
		for _, src := range strings.Fields(d) {
			if !strings.HasPrefix(src, "'sha256-") {
				kept = append(kept, src)
			}
		}
		directives = append(directives, strings.Join(kept, " "))
	}
	if got := strings.Join(directives, "; "); got != basePolicy {
		t.Fatalf("netlify.toml's policy without its sha256 sources = %q; want %q", got, basePolicy)
	}
	return csp
}

// TestHTTP fetches the preview of the real content: statuses, redirects,
// the 404 pages, and the headers of netlify.toml.
func TestHTTP(t *testing.T) {
	csp := wantCSP(t)
	p := startPreview(t, copyRepo(t), Config{})
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	tests := []struct {
		path       string
		wantStatus int
		wantHeader map[string]string
		wantBody   string
	}{
		{"/", 200, map[string]string{"Content-Security-Policy": csp, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=0, must-revalidate", "X-Frame-Options": "DENY"}, "</html>"},
		{"/docs/create-task/", 200, map[string]string{"Content-Security-Policy": csp, "Cache-Control": "public, max-age=0, must-revalidate"}, "</html>"},
		{"/docs/create-task", 301, map[string]string{"Location": "/docs/create-task/"}, ""},
		{"/zh-CN/docs/create-task?x=1", 301, map[string]string{"Location": "/zh-CN/docs/create-task/?x=1"}, ""},
		{"/zh-CN/", 200, map[string]string{"Content-Security-Policy": csp}, `lang="zh-CN"`},
		{"/protocol/pairag-task-publish-v18.json", 200, map[string]string{"Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=300"}, "pairag_task_publish"},
		{"/protocol/pairag-task-publish-v18.schema.json", 200, map[string]string{"Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*"}, "2020-12"},
		{"/protocol/pairag-task-publish-v18.bundle.en.txt", 200, map[string]string{"Content-Type": "text/plain; charset=utf-8", "Access-Control-Allow-Origin": "*"}, "===== pairag-task-publish-v18.json ====="},
		{"/docs/create-task.md", 200, map[string]string{"Content-Type": "text/markdown; charset=utf-8", "Access-Control-Allow-Origin": ""}, "# "},
		{"/sitemap.xml", 200, map[string]string{"Content-Type": "application/xml; charset=utf-8"}, "<urlset"},
		{"/no-such-page/", 404, map[string]string{"Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": csp}, `<html lang="en"`},
		{"/zh-CN/no-such-page/", 404, map[string]string{"Content-Type": "text/html; charset=utf-8"}, `<html lang="zh-CN"`},
		{"/__gen/reload.js", 200, map[string]string{"Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store"}, "EventSource"},
		{"/__gen/overlay.css", 200, map[string]string{"Content-Type": "text/css; charset=utf-8"}, "#gen-overlay"},
		{"/__gen/status", 200, map[string]string{"Content-Type": "application/json; charset=utf-8"}, `"ok":true`},
		{"/__gen/nothing", 404, nil, ""},
	}
	for _, tt := range tests {
		resp, err := noRedirect.Get(p.url + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.wantStatus {
			t.Errorf("GET %s = %d; want %d", tt.path, resp.StatusCode, tt.wantStatus)
		}
		for k, want := range tt.wantHeader {
			if got := resp.Header.Get(k); got != want {
				t.Errorf("GET %s: %s = %q; want %q", tt.path, k, got, want)
			}
		}
		if !strings.Contains(string(body), tt.wantBody) {
			t.Errorf("GET %s: body lacks %q", tt.path, tt.wantBody)
		}
	}
}

// TestMethods checks that only GET and HEAD are served.
func TestMethods(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{})
	for _, tt := range []struct {
		method string
		want   int
	}{{"GET", 200}, {"HEAD", 200}, {"POST", 405}, {"PUT", 405}, {"DELETE", 405}, {"OPTIONS", 405}} {
		req, _ := http.NewRequest(tt.method, p.url+"/validator/", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("%s /validator/ = %d; want %d", tt.method, resp.StatusCode, tt.want)
		}
	}
}

// rawGet sends a request line as written, bypassing any client-side
// cleaning, and returns the status.
func rawGet(t *testing.T, addr, target string) int {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, "GET "+target+" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %q: %v", target, err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestTraversal tries to reach files outside the site: by dot segments,
// encoded, with backslashes and NULs, and through symbolic links placed in
// the served directory.
func TestTraversal(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{})
	outside := filepath.Join(t.TempDir(), "secret.txt")
	writeFile(t, outside, "secret")
	st := p.srv.cur.acquire()
	must(t, os.Symlink(outside, filepath.Join(st.dir, "leak.txt")))
	must(t, os.Symlink(filepath.Dir(outside), filepath.Join(st.dir, "leakdir")))
	must(t, os.Symlink("../../../../../../../../../etc/passwd", filepath.Join(st.dir, "docs", "passwd")))
	must(t, os.Symlink("index.html", filepath.Join(st.dir, "inside.html"))) // stays inside: allowed
	st.release()

	addr := strings.TrimPrefix(p.url, "http://")
	for _, target := range []string{
		"/../go.mod", "/%2e%2e/go.mod", "/%2E%2E/%2E%2E/etc/passwd", "/..%2fgo.mod", "/..%2Fgo.mod",
		`/docs/..\..\x`, "/docs/%5c..%5c..%5cx", "/docs/..%5c..%5cx", "/docs/%00", "/docs/x%00.html",
		"/docs/../../go.mod", "/./index.html", "/docs/./create-task/",
		"/leak.txt", "/leakdir/secret.txt", "/docs/passwd",
	} {
		code := rawGet(t, addr, target)
		t.Logf("GET %q = %d", target, code)
		if code != http.StatusNotFound && code != http.StatusBadRequest {
			t.Errorf("GET %q = %d; want 404 or 400", target, code)
		}
	}
	if code := rawGet(t, addr, "/inside.html"); code != http.StatusOK {
		t.Errorf("GET /inside.html (a link inside the site) = %d; want 200", code)
	}
}

// TestInjection checks that HTML responses carry the reload script and
// the files on disk do not, and that other types are left alone.
func TestInjection(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{})
	st := p.srv.cur.acquire()
	defer st.release()
	for _, path := range []string{"/", "/docs/create-task/", "/zh-CN/docs/task-publish-v18/", "/404.html", "/no-such-page/"} {
		_, _, body := p.get(path)
		tag := `<script src="/__gen/reload.js" data-site="` + st.id + `" defer></script></head>`
		if strings.Count(body, "/__gen/reload.js") != 1 || !strings.Contains(body, tag) {
			t.Errorf("GET %s: want the reload script once, before </head>", path)
		}
	}
	for _, path := range []string{"/protocol/pairag-task-publish-v18.json", "/docs/create-task.md", "/sitemap.xml"} {
		if _, _, body := p.get(path); strings.Contains(body, "__gen") {
			t.Errorf("GET %s: non-HTML response has the reload script", path)
		}
	}
	err := filepath.WalkDir(st.dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if b, _ := os.ReadFile(path); strings.Contains(string(b), "__gen") {
			t.Errorf("%s on disk mentions __gen", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestInject(t *testing.T) {
	tag := `<script src="/__gen/reload.js" data-site="s" defer></script>`
	tests := []struct{ in, want string }{
		{"<html><head><title>x</title></head><body></body></html>", "<html><head><title>x</title>" + tag + "</head><body></body></html>"},
		{"<HTML><HEAD></HEAD></HTML>", "<HTML><HEAD>" + tag + "</HEAD></HTML>"},
		{"<p>İİİ no head</p></body>", "<p>İİİ no head</p>" + tag + "</body>"},
		{"fragment", "fragment" + tag},
		{"", tag},
	}
	for _, tt := range tests {
		if got := string(inject([]byte(tt.in), "s")); got != tt.want {
			t.Errorf("inject(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}
