package preview

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"pairag.com/portal/generator"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/scratch"
)

// holdFor is how long a page source may stay incomplete before the preview
// reports it: an editor's save that truncates and then writes takes far
// less, a writer who emptied the file takes far more.
const holdFor = time.Second

// saves remembers, between builds, the last complete version of every page
// source, and since when a source has been found incomplete. Many editors
// save in place: they truncate the file, then write it. A build that runs
// in between reads an empty (or half-written) page; the preview then
// builds from the last complete version instead, so it never serves an
// empty page, and says so once the file stays incomplete for holdFor.
//
// It also spares a rebuild from reading every page again: a page source
// read whole, and not changed since by what the watcher reports, is
// fresh, and the next build takes it from whole without touching the
// disk ([saves.forget] ends that at every change of it).
type saves struct {
	mu    sync.Mutex
	whole map[string][]byte        // page source → its last complete version
	since map[string]time.Time     // page source → when it was first found incomplete
	fresh map[string]bool          // page source → whole holds the file as it is on disk
	dirs  map[string][]fs.DirEntry // directory under content/ → its entries, until a change in it
}

// forget marks the page sources at or under the changed paths (slash
// paths relative to the repository: files, or directories that were
// removed, renamed or lost their events) as to be read again.
func (s *saves) forget(changed []string) {
	if len(changed) == 0 {
		return
	}
	set := make(map[string]bool, len(changed))
	for _, p := range changed {
		set[strings.TrimSuffix(p, "/")] = true
	}
	parents := make(map[string]bool, len(changed))
	for p := range set {
		parents[path.Dir(p)] = true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for name := range s.fresh {
		if under(name, set) {
			delete(s.fresh, name)
		}
	}
	for dir := range s.dirs {
		if parents[dir] || under(dir, set) { // an entry added, removed or replaced; or the directory itself
			delete(s.dirs, dir)
		}
	}
}

// under reports whether name or a directory above it is in set.
func under(name string, set map[string]bool) bool {
	for p := name; p != "." && p != "/" && p != ""; p = path.Dir(p) {
		if set[p] {
			return true
		}
	}
	return false
}

// cached returns a fresh page source's bytes.
func (s *saves) cached(name string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.fresh[name] {
		return nil, false
	}
	data, ok := s.whole[name]
	return data, ok
}

// incomplete says why src, a page source, cannot be a finished save:
// it is empty, or its front matter does not open and close. "" when it
// can.
func incomplete(src []byte) string {
	if len(bytes.TrimSpace(src)) == 0 {
		return "the file is empty"
	}
	if _, _, _, err := markdown.SplitFrontMatter(src); err != nil {
		return err.Error()
	}
	return ""
}

// isPageSource reports whether name is a file that must start with front
// matter: a page (content/en/, content/zh-CN/) or a skill's SKILL.md and
// SKILL.zh-CN.md; not an editor's scratch file.
func isPageSource(name string) bool {
	base := path.Base(name)
	if path.Ext(base) != ".md" || scratch.Is(base) {
		return false
	}
	if strings.HasPrefix(name, "content/en/") || strings.HasPrefix(name, "content/zh-CN/") {
		return true
	}
	return path.Dir(path.Dir(name)) == "content/skills" && (base == "SKILL.md" || base == "SKILL.zh-CN.md")
}

// fileStamp is what a file looked like when a build read it.
type fileStamp struct {
	size int64
	mod  time.Time
}

func stampOf(info fs.FileInfo) fileStamp { return fileStamp{info.Size(), info.ModTime()} }

// sourceFS is the repository as one build reads it: page sources caught
// mid-save are replaced by their last complete version, and every file
// read is stamped, so that a build that read a file which changed while
// it ran is not served but run again ([Server.build]).
type sourceFS struct {
	root  *os.Root
	fsys  fs.FS // root's file system
	saves *saves
	now   time.Time

	mu    sync.Mutex
	read  map[string]fileStamp // file → how it looked before it was read
	held  map[string]string    // page source built from its last complete version → why
	stale []string             // held files incomplete for holdFor: reported
}

// open opens the repository dir for one build. Close it after the
// build's last look at it ([sourceFS.changed]).
func (s *saves) open(dir string) (*sourceFS, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &sourceFS{root: root, fsys: root.FS(), saves: s, now: time.Now(), read: map[string]fileStamp{}, held: map[string]string{}}, nil
}

// Close closes the repository.
func (f *sourceFS) Close() error { return f.root.Close() }

// record stamps name as it looked before it was read.
func (f *sourceFS) record(name string, info fs.FileInfo) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.read[name]; !ok {
		f.read[name] = stampOf(info)
	}
}

// ReadFile reads name, a page source's last complete version when the
// file itself is incomplete.
//
// A fresh page source (see [saves]) is not read at all: neither read nor
// stamped, it cannot have changed under this build without the watcher
// saying so.
func (f *sourceFS) ReadFile(name string) ([]byte, error) {
	page := isPageSource(name)
	if page {
		if data, ok := f.saves.cached(name); ok {
			return data, nil
		}
	}
	info, err := fs.Lstat(f.fsys, name)
	link := err == nil && info.Mode()&fs.ModeSymlink != 0
	if link || err != nil {
		info, err = fs.Stat(f.fsys, name)
	}
	if err != nil {
		return nil, err
	}
	f.record(name, info)
	data, err := fs.ReadFile(f.fsys, name)
	if err != nil || !page {
		return data, err
	}
	// A link's target may change without an event for the link's own
	// name: it is read again by every build.
	return f.complete(name, data, !link), nil
}

// complete returns data, or the last complete version of name when data
// is incomplete and such a version exists. A complete page source is
// kept, fresh unless keep is false.
func (f *sourceFS) complete(name string, data []byte, keep bool) []byte {
	why := incomplete(data)
	s := f.saves
	s.mu.Lock()
	defer s.mu.Unlock()
	if why == "" {
		s.whole[name] = data
		delete(s.since, name)
		if keep {
			s.fresh[name] = true
		} else {
			delete(s.fresh, name)
		}
		return data
	}
	prev, ok := s.whole[name]
	if !ok {
		return data // nothing better: the build reports what is wrong
	}
	since, ok := s.since[name]
	if !ok {
		since = f.now
		s.since[name] = since
	}
	f.mu.Lock()
	f.held[name] = why
	if f.now.Sub(since) >= holdFor {
		f.stale = append(f.stale, name)
	}
	f.mu.Unlock()
	return prev
}

// Open opens name; page sources are read whole first (see ReadFile).
func (f *sourceFS) Open(name string) (fs.File, error) {
	if isPageSource(name) {
		info, err := fs.Stat(f.fsys, name)
		if err != nil || !info.Mode().IsRegular() {
			return f.fsys.Open(name)
		}
		data, err := f.ReadFile(name)
		if err != nil {
			return nil, err
		}
		return &memFile{Reader: bytes.NewReader(data), info: info, size: int64(len(data))}, nil
	}
	file, err := f.fsys.Open(name)
	if err != nil {
		return nil, err
	}
	if info, err := file.Stat(); err == nil && info.Mode().IsRegular() {
		f.record(name, info)
	}
	return file, nil
}

// ReadDir lists a directory. The listings of content/, which the watcher
// watches whole, are kept until a change in them (see [saves.forget]): a
// rebuild lists the pages without reading the directories again. Only
// editors' scratch files, which the watcher ignores, may come and go
// unlisted; no page is made of them.
func (f *sourceFS) ReadDir(name string) ([]fs.DirEntry, error) {
	watched := name == "content" || strings.HasPrefix(name, "content/")
	s := f.saves
	if watched {
		s.mu.Lock()
		list, ok := s.dirs[name]
		s.mu.Unlock()
		if ok {
			return slices.Clone(list), nil
		}
	}
	list, err := fs.ReadDir(f.fsys, name)
	if err == nil && watched {
		s.mu.Lock()
		if s.dirs == nil {
			s.dirs = map[string][]fs.DirEntry{}
		}
		s.dirs[name] = slices.Clone(list)
		s.mu.Unlock()
	}
	return list, err
}

// Stat passes through.
func (f *sourceFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(f.fsys, name) }

// ReadLink passes through.
func (f *sourceFS) ReadLink(name string) (string, error) { return fs.ReadLink(f.fsys, name) }

// Lstat passes through.
func (f *sourceFS) Lstat(name string) (fs.FileInfo, error) { return fs.Lstat(f.fsys, name) }

// changed returns a file the build read that has changed since, or "".
// Every such file is read again by the next build, fresh or not.
func (f *sourceFS) changed() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var names []string
	for name, was := range f.read {
		info, err := fs.Stat(f.fsys, name)
		if err != nil || stampOf(info) != was {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	f.saves.forget(names)
	slices.Sort(names)
	return names[0]
}

// heldBack returns the page sources built from their last complete
// version, and errors for those incomplete for holdFor or longer.
func (f *sourceFS) heldBack() (held []string, errs generator.ErrorList) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for name := range f.held {
		held = append(held, name)
	}
	for _, name := range f.stale {
		errs = append(errs, &generator.Error{File: name, Line: 1, Severity: generator.SeverityError,
			Msg: fmt.Sprintf("%s: the preview shows its last complete version until the file is whole again; gen build would fail", f.held[name])})
	}
	return held, errs
}

// memFile is a page source as the build reads it: its bytes, possibly
// those of its last complete version, with the file's own metadata.
type memFile struct {
	*bytes.Reader
	info fs.FileInfo
	size int64
}

func (m *memFile) Stat() (fs.FileInfo, error) { return sizedInfo{m.info, m.size}, nil }
func (m *memFile) Close() error               { return nil }

// sizedInfo is a file's metadata with the size of what is read from it.
type sizedInfo struct {
	fs.FileInfo
	size int64
}

func (s sizedInfo) Size() int64 { return s.size }
