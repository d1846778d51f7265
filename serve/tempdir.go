package serve

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"pairag.com/portal/internal/proc"
)

// workParent picks where the session's build directories go: Config.TempDir
// when set; else, unless TMPDIR says otherwise, a tmpfs (/dev/shm on Linux)
// with room to spare, since a build writes thousands of small files that
// are thrown away at the next build; else os.TempDir().
func workParent(configured string) string {
	if configured != "" {
		return configured
	}
	if os.Getenv("TMPDIR") == "" {
		if dir, ok := memoryDir(); ok {
			return dir
		}
	}
	return os.TempDir()
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
