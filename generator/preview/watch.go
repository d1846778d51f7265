package preview

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/fsnotify/fsnotify"
)

// watcher reports changed paths, relative to the repository and
// slash-separated, until its context is cancelled.
type watcher interface {
	run(ctx context.Context)
	Close() error
}

// tree is a directory watched, relative to the repository.
type tree struct {
	dir       string
	recursive bool // with everything below it
}

// trees are the directories watched: the repository itself only for
// netlify.toml, content/ and every code directory with everything below.
var trees = append([]tree{{".", false}, {"content", true}}, codeTrees()...)

func codeTrees() []tree {
	ts := make([]tree, len(codeDirs))
	for i, d := range codeDirs {
		ts[i] = tree{d, true}
	}
	return ts
}

// skipDir reports directories never watched: hidden ones, and test data
// and dependencies outside content/.
func skipDir(rel string) bool {
	base := filepath.Base(rel)
	if strings.HasPrefix(base, ".") && base != "." {
		return true
	}
	return !strings.HasPrefix(rel, "content/") && (base == "testdata" || base == "node_modules")
}

// recursiveTree reports whether rel lies in a tree watched recursively.
func recursiveTree(rel string) bool {
	top, _, _ := strings.Cut(rel, "/")
	for _, t := range trees {
		if t.recursive && t.dir == top {
			return true
		}
	}
	return false
}

// newWatcher returns the poller when Config.Poll is set, else fsnotify.
func (s *Server) newWatcher(out chan<- string) (watcher, error) {
	if s.cfg.Poll > 0 {
		return newPoller(s.root, s.cfg.Poll, out), nil
	}
	return newNotifier(s.root, out, s.printf)
}

// notifier watches with fsnotify: one watch per directory, since inotify
// is not recursive, and always directories, never files, so that atomic
// saves (which replace the file) keep being seen.
type notifier struct {
	root    string
	w       *fsnotify.Watcher
	out     chan<- string
	printf  func(string, ...any)
	watched map[string]bool // absolute directories with a watch
}

func newNotifier(root string, out chan<- string, printf func(string, ...any)) (*notifier, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, explainWatchError(root, err)
	}
	n := &notifier{root: root, w: w, out: out, printf: printf, watched: map[string]bool{}}
	for _, t := range trees {
		dir := filepath.Join(root, t.dir)
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		if !t.recursive {
			err = n.add(dir)
		} else {
			err = n.addTree(dir, nil) // at start-up the first build reads every file anyway
		}
		if err != nil {
			w.Close()
			return nil, err
		}
	}
	return n, nil
}

// add watches one directory.
func (n *notifier) add(dir string) error {
	if n.watched[dir] {
		return nil
	}
	if err := n.w.Add(dir); err != nil {
		return explainWatchError(dir, err)
	}
	n.watched[dir] = true
	return nil
}

// addTree watches dir and every directory below it. With report set (a
// directory created while running), every file found is reported too:
// it may have been written before its directory's watch existed.
func (n *notifier) addTree(dir string, report func(rel string)) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // vanished meanwhile: its REMOVE event says so
		}
		rel := n.rel(p)
		if d.IsDir() {
			if p != dir && skipDir(rel) {
				return filepath.SkipDir
			}
			return n.add(p)
		}
		if report != nil {
			report(rel)
		}
		return nil
	})
}

func (n *notifier) rel(p string) string {
	r, err := filepath.Rel(n.root, p)
	if err != nil {
		return ""
	}
	return filepath.ToSlash(r)
}

// forget drops the watches of a removed or renamed directory and of
// everything below it; a renamed tree is watched again under its new name
// when its CREATE arrives.
func (n *notifier) forget(p string) {
	for dir := range n.watched {
		if dir == p || strings.HasPrefix(dir, p+string(filepath.Separator)) {
			n.w.Remove(dir) // the kernel may have dropped it already
			delete(n.watched, dir)
		}
	}
}

func (n *notifier) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-n.w.Events:
			if !ok {
				return
			}
			n.event(ctx, ev)
		case err, ok := <-n.w.Errors:
			if !ok {
				return
			}
			n.printf("watch: %v", err)
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				emit(ctx, n.out, "content") // events were lost: rebuild everything
			}
		}
	}
}

// event handles one fsnotify event: new directories get watched,
// removed ones forgotten, and the path is reported. CHMOD alone is not a
// change of content.
func (n *notifier) event(ctx context.Context, ev fsnotify.Event) {
	if ev.Op == fsnotify.Chmod {
		return
	}
	rel := n.rel(ev.Name)
	if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
		n.forget(ev.Name)
	}
	if ev.Has(fsnotify.Create) && recursiveTree(rel) && !skipDir(rel) {
		if info, err := os.Lstat(ev.Name); err == nil && info.IsDir() {
			if err := n.addTree(ev.Name, func(rel string) { emit(ctx, n.out, rel) }); err != nil {
				n.printf("%v", err)
			}
		}
	}
	emit(ctx, n.out, rel)
}

func (n *notifier) Close() error { return n.w.Close() }

// emit reports rel unless nothing would come of it.
func emit(ctx context.Context, out chan<- string, rel string) {
	if classify(rel) == kindIgnore {
		return
	}
	select {
	case out <- rel:
	case <-ctx.Done():
	}
}

// explainWatchError turns the kernel's "no space left on device" from
// inotify into a message that names the limit reached and how to raise it.
func explainWatchError(dir string, err error) error {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return fmt.Errorf("watch %s: the system's limit on inotify watches is reached "+
			"(fs.inotify.max_user_watches = %s); raise it with "+
			"'sudo sysctl fs.inotify.max_user_watches=524288' "+
			"(add the setting to /etc/sysctl.conf to keep it), or use --poll 500ms", dir, procValue("max_user_watches"))
	case errors.Is(err, syscall.EMFILE):
		return fmt.Errorf("watch %s: the system's limit on inotify instances is reached "+
			"(fs.inotify.max_user_instances = %s); raise it with "+
			"'sudo sysctl fs.inotify.max_user_instances=1024', or use --poll 500ms", dir, procValue("max_user_instances"))
	}
	return fmt.Errorf("watch %s: %w", dir, err)
}

// procValue reads the current value of an inotify limit, or "?".
func procValue(name string) string {
	b, err := os.ReadFile("/proc/sys/fs/inotify/" + name)
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(string(b))
}
