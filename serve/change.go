package serve

import (
	"path"
	"strconv"
	"strings"
)

// kind is what a changed path calls for.
type kind int

const (
	kindIgnore  kind = iota
	kindBuild        // content or protocol data: rebuild the site
	kindRestart      // code or embedded assets: announce that gen needs a restart
	kindConfig       // netlify.toml: reload headers and redirects
)

func (k kind) String() string {
	return [...]string{"ignore", "build", "restart", "config"}[k]
}

// classify says what a change of p, a slash-separated path relative to the
// repository, calls for. Editors' temporary files are ignored everywhere.
func classify(p string) kind {
	if p == "" || isEditorTemp(path.Base(p)) {
		return kindIgnore
	}
	top, rest, _ := strings.Cut(p, "/")
	code := strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".templ")
	switch {
	case p == "netlify.toml":
		return kindConfig
	case top == "content":
		return kindBuild
	case top == "protocol" && !strings.Contains(rest, "/") && strings.HasSuffix(rest, ".json"):
		return kindBuild
	case top == "templates" && strings.HasPrefix(rest, "assets/"):
		return kindRestart
	case code && (top == "protocol" || top == "templates" || top == "generator" || top == "cmd") && !strings.Contains(p, "/testdata/"):
		return kindRestart
	}
	return kindIgnore
}

// isEditorTemp reports whether name is a temporary file of a common
// editor: vim's write probe (4913, then 5036, 5159, ...), backups (x~),
// swap files (.x.swp, .swo, .swx, ...), emacs autosaves (#x#) and locks
// (.#x), JetBrains' safe-write files (x___jb_tmp___, x___jb_old___),
// gedit's .goutputstream-*, and macOS's .DS_Store.
func isEditorTemp(name string) bool {
	switch {
	case name == ".DS_Store", isVimProbe(name):
		return true
	case strings.HasSuffix(name, "~"):
		return true
	case strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#"):
		return true
	case strings.HasPrefix(name, ".#"), strings.HasPrefix(name, ".goutputstream-"):
		return true
	case strings.HasSuffix(name, "___jb_tmp___"), strings.HasSuffix(name, "___jb_old___"):
		return true
	}
	return isVimSwap(name)
}

// isVimProbe matches the files vim creates to test whether a directory is
// writable: 4913, or 4913 plus a multiple of 123 when that name is taken.
func isVimProbe(name string) bool {
	n, err := strconv.Atoi(name)
	return err == nil && n >= 4913 && (n-4913)%123 == 0
}

// isVimSwap matches vim's swap files: .swp, then .swo, .swn, ... down to
// .swa, and .swx for the probe vim writes when creating one.
func isVimSwap(name string) bool {
	ext := path.Ext(name)
	return len(ext) == 4 && strings.HasPrefix(ext, ".sw") && ext[3] >= 'a' && ext[3] <= 'p' || ext == ".swx"
}
