package preview

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pairag.com/portal/generator/preview/netlify"
)

// TestCompression serves real files with a range of request headers:
// text-like types are gzipped for clients that accept gzip, as Netlify
// does; images, ranges, HEAD and 304s stay sane; Vary is always set.
func TestCompression(t *testing.T) {
	s := fuzzServer(t)
	dir := s.cur.p.Load().dir
	page := "<html><head></head><body>" + strings.Repeat("<p>Hello, preview.</p>\n", 200) + "</body></html>"
	png := "\x89PNG\r\n\x1a\n" + strings.Repeat("\x00\x01\x02", 400)
	script := strings.Repeat("console.log('x');\n", 100)
	writeFile(t, filepath.Join(dir, "big", "index.html"), page)
	writeFile(t, filepath.Join(dir, "img.png"), png)
	writeFile(t, filepath.Join(dir, "app.js"), script)
	tests := []struct {
		name, path, accept, rangeHdr, method string
		wantGzip                             bool
		wantStatus                           int
		wantBody                             string // the decoded body contains this
	}{
		{"html gzip", "/big/", "gzip, deflate, br", "", "GET", true, 200, "Hello, preview."},
		{"js gzip", "/app.js", "gzip", "", "GET", true, 200, "console.log"},
		{"json small stays plain", "/protocol/pairag-task-publish-v18.json", "gzip", "", "GET", false, 200, "{}"},
		{"no accept-encoding", "/big/", "", "", "GET", false, 200, "Hello, preview."},
		{"gzip refused with q=0", "/big/", "gzip;q=0, br", "", "GET", false, 200, "Hello, preview."},
		{"star accepts", "/big/", "*", "", "GET", true, 200, "Hello, preview."},
		{"identity only", "/big/", "identity", "", "GET", false, 200, "Hello, preview."},
		{"png never", "/img.png", "gzip", "", "GET", false, 200, "PNG"},
		{"range stays identity", "/app.js", "gzip", "bytes=0-6", "GET", false, 206, "console"},
		{"head", "/big/", "gzip", "", "HEAD", true, 200, ""},
		{"404 page", "/nothing-here", "gzip", "", "GET", false, 404, "not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.path, nil)
			req.Host = "127.0.0.1:1313"
			if tt.accept != "" {
				req.Header.Set("Accept-Encoding", tt.accept)
			}
			if tt.rangeHdr != "" {
				req.Header.Set("Range", tt.rangeHdr)
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			res := rec.Result()
			if res.StatusCode != tt.wantStatus {
				t.Fatalf("%s %s = %d; want %d", tt.method, tt.path, res.StatusCode, tt.wantStatus)
			}
			if got := res.Header.Get("Content-Encoding") == "gzip"; got != tt.wantGzip {
				t.Errorf("%s %s (Accept-Encoding %q): gzip = %t; want %t", tt.method, tt.path, tt.accept, got, tt.wantGzip)
			}
			if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
				t.Errorf("%s %s: Vary = %q; want Accept-Encoding", tt.method, tt.path, res.Header.Get("Vary"))
			}
			body := rec.Body.Bytes()
			if tt.wantGzip && tt.method == "GET" {
				if res.Header.Get("Content-Length") != "" {
					t.Errorf("gzipped response keeps Content-Length %s", res.Header.Get("Content-Length"))
				}
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatalf("body is not gzip: %v", err)
				}
				if body, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
			}
			if tt.method == "HEAD" && len(body) != 0 {
				t.Errorf("HEAD wrote %d bytes", len(body))
			}
			if !strings.Contains(string(body), tt.wantBody) {
				t.Errorf("%s %s: body lacks %q", tt.method, tt.path, tt.wantBody)
			}
		})
	}
}

// TestCompressionConditional checks that a conditional request still gets
// its 304, uncompressed and empty, and that an ETag changes with the encoding.
func TestCompressionConditional(t *testing.T) {
	s := fuzzServer(t)
	writeFile(t, filepath.Join(s.cur.p.Load().dir, "app.js"), strings.Repeat("console.log('x');\n", 100))
	req := httptest.NewRequest("GET", "/app.js", nil)
	req.Host = "localhost"
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	etag := rec.Header().Get("ETag")
	if rec.Code != http.StatusOK || etag == "" {
		t.Fatalf("GET = %d with ETag %q; want 200 and an ETag", rec.Code, etag)
	}
	req.Header.Set("If-None-Match", etag)
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 || rec.Header().Get("Content-Encoding") != "" || rec.Header().Get("ETag") != etag {
		t.Errorf("conditional GET = %d, %d bytes, encoding %q, ETag %q; want 304, empty, none, %q", rec.Code, rec.Body.Len(), rec.Header().Get("Content-Encoding"), rec.Header().Get("ETag"), etag)
	}

	h := http.Header{"Content-Type": {"text/html"}, "Etag": {`"abc"`}}
	rec = httptest.NewRecorder()
	for k, v := range h {
		rec.Header()[k] = v
	}
	req = httptest.NewRequest("GET", "/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	w, done := netlify.Gzip(rec, req)
	w.WriteHeader(http.StatusOK)
	w.Write([]byte(strings.Repeat("x", 1000)))
	done()
	if got := rec.Header().Get("ETag"); got != `"abc-gzip"` {
		t.Errorf("ETag of a gzipped response = %q; want %q", got, `"abc-gzip"`)
	}
}

// TestHostCheck sends requests with many Host headers: only loopback
// names and the bound address are answered, unless the preview is bound
// to every interface (issue 13: DNS rebinding, Host: evil.example got 200).
func TestHostCheck(t *testing.T) {
	tests := []struct {
		bind, host string
		want       int
	}{
		{"127.0.0.1", "127.0.0.1:1313", 200},
		{"127.0.0.1", "localhost:1313", 200},
		{"127.0.0.1", "LOCALHOST.", 200},
		{"127.0.0.1", "app.localhost:1313", 200},
		{"127.0.0.1", "[::1]:1313", 200},
		{"127.0.0.1", "127.0.0.2", 200},
		{"127.0.0.1", "evil.example", 403},
		{"127.0.0.1", "evil.example:1313", 403},
		{"127.0.0.1", "127.0.0.1.evil.example", 403},
		{"127.0.0.1", "192.168.1.20:1313", 403},
		{"127.0.0.1", "", 403},
		{"192.168.1.20", "192.168.1.20:1313", 200},
		{"192.168.1.20", "10.0.0.1:1313", 403},
		{"preview.lan", "preview.lan:1313", 200},
		{"0.0.0.0", "192.168.1.20:1313", 200},
		{"0.0.0.0", "[fe80::1]:1313", 200},
		{"0.0.0.0", "evil.example", 403},
	}
	s := fuzzServer(t)
	for _, tt := range tests {
		s.cfg.Bind = tt.bind
		req := httptest.NewRequest("GET", "/", nil)
		req.Host = tt.host
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("--bind %s, Host %q: status %d; want %d", tt.bind, tt.host, rec.Code, tt.want)
		}
	}
}

// TestBindWarning checks that a preview bound to every interface says it
// is reachable from the network, and one on loopback does not.
func TestBindWarning(t *testing.T) {
	dir := copyRepo(t)
	for _, tt := range []struct {
		bind string
		want bool
	}{{"0.0.0.0", true}, {"127.0.0.1", false}} {
		p := startPreview(t, dir, Config{Bind: tt.bind})
		if got := strings.Contains(p.out.String(), "reachable from the network"); got != tt.want {
			t.Errorf("--bind %s: warning printed = %t; want %t; output:\n%s", tt.bind, got, tt.want, p.out)
		}
	}
}

// TestRevalidationAcrossBuilds: two builds within one second (a file saved
// in two steps, a quick revert) must not answer the browser's
// revalidation of the first build's page with a 304. Before, the
// validator was the file's modification time, whole seconds in HTTP, and
// the browser kept the page of the build in between.
func TestRevalidationAcrossBuilds(t *testing.T) {
	s := fuzzServer(t)
	page := filepath.Join(s.cur.p.Load().dir, "docs", "a", "index.html")
	get := func(header, value string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/docs/a/", nil)
		req.Host = "localhost"
		req.Header.Set("Accept-Encoding", "gzip")
		if header != "" {
			req.Header.Set(header, value)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec
	}
	first := get("", "")
	if first.Code != http.StatusOK {
		t.Fatalf("GET = %d", first.Code)
	}
	info, err := os.Stat(page)
	if err != nil {
		t.Fatal(err)
	}

	// The next build: the same page, longer, written within the same second.
	dir := t.TempDir()
	next := filepath.Join(dir, "docs", "a", "index.html")
	writeFile(t, next, "<html><head></head><body>a, now longer</body></html>")
	if err := os.Chtimes(next, info.ModTime(), info.ModTime()); err != nil {
		t.Fatal(err)
	}
	st, err := newSite("next-build", dir, func(string) {})
	if err != nil {
		t.Fatal(err)
	}
	s.cur.swap(st)

	for _, v := range []struct{ header, value string }{
		{"If-None-Match", first.Header().Get("ETag")},
		{"If-Modified-Since", first.Header().Get("Last-Modified")},
	} {
		if v.value == "" {
			continue
		}
		rec := get(v.header, v.value)
		body := rec.Body.String()
		if rec.Code == http.StatusOK && rec.Header().Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(zr)
			body = string(b)
		}
		if rec.Code != http.StatusOK || !strings.Contains(body, "now longer") {
			t.Errorf("%s: %s after the next build = %d %q; want 200 and the new page", v.header, v.value, rec.Code, body)
		}
	}
}
