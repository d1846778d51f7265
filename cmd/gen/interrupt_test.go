package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the test binary stand in for gen: with GEN_TEST_MAIN set
// it runs the command line after "--" and exits, so the signal tests stop
// a real gen process without building a second binary.
func TestMain(m *testing.M) {
	switch os.Getenv("GEN_TEST_MAIN") {
	case "":
		os.Exit(m.Run())
	case "stuck":
		// A command whose work ignores cancellation: only the second
		// signal, or the end of the grace, can end it.
		if v := os.Getenv("GEN_TEST_GRACE"); v != "" {
			stopGrace, _ = time.ParseDuration(v)
		}
		_, stop := interruptible(os.Stderr, "gen stuck", func() { os.WriteFile(os.Getenv("GEN_TEST_MARK"), []byte("cleaned"), 0o644) })
		defer stop()
		fmt.Fprintln(os.Stderr, "working")
		select {}
	default:
		args := os.Args[1:]
		for i, a := range args {
			if a == "--" {
				args = args[i+1:]
				break
			}
		}
		os.Exit(run(args, os.Stdin, os.Stdout, os.Stderr))
	}
}

// proc is a gen process started by a test, with its output collected.
type proc struct {
	cmd    *exec.Cmd
	mu     sync.Mutex
	out    bytes.Buffer
	exited chan error
}

func (p *proc) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.out.Write(b)
}

func (p *proc) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.out.String()
}

func startGen(t *testing.T, mode string, env []string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...), exited: make(chan error, 1)}
	p.cmd.Env = append(append(os.Environ(), "GEN_TEST_MAIN="+mode), env...)
	p.cmd.Stdout, p.cmd.Stderr = p, p
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.exited <- p.cmd.Wait() }()
	t.Cleanup(func() { p.cmd.Process.Kill() })
	return p
}

// waitOutput waits until the output contains s; deadlines are generous
// because the machine may be busy.
func (p *proc) waitOutput(t *testing.T, s string) {
	t.Helper()
	for deadline := time.Now().Add(120 * time.Second); !strings.Contains(p.output(), s); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in the output within 120 s:\n%s", s, p.output())
		}
	}
}

// wait returns the exit code once the process has exited.
func (p *proc) wait(t *testing.T) int {
	t.Helper()
	select {
	case <-p.exited:
		return p.cmd.ProcessState.ExitCode()
	case <-time.After(120 * time.Second):
		t.Fatalf("still running 120 s after the signal:\n%s", p.output())
		return -1
	}
}

// TestSecondInterruptExitsAtOnce runs a command whose work ignores
// cancellation: the first SIGINT asks it to stop, the second runs the
// cleanup and exits 130 at once (issue 13: a second Ctrl-C was ignored).
func TestSecondInterruptExitsAtOnce(t *testing.T) {
	mark := filepath.Join(t.TempDir(), "mark")
	p := startGen(t, "stuck", []string{"GEN_TEST_MARK=" + mark})
	p.waitOutput(t, "working")
	p.cmd.Process.Signal(syscall.SIGINT)
	p.waitOutput(t, "press Ctrl-C again")
	p.cmd.Process.Signal(syscall.SIGINT)
	if code := p.wait(t); code != 130 {
		t.Errorf("exit code %d after two interrupts; want 130\n%s", code, p.output())
	}
	if b, err := os.ReadFile(mark); err != nil || string(b) != "cleaned" {
		t.Errorf("cleanup did not run before exiting: %v", err)
	}
}

// TestSingleSignalEnds: a command that does not stop after one SIGTERM
// (nobody sends a second) is ended once the grace has passed, with its
// cleanup run (issue 22: gen serve hung after SIGTERM until SIGQUIT).
func TestSingleSignalEnds(t *testing.T) {
	mark := filepath.Join(t.TempDir(), "mark")
	p := startGen(t, "stuck", []string{"GEN_TEST_MARK=" + mark, "GEN_TEST_GRACE=500ms"})
	p.waitOutput(t, "working")
	p.cmd.Process.Signal(syscall.SIGTERM)
	if code := p.wait(t); code != 130 {
		t.Errorf("exit code %d after one SIGTERM; want 130\n%s", code, p.output())
	}
	if !strings.Contains(p.output(), "still stopping after 500ms") {
		t.Errorf("no word of why it exited:\n%s", p.output())
	}
	if b, err := os.ReadFile(mark); err != nil || string(b) != "cleaned" {
		t.Errorf("cleanup did not run before exiting: %v", err)
	}
}

// bigRepo copies the repository's sources and adds a page pair of about
// 12 MB each, so a build takes long enough to be interrupted.
func bigRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, src := range []string{"content", "protocol", "netlify.toml"} {
		if out, err := exec.Command("cp", "-r", filepath.Join("..", "..", src), dir).CombinedOutput(); err != nil {
			t.Fatalf("cp %s: %v\n%s", src, err, out)
		}
	}
	para := "Lorem ipsum dolor sit amet, **consectetur** adipiscing elit, `code` sed do [link](/docs/create-task/) tempor.\n\n"
	body := "---\ntitle: Big\ndescription: A very long page.\nnav: false\n---\n\n## Section\n\n" + strings.Repeat(para, 12<<20/len(para))
	for _, lang := range []string{"en", "zh-CN"} {
		if err := os.WriteFile(filepath.Join(dir, "content", lang, "big.md"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestBuildInterrupted sends SIGTERM and SIGINT to gen build while it
// renders: it stops with 130, leaves the previous public/ as it was, and
// leaves no temporary directory (issue 13: every kill or Ctrl-C left a
// .public-* directory).
func TestBuildInterrupted(t *testing.T) {
	repo := bigRepo(t)
	out := filepath.Join(repo, "public")
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			p := startGen(t, "main", nil, "build", "--validator=false", "--cache", "off", "--content", repo, "--out", out)
			// The assets are written once the content is loaded: pages render next.
			waitFor(t, func() bool {
				m, _ := filepath.Glob(filepath.Join(repo, ".public-build-*", "assets"))
				return len(m) > 0
			})
			p.cmd.Process.Signal(sig)
			if code := p.wait(t); code != 130 {
				t.Fatalf("gen build exit code %d after %v; want 130\n%s", code, sig, p.output())
			}
			if !strings.Contains(p.output(), "interrupted") {
				t.Errorf("gen build does not say it was interrupted:\n%s", p.output())
			}
			if m, _ := filepath.Glob(filepath.Join(repo, ".public-*")); len(m) > 0 {
				t.Errorf("left behind: %q", m)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("an interrupted first build created %s", out)
			}
		})
	}
}

// TestServeInterrupted stops gen serve during its first, long build, once
// with one interrupt and once with two: it exits, and the session
// directory in TMPDIR is gone (issue 13: a kill left 298 MB in /dev/shm).
func TestServeInterrupted(t *testing.T) {
	repo := bigRepo(t)
	for _, signals := range []int{1, 2} {
		t.Run(fmt.Sprint(signals, "x SIGINT"), func(t *testing.T) {
			tmp := t.TempDir()
			p := startGen(t, "main", []string{"TMPDIR=" + tmp}, "serve", "--validator=false", "--port", "0", "--content", repo)
			waitFor(t, func() bool {
				m, _ := filepath.Glob(filepath.Join(tmp, "gen-serve-*", "site-*", "assets"))
				return len(m) > 0
			})
			p.cmd.Process.Signal(syscall.SIGINT)
			if signals == 2 {
				p.waitOutput(t, "press Ctrl-C again")
				p.cmd.Process.Signal(syscall.SIGINT)
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

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(120 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 120 s")
		}
	}
}
