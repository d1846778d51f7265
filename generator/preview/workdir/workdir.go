// Package workdir owns the directories gen serve builds into: a session
// directory per run, in a tmpfs (/dev/shm on Linux) with room to spare or
// else on disk, marked with the process id so that the next run removes
// what a killed one left (Make, RemoveStale); the set of a run's
// directories, removed together (Dirs); and what the preview measures to
// move its builds to disk before the tmpfs fills (Memory, Free, Size).
package workdir

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"pairag.com/portal/generator/proc"
)

// Make creates a session directory in parent, recording the process id, after
// removing the directories of sessions whose process is gone (killed
// without a chance to clean up).
func Make(parent string) (string, error) {
	RemoveStale(parent)
	dir, err := os.MkdirTemp(parent, "gen-serve-")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "pid"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}

// RemoveStale removes gen-serve-* directories of parent whose pid file
// names a process that no longer exists.
func RemoveStale(parent string) {
	dirs, _ := filepath.Glob(filepath.Join(parent, "gen-serve-*"))
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, "pid"))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 {
			continue
		}
		if proc.Gone(pid) {
			os.RemoveAll(dir)
		}
	}
}

// Dirs are the session directories of one run: the first, and the one on
// disk its builds moved to when the tmpfs ran short. Every one is removed
// when the run ends (RemoveAll), and at once when it is aborted. The zero
// value holds none.
type Dirs struct {
	mu   sync.Mutex
	dirs []string
	cur  string // where new builds go
}

// Add records dir, where new builds go from now on.
func (w *Dirs) Add(dir string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.dirs = append(w.dirs, dir)
	w.cur = dir
}

// Current is where the next build's directory goes.
func (w *Dirs) Current() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cur
}

// RemoveAll removes every session directory, trying again where a build
// still running added a file between walks.
func (w *Dirs) RemoveAll() {
	w.mu.Lock()
	dirs := append([]string(nil), w.dirs...)
	w.mu.Unlock()
	for _, dir := range dirs {
		for range 3 {
			if os.RemoveAll(dir) == nil {
				break
			}
		}
	}
}

// Size is the size of the files under dir, each counted once (a
// file linked into the tree twice, or from an earlier build, is one file).
func Size(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}
