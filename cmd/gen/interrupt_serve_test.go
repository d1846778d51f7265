package main

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"pairag.com/portal/generator/synth"
)

// synthRepo writes the synthetic bilingual site of package synth, with
// the repository's labels, translations, protocol document and
// netlify.toml, and the pages in the navigation, so that a build takes
// long enough to be interrupted at many points.
func synthRepo(t *testing.T, pages int) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range synth.Pages(pages) {
		writeFile(t, filepath.Join(dir, name), strings.Replace(text, "nav: false\n", "", 1))
	}
	for _, name := range []string{"content/labels.yaml", "content/protocol.zh-CN.yaml", "protocol/pairag-task-publish-v18.json", "netlify.toml"} {
		b, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, name), string(b))
	}
	return dir
}

// TestServeKilledAnywhere stops gen serve with SIGTERM, SIGINT or two
// SIGINTs at a random moment of its first build or of a rebuild (each run
// waits for the build to be under way, then for a random delay): it exits
// within the deadline and leaves nothing in its temporary directory
// (issue 22: SIGTERM hung with a render worker blocked, and the session
// directory stayed in /dev/shm). GEN_KILL_RUNS sets how many runs (6 by
// default, 2 with -short); the seed is logged.
func TestServeKilledAnywhere(t *testing.T) {
	runs := 6
	if testing.Short() {
		runs = 2
	}
	if v := os.Getenv("GEN_KILL_RUNS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			t.Fatalf("GEN_KILL_RUNS=%q: want a positive number", v)
		}
		runs = n
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, seed>>1))
	repo := synthRepo(t, 600)
	page := filepath.Join(repo, "content", "en", "docs", "p00001.md")
	signals := []struct {
		name string
		sigs []syscall.Signal
	}{{"SIGTERM", []syscall.Signal{syscall.SIGTERM}}, {"SIGINT", []syscall.Signal{syscall.SIGINT}}, {"2x SIGINT", []syscall.Signal{syscall.SIGINT, syscall.SIGINT}}}
	for i := range runs {
		sig := signals[i%len(signals)]
		rebuild := i/len(signals)%2 == 1
		delay := time.Duration(rng.IntN(1500)) * time.Millisecond
		when := "first build"
		if rebuild {
			when = "rebuild"
			delay /= 5
		}
		t.Run(fmt.Sprintf("%d %s during the %s after %v", i, sig.name, when, delay), func(t *testing.T) {
			tmp := t.TempDir()
			p := startGen(t, "main", []string{"TMPDIR=" + tmp}, "serve", "--validator=false", "--port", "0", "--content", repo)
			sites := func() int {
				m, _ := filepath.Glob(filepath.Join(tmp, "gen-serve-*", "site-*", "assets"))
				return len(m)
			}
			if rebuild {
				p.waitOutput(t, "serving http")
				writeFile(t, page, fmt.Sprintf("---\ntitle: Edited %d\ndescription: An edit.\n---\n\nEdited.\n", i))
				waitFor(t, func() bool { return sites() >= 2 || strings.Contains(p.output(), "rebuilt in") })
			} else {
				waitFor(t, func() bool { return sites() >= 1 })
			}
			time.Sleep(delay) // the random moment: the condition above has been met
			for j, s := range sig.sigs {
				if j > 0 {
					p.waitOutput(t, "press Ctrl-C again")
				}
				p.cmd.Process.Signal(s)
			}
			if code := p.wait(t); code != 0 && code != 130 {
				t.Errorf("gen serve exit code %d; want 0 or 130\n%s", code, p.output())
			}
			if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
				t.Errorf("left in TMPDIR: %v\n%s", entries, p.output())
			}
		})
	}
}

// TestServeFailedStart: a start that fails (the port is taken, the
// directory has no content/) exits 1 with the reason and leaves nothing
// in the temporary directory.
func TestServeFailedStart(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	repo := synthRepo(t, 4)
	for _, tc := range []struct {
		name, want string
		args       []string
	}{
		{"port taken", "port " + port + " is in use", []string{"--port", port, "--content", repo}},
		{"no content", "has no content/ directory", []string{"--port", "0", "--content", t.TempDir()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmp := t.TempDir()
			p := startGen(t, "main", []string{"TMPDIR=" + tmp}, append([]string{"serve", "--validator=false"}, tc.args...)...)
			if code := p.wait(t); code != 1 {
				t.Errorf("exit code %d; want 1\n%s", code, p.output())
			}
			if !strings.Contains(p.output(), tc.want) {
				t.Errorf("output does not say %q:\n%s", tc.want, p.output())
			}
			if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
				t.Errorf("left in TMPDIR: %v", entries)
			}
		})
	}
}
