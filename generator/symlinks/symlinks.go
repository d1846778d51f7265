// Package symlinks guards the build's reads against symbolic links that
// leave the sources.
//
// Symbolic links under content/ and protocol/ are followed only when they
// resolve, link after link, to a file or directory inside content/ or
// protocol/ of the same repository: the target is then read and published
// as if it were a copy at the link's place. Any other link (an absolute
// target, one that climbs out of the repository, or one into another part
// of it such as .git/, .cache/ or public/) is an error at the link's path,
// and the build neither reads nor publishes what it points to: [Guard]
// reports it to a [diag.Reporter] (the build's report) and returns the
// file system with it refused. gen build and gen serve also read the
// repository through an os.Root, which refuses every read outside it
// whatever this check misses.
//
// The package knows the repository's source folders and nothing of pages
// or the site; package generator runs it before a build or gen check reads
// anything.
package symlinks

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"pairag.com/portal/internal/diag"
)

// sourceDirs are the trees a build reads and a link may point into.
var sourceDirs = []string{"content", "protocol"}

// maxLinkHops bounds a chain of links, as the kernel's ELOOP does.
const maxLinkHops = 40

// Guard reports to rep an error for every link under the source trees
// that leaves them, and returns fsys with those links refused: opening
// one, or anything through one, fails, and directory listings leave them
// out. Without such links it returns fsys itself.
func Guard(fsys fs.FS, rep diag.Reporter) fs.FS {
	bad := map[string]bool{}
	for _, dir := range sourceDirs {
		fs.WalkDir(fsys, dir, func(name string, d fs.DirEntry, err error) error {
			if err != nil || d.Type()&fs.ModeSymlink == 0 {
				return nil // unreadable trees are reported by whoever reads them
			}
			if msg := badLink(fsys, name); msg != "" {
				rep.Report(&diag.Finding{File: name, Severity: diag.SeverityError, Msg: msg + "; links may only point inside content/ or protocol/ of this repository"})
				bad[name] = true
			}
			return nil
		})
	}
	if len(bad) == 0 {
		return fsys
	}
	return refusingFS{fsys, bad}
}

// badLink follows the link name and says why it is refused, or "".
func badLink(fsys fs.FS, name string) string {
	cur := name
	for range maxLinkHops {
		target, err := fs.ReadLink(fsys, cur)
		if errors.Is(err, errors.ErrUnsupported) {
			return "" // a file system without links cannot leave itself
		}
		if err != nil {
			return fmt.Sprintf("symbolic link cannot be read: %v", err)
		}
		if path.IsAbs(target) || strings.HasPrefix(target, `\`) || (len(target) > 1 && target[1] == ':') {
			return fmt.Sprintf("symbolic link to %s leaves the repository", target)
		}
		next := path.Join(path.Dir(cur), target)
		if next == ".." || strings.HasPrefix(next, "../") {
			return fmt.Sprintf("symbolic link to %s leaves the repository", target)
		}
		if !inSources(next) {
			return fmt.Sprintf("symbolic link to %s points at %s, outside the sources", target, next)
		}
		info, err := fs.Lstat(fsys, next)
		if err != nil {
			return fmt.Sprintf("symbolic link to %s points at nothing", target)
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			return ""
		}
		cur = next
	}
	return "symbolic link is part of a loop or a chain of more than 40 links"
}

// inSources reports whether name, a slash path from the repository root,
// is one of the source trees or lies in one.
func inSources(name string) bool {
	for _, dir := range sourceDirs {
		if name == dir || strings.HasPrefix(name, dir+"/") {
			return true
		}
	}
	return false
}

// refusingFS hides refused links: opening one (or anything through one)
// fails, and directory listings leave them out.
type refusingFS struct {
	fsys fs.FS
	bad  map[string]bool
}

func (r refusingFS) refused(name string) bool {
	for p := name; p != "." && p != "/" && p != ""; p = path.Dir(p) {
		if r.bad[p] {
			return true
		}
	}
	return false
}

func (r refusingFS) Open(name string) (fs.File, error) {
	if r.refused(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return r.fsys.Open(name)
}

func (r refusingFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if r.refused(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrPermission}
	}
	entries, err := fs.ReadDir(r.fsys, name)
	kept := entries[:0]
	for _, e := range entries {
		if !r.bad[path.Join(name, e.Name())] {
			kept = append(kept, e)
		}
	}
	return kept, err
}
