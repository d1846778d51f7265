package preview

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// copyRepo copies the repository's content/, protocol document and
// netlify.toml into a temporary directory: the tree the tests edit.
func copyRepo(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	copyTree(t, "../../content", filepath.Join(dir, "content"))
	for _, name := range []string{"protocol/pairag-task-publish-v18.json", "netlify.toml"} {
		writeFile(t, filepath.Join(dir, name), readFile(t, filepath.Join("../..", name)))
	}
	return dir
}

func copyTree(t testing.TB, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		writeFile(t, filepath.Join(to, rel), readFile(t, p))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func readFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeFile(t testing.TB, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// syncBuffer is the server's Out, read by tests while it runs.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// preview is a running server over a repository copy, with one event
// stream open.
type preview struct {
	t      testing.TB
	dir    string
	srv    *Server
	url    string
	out    *syncBuffer
	events <-chan event
}

// startPreview runs a server on a free loopback port over dir and waits
// for the first build and for the event stream's hello. The server is
// stopped, and checked to stop, when the test ends.
func startPreview(t testing.TB, dir string, cfg Config) *preview {
	t.Helper()
	return startPreviewWith(t, dir, cfg, nil)
}

// startPreviewWith is startPreview with setup called on the server
// between Listen and Run.
func startPreviewWith(t testing.TB, dir string, cfg Config, setup func(*Server)) *preview {
	t.Helper()
	out := &syncBuffer{}
	cfg.Dir, cfg.Out = dir, out
	if cfg.Quiet == 0 {
		cfg.Quiet = 50 * time.Millisecond
	}
	srv, err := Listen(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if setup != nil {
		setup(srv)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run = %v", err)
			}
		case <-time.After(60 * time.Second):
			t.Errorf("Run did not return 60 s after cancel")
		}
	})
	p := &preview{t: t, dir: dir, srv: srv, url: strings.TrimSuffix(srv.URL(), "/"), out: out}
	p.events = p.subscribe()
	p.next("hello", 120*time.Second) // the first build, on a loaded machine
	return p
}

// subscribe opens /__gen/events and delivers its events on a channel.
func (p *preview) subscribe() <-chan event {
	p.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", p.url+"/__gen/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		p.t.Fatal(err)
	}
	ch := make(chan event, 256)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer resp.Body.Close()
		readEvents(resp.Body, ch)
	}()
	p.t.Cleanup(func() { cancel(); <-done })
	return ch
}

// readEvents parses a server-sent event stream.
func readEvents(r io.Reader, ch chan<- event) {
	sc := bufio.NewScanner(r)
	var e event
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			e.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			e.data = strings.TrimPrefix(line, "data: ")
		case line == "" && e.name != "":
			ch <- e
			e = event{}
		}
	}
}

// next waits for the next event of the given name, skipping others.
func (p *preview) next(name string, timeout time.Duration) event {
	p.t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case e := <-p.events:
			if e.name == name {
				return e
			}
		case <-deadline:
			p.t.Fatalf("no %q event within %v; status %+v; output:\n%s", name, timeout, p.status(), p.out)
		}
	}
}

// until waits for reload events until cond holds.
func (p *preview) until(what string, timeout time.Duration, cond func() bool) {
	p.t.Helper()
	deadline := time.After(timeout)
	for !cond() {
		select {
		case <-p.events:
		case <-deadline:
			p.t.Fatalf("%s: not seen within %v; status %+v; output:\n%s", what, timeout, p.status(), p.out)
		}
	}
}

// quiet asserts that no event arrives for d.
func (p *preview) quiet(d time.Duration) {
	p.t.Helper()
	select {
	case e := <-p.events:
		p.t.Fatalf("unexpected event %v; output:\n%s", e, p.out)
	case <-time.After(d):
	}
}

// get fetches a path of the preview.
func (p *preview) get(path string) (int, http.Header, string) {
	p.t.Helper()
	resp, err := http.Get(p.url + path)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		p.t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, string(body)
}

func (p *preview) status() Status {
	p.t.Helper()
	resp, err := http.Get(p.url + "/__gen/status")
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	var st Status
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		p.t.Fatal(err)
	}
	return st
}

// page returns the body of path when it is served with 200, else "".
func (p *preview) page(path string) string {
	code, _, body := p.get(path)
	if code != http.StatusOK {
		return ""
	}
	return body
}
