package preview

import (
	"os"
	"sync/atomic"
)

// site is one finished build: a directory and the os.Root every file of
// it is opened through. It is reference counted: the server holds one
// reference while the site is current, each request one while it runs.
// The directory is removed when the count drops to zero.
type site struct {
	id   string
	dir  string
	root *os.Root
	refs atomic.Int64
	free func(*site) // called once, when the last reference is released

	// partial marks a site from a build that failed on content errors:
	// every page that could be rendered, served with the errors overlaid.
	// fallback, when set, is the last good site, held by a reference of
	// this one: paths the partial site lacks are looked up there.
	partial  bool
	fallback *site
}

// newSite opens dir as a site holding one reference, the server's.
func newSite(id, dir string, free func(*site)) (*site, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	st := &site{id: id, dir: dir, root: root, free: free}
	st.refs.Store(1)
	return st, nil
}

// acquire takes a reference unless the site is already being freed.
func (st *site) acquire() bool {
	for {
		n := st.refs.Load()
		if n <= 0 {
			return false
		}
		if st.refs.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// release drops a reference; the last one closes the root and frees the site.
func (st *site) release() {
	if st.refs.Add(-1) == 0 {
		st.root.Close()
		st.free(st)
		if st.fallback != nil {
			st.fallback.release()
		}
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
