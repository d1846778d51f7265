package preview

import (
	"os"
	"strings"
	"sync"
	"sync/atomic"
)

// site is one finished build: a directory and the os.Root every file of
// it is opened through, and the files it took unchanged from earlier
// builds, which stay in those builds' directories (layers) and are opened
// there. It is reference counted: the server holds one reference while
// the site is current, each request one while it runs. When the count
// drops to zero the site releases its layers; a directory is removed once
// no site serves a file of it.
type site struct {
	id   string
	dir  string   // the build's own directory: own.dir
	root *os.Root // own.root
	own  *layer
	refs atomic.Int64

	// elsewhere maps the name of each file the build left in an earlier
	// build's directory (generator.Result.Elsewhere) to that layer; held
	// lists those layers, one reference each.
	elsewhere map[string]*layer
	held      []*layer

	// partial marks a site from a build that failed on content errors:
	// every page that could be rendered, served with the errors overlaid.
	// fallback, when set, is the last good site, held by a reference of
	// this one: paths the partial site lacks are looked up there.
	partial  bool
	fallback *site
}

// newSite opens dir as a site holding one reference, the server's. free
// is called with dir once no site serves a file of it any more.
func newSite(id, dir string, free func(dir string)) (*site, error) {
	own, err := newLayer(dir, free)
	if err != nil {
		return nil, err
	}
	st := &site{id: id, dir: dir, root: own.root, own: own}
	st.refs.Store(1)
	return st, nil
}

// adopt makes the site serve each of files (site path → directory of an
// earlier build) from that build's layer, which pinned holds; it takes a
// reference to each layer it uses. It returns false when a directory is
// not pinned: the site would then lack files, and must not be served.
func (st *site) adopt(files map[string]string, pinned *pins) bool {
	if len(files) == 0 {
		return true
	}
	st.elsewhere = make(map[string]*layer, len(files))
	taken := map[*layer]bool{}
	for name, dir := range files {
		l := pinned.get(dir)
		if l == nil {
			return false
		}
		if !taken[l] {
			if !l.acquire() {
				return false // cannot happen while pinned; never serve a lack
			}
			taken[l] = true
			st.held = append(st.held, l)
		}
		st.elsewhere[strings.TrimPrefix(name, "/")] = l
	}
	return true
}

// rootOf returns the root that holds name, a path inside the site.
func (st *site) rootOf(name string) *os.Root {
	if l := st.elsewhere[name]; l != nil {
		return l.root
	}
	return st.root
}

// acquire takes a reference unless the site is already being freed.
func (st *site) acquire() bool { return acquireRef(&st.refs) }

// release drops a reference; the last one releases the site's layers.
func (st *site) release() {
	if st.refs.Add(-1) == 0 {
		st.own.release()
		for _, l := range st.held {
			l.release()
		}
		if st.fallback != nil {
			st.fallback.release()
		}
	}
}

// acquireRef adds one to a reference count unless it already reached zero.
func acquireRef(refs *atomic.Int64) bool {
	for {
		n := refs.Load()
		if n <= 0 {
			return false
		}
		if refs.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// layer is one build's directory, shared by the sites that serve files
// from it: the site of that build and later ones that reused its pages.
type layer struct {
	dir  string
	root *os.Root
	refs atomic.Int64
	free func(dir string)
}

func newLayer(dir string, free func(dir string)) (*layer, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	l := &layer{dir: dir, root: root, free: free}
	l.refs.Store(1)
	return l, nil
}

func (l *layer) acquire() bool { return acquireRef(&l.refs) }

// release drops a reference; the last one closes the root and frees the directory.
func (l *layer) release() {
	if l.refs.Add(-1) == 0 {
		l.root.Close()
		l.free(l.dir)
	}
}

// layers are the directories of the sites being served, by path, so that
// a build can reuse the files they hold (generator.Config.Reuse).
type layers struct {
	mu sync.Mutex
	by map[string]*layer
}

func (ls *layers) add(l *layer) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.by == nil {
		ls.by = map[string]*layer{}
	}
	ls.by[l.dir] = l
}

func (ls *layers) drop(dir string) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	delete(ls.by, dir)
}

// pins are the layers one build reuses files from, each held by one
// reference from the first reuse until the build's site has taken its
// own (or the build was discarded), so none is removed in between.
type pins struct {
	from *layers
	mu   sync.Mutex
	by   map[string]*layer
}

func (ls *layers) pinner() *pins { return &pins{from: ls, by: map[string]*layer{}} }

// reuse pins the layer of dir and reports whether it may be read: it is
// generator.Config.Reuse.
func (p *pins) reuse(dir string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.by[dir] != nil {
		return true
	}
	p.from.mu.Lock()
	l := p.from.by[dir]
	p.from.mu.Unlock()
	if l == nil || !l.acquire() {
		return false // removed, or being removed: the pair is rendered again
	}
	p.by[dir] = l
	return true
}

func (p *pins) get(dir string) *layer {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.by[dir]
}

// release drops every pin.
func (p *pins) release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for dir, l := range p.by {
		l.release()
		delete(p.by, dir)
	}
}

// current is the site being served. Swapping it is atomic: a request that
// acquired the old site keeps reading it until it releases it.
type current struct{ p atomic.Pointer[site] }

// acquire returns the current site with a reference taken, or nil when
// there is none yet. Release it when done.
func (c *current) acquire() *site {
	for {
		st := c.p.Load()
		if st == nil || st.acquire() {
			return st
		}
		// st was replaced and freed between Load and acquire: load again.
	}
}

// swap makes next current (nil for none) and drops the server's reference
// to the previous site.
func (c *current) swap(next *site) {
	if old := c.p.Swap(next); old != nil {
		old.release()
	}
}
