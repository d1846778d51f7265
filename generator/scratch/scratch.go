// Package scratch recognises the files editors and the system write beside
// the files a writer edits: locks, swap files, backups, write probes and
// safe-write temporaries. The build never takes one for a page, and the
// preview never rebuilds for one.
package scratch

import (
	"path"
	"strconv"
	"strings"
)

// Is reports whether name, a file's base name, is a scratch file:
//
//   - any hidden name (".x"): emacs locks (.#x), vim swap files (.x.swp),
//     gedit's .goutputstream-*, macOS's .DS_Store, and gen's own
//     temporaries beside a file it rewrites (.x.gen-PID-RANDOM.tmp, see
//     package safewrite), which a kill may leave behind
//   - emacs autosaves (#x#) and anything else starting with "#"
//   - backups ending in "~"
//   - JetBrains' safe-write files (x___jb_tmp___, x___jb_old___)
//   - vim's write probe: 4913, or 4913 plus a multiple of 123 when that
//     name is taken
//   - vim's swap files, hidden or not: .swp, then .swo, .swn, ... down to
//     .swa, and .swx
func Is(name string) bool {
	switch {
	case strings.HasPrefix(name, "."), strings.HasPrefix(name, "#"):
		return true
	case strings.HasSuffix(name, "~"), strings.Contains(name, "___jb_"):
		return true
	}
	return vimProbe(name) || vimSwap(name)
}

func vimProbe(name string) bool {
	n, err := strconv.Atoi(name)
	return err == nil && n >= 4913 && (n-4913)%123 == 0
}

func vimSwap(name string) bool {
	ext := path.Ext(name)
	return ext == ".swx" || len(ext) == 4 && strings.HasPrefix(ext, ".sw") && ext[3] >= 'a' && ext[3] <= 'p'
}
