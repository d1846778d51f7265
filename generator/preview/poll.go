package preview

import (
	"context"
	"io/fs"
	"path/filepath"
	"time"
)

// stamp is what the poller compares: a file changed when its size or
// modification time did.
type stamp struct {
	size  int64
	mtime time.Time
	dir   bool
}

// poller finds changes by scanning the watched trees at an interval, for
// file systems whose events do not arrive (containers, network mounts).
type poller struct {
	root  string
	every time.Duration
	out   chan<- string
	last  map[string]stamp
}

// newPoller scans once, so that changes are counted from now.
func newPoller(root string, every time.Duration, out chan<- string) *poller {
	p := &poller{root: root, every: every, out: out}
	p.last = p.scan()
	return p
}

func (p *poller) run(ctx context.Context) {
	tick := time.NewTicker(p.every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			now := p.scan()
			for _, rel := range diff(p.last, now) {
				emit(ctx, p.out, rel)
			}
			p.last = now
		}
	}
}

func (p *poller) Close() error { return nil }

// scan stamps every file and directory of the watched trees.
func (p *poller) scan() map[string]stamp {
	m := map[string]stamp{}
	for _, t := range trees {
		top := filepath.Join(p.root, t.dir)
		filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			rel, _ := filepath.Rel(p.root, path)
			rel = filepath.ToSlash(rel)
			if d.IsDir() && path != top && (!t.recursive || skipDir(rel)) {
				return filepath.SkipDir
			}
			info, err := d.Info()
			if err != nil {
				return nil
			}
			m[rel] = stamp{size: info.Size(), mtime: info.ModTime(), dir: d.IsDir()}
			return nil
		})
	}
	return m
}

// diff lists the paths added, removed or changed from old to now;
// directories count only when added or removed.
func diff(old, now map[string]stamp) []string {
	var changed []string
	for rel, s := range now {
		o, ok := old[rel]
		if !ok || !s.dir && (o.size != s.size || !o.mtime.Equal(s.mtime) || o.dir) {
			changed = append(changed, rel)
		}
	}
	for rel := range old {
		if _, ok := now[rel]; !ok {
			changed = append(changed, rel)
		}
	}
	return changed
}
