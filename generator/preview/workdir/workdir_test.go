package workdir

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestStaleSessions checks that a session directory left by a killed
// process is removed at the next start, and a live one kept.
func TestStaleSessions(t *testing.T) {
	parent := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip(err)
	}
	dead := filepath.Join(parent, "gen-serve-dead")
	live := filepath.Join(parent, "gen-serve-live")
	for dir, pid := range map[string]int{dead: cmd.Process.Pid, live: os.Getpid()} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "pid"), []byte(fmt.Sprint(pid)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	work, err := Make(parent)
	if err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string]bool{dead: false, live: true, work: true} {
		if _, err := os.Stat(dir); (err == nil) != want {
			t.Errorf("%s exists = %t; want %t", filepath.Base(dir), err == nil, want)
		}
	}
}
