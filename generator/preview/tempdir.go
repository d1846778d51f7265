package preview

import (
	"fmt"
	"os"
	"path/filepath"

	"pairag.com/portal/generator/preview/workdir"
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
	return workdir.Memory()
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
		s.siteBytes = workdir.Size(dir)
	}
	free, err := s.cfg.free(s.work.Current())
	if err != nil || free >= s.siteBytes {
		return false
	}
	work, err := workdir.Make(s.spill)
	if err != nil {
		s.printf("warning: %s has %s free, less than the site's %s, and builds cannot move to %s: %v", filepath.Dir(s.work.Current()), byteSize(free), byteSize(s.siteBytes), s.spill, err)
		s.spill = ""
		return false
	}
	s.printf("%s has %s free, less than another copy of the site (%s) needs: building on disk in %s from now on", filepath.Dir(s.work.Current()), byteSize(free), byteSize(s.siteBytes), work)
	s.work.Add(work)
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
