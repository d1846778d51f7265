package preview

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestPortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	_, err = Listen(Config{Dir: "../..", Port: port})
	want := fmt.Sprintf("port %d is in use; pick another with --port or use --port 0", port)
	var inUse *PortInUseError
	if !errors.As(err, &inUse) || err.Error() != want {
		t.Errorf("Listen on a busy port = %v; want %q", err, want)
	}
}

func TestListenDefaults(t *testing.T) {
	s, err := Listen(Config{Dir: "../.."})
	if err != nil {
		t.Fatal(err)
	}
	defer s.ln.Close()
	if host, _, _ := net.SplitHostPort(s.ln.Addr().String()); host != "127.0.0.1" {
		t.Errorf("default bind = %s; want loopback 127.0.0.1", host)
	}
	if !strings.HasPrefix(s.URL(), "http://127.0.0.1:") || s.baseURL != s.URL() {
		t.Errorf("URL = %q, base URL %q; want the preview's loopback URL for both", s.URL(), s.baseURL)
	}
	if _, err := Listen(Config{Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "content/") {
		t.Errorf("Listen over a directory without content/ = %v; want an error naming content/", err)
	}
}

func TestWatchLimitMessage(t *testing.T) {
	err := explainWatchError("/repo/content/en", fmt.Errorf("add: %w", syscall.ENOSPC))
	for _, want := range []string{"fs.inotify.max_user_watches", "sudo sysctl fs.inotify.max_user_watches=524288", "--poll"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("watch limit message %q lacks %q", err, want)
		}
	}
}

// TestRunStopsCleanly cancels a running server with a browser connected to
// its event stream and checks that Run returns promptly, the event stream
// ends, no goroutine is left and the build directories are gone.
func TestRunStopsCleanly(t *testing.T) {
	for _, poll := range []time.Duration{0, 50 * time.Millisecond} {
		t.Run(fmt.Sprint("poll=", poll), func(t *testing.T) {
			dir, tmp := copyRepo(t), t.TempDir()
			before := runtime.NumGoroutine()
			s, err := Listen(Config{Dir: dir, TempDir: tmp, Poll: poll})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- s.Run(ctx) }()

			tr := &http.Transport{}
			client := &http.Client{Transport: tr}
			resp, err := client.Get(s.URL() + "__gen/events")
			if err != nil {
				t.Fatal(err)
			}
			streamDone := make(chan struct{})
			go func() { io.Copy(io.Discard, resp.Body); close(streamDone) }()
			page, err := client.Get(s.URL())
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, page.Body)
			page.Body.Close()
			writeFile(t, dir+"/content/en/validator.md", readFile(t, dir+"/content/en/validator.md")+"\nMore.\n")
			waitBuilds(t, client, s.URL(), 2) // a rebuild: two site directories have existed

			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("Run = %v", err)
				}
			case <-time.After(60 * time.Second):
				t.Fatal("Run did not return within 60 s of cancel")
			}
			select {
			case <-streamDone:
			case <-time.After(30 * time.Second):
				t.Error("event stream still open 30 s after Run returned")
			}
			resp.Body.Close()
			tr.CloseIdleConnections()
			if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
				t.Errorf("left in the temporary directory: %v", entries)
			}
			deadline := time.Now().Add(30 * time.Second)
			for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			if n := runtime.NumGoroutine(); n > before {
				buf := make([]byte, 1<<16)
				t.Errorf("%d goroutines after Run; %d before:\n%s", n, before, buf[:runtime.Stack(buf, true)])
			}
			if _, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(s.URL(), "http://"), "/")); err == nil {
				t.Error("port still accepting connections after Run")
			}
		})
	}
}

// waitBuilds polls the status until n builds have finished, for up to 60 s.
func waitBuilds(t *testing.T, client *http.Client, url string, n int64) {
	t.Helper()
	var st Status
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		resp, err := client.Get(url + "__gen/status")
		if err != nil {
			t.Fatal(err)
		}
		err = json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		if err == nil && st.Build >= n {
			return
		}
	}
	t.Fatalf("%d builds after 60 s; want %d", st.Build, n)
}
