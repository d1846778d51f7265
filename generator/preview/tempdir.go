package preview

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"pairag.com/portal/internal/proc"
)

// workParent picks where the session's build directories go: Config.TempDir
// when set; else, unless TMPDIR says otherwise, a tmpfs (/dev/shm on Linux)
// with room to spare, since a build writes thousands of small files that
// are thrown away at the next build; else os.TempDir(). spill is where
// builds move when the tmpfs runs short ("" when parent is not a tmpfs).
func workParent(cfg Config) (parent, spill string) {
	if cfg.TempDir != "" {
		return cfg.TempDir, ""
	}
	if dir, ok := cfg.memDir(); ok {
		return dir, os.TempDir()
	}
	return os.TempDir(), ""
}

// defaultMemDir is Config.memDir's default: a tmpfs unless TMPDIR names
// where temporary files go.
func defaultMemDir() (string, bool) {
	if os.Getenv("TMPDIR") != "" {
		return "", false
	}
	return memoryDir()
}

// makeWork creates the session directory, recording the process id, after
// removing the directories of sessions whose process is gone (killed
// without a chance to clean up).
func makeWork(parent string) (string, error) {
	removeStale(parent)
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

// removeStale removes gen-serve-* directories of parent whose pid file
// names a process that no longer exists.
func removeStale(parent string) {
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

// workDirs are the session directories of one run: the first, and the
// one on disk its builds moved to when the tmpfs ran short. Every one is
// removed when the run ends, and at once by Abort.
type workDirs struct {
	mu   sync.Mutex
	dirs []string
	cur  string // where new builds go
}

func (w *workDirs) add(dir string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.dirs = append(w.dirs, dir)
	w.cur = dir
}

// current is where the next build's directory goes.
func (w *workDirs) current() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cur
}

// removeAll removes every session directory, trying again where a build
// still running added a file between walks.
func (w *workDirs) removeAll() {
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

// dirBytes is the size of the files under dir, each counted once (a
// file linked into the tree twice, or from an earlier build, is one file).
func dirBytes(dir string) int64 {
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

// checkSpace runs after a build was served from dir: when the session is
// on a tmpfs, it measures the site (after a build that rendered every
// page, whose size is that of the whole site) and, when the tmpfs has
// less room left than one more copy of it, moves the next builds to disk,
// so the session never holds much more than twice the site in memory. It
// reports whether it moved them.
func (s *Server) checkSpace(dir string, whole bool) bool {
	if s.spill == "" {
		return false
	}
	if whole || s.siteBytes == 0 {
		s.siteBytes = dirBytes(dir)
	}
	free, err := s.cfg.free(s.work.current())
	if err != nil || free >= s.siteBytes {
		return false
	}
	work, err := makeWork(s.spill)
	if err != nil {
		s.printf("warning: %s has %s free, less than the site's %s, and builds cannot move to %s: %v", filepath.Dir(s.work.current()), byteSize(free), byteSize(s.siteBytes), s.spill, err)
		s.spill = ""
		return false
	}
	s.printf("%s has %s free, less than another copy of the site (%s) needs: building on disk in %s from now on", filepath.Dir(s.work.current()), byteSize(free), byteSize(s.siteBytes), work)
	s.work.add(work)
	s.spill = ""
	return true
}

// byteSize formats n bytes for people: 512 B, 12.3 KB, 4.0 MB, 2.1 GB.
func byteSize(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1e6:
		return fmt.Sprintf("%.1f KB", float64(n)/1e3)
	case n < 1e9:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(n)/1e9)
}
