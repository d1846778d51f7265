package preview

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"pairag.com/portal/generator"
)

// BenchmarkRebuild times the build alone after a one-page edit on the
// 1,000-page synthetic site, as gen serve runs it (render cache, sources
// read through a sourceFS, build directories on the default temporary
// file system), without the watcher, debounce or event.
func BenchmarkRebuild(b *testing.B) {
	root := synthRepo(b, 1000)
	parent, _ := workParent(Config{memDir: defaultMemDir})
	work, err := os.MkdirTemp(parent, "bench-rebuild-")
	if err != nil {
		b.Fatal(err)
	}
	defer os.RemoveAll(work)
	cache := generator.NewCache()
	sv := &saves{whole: map[string][]byte{}, since: map[string]time.Time{}, fresh: map[string]bool{}}
	var ls layers
	var cur *site
	build := func() {
		dir, err := os.MkdirTemp(work, "site-")
		if err != nil {
			b.Fatal(err)
		}
		src, err := sv.open(root)
		if err != nil {
			b.Fatal(err)
		}
		defer src.Close()
		pinned := ls.pinner()
		defer pinned.release()
		cfg := generator.Config{Content: src, Root: root, Cache: cache, Log: io.Discard, Reuse: pinned.reuse}
		if cur != nil && len(cur.held) >= maxLayers {
			cfg.Reuse = nil
		}
		var list generator.ErrorList
		res, err := generator.Render(context.Background(), cfg, dir)
		if err != nil && !errors.As(err, &list) {
			b.Fatal(err) // content errors are served as a partial site; the synthetic site has a few
		}
		src.changed()
		st, err := newSite("bench", dir, func(dir string) { ls.drop(dir); os.RemoveAll(dir) })
		if err != nil || !st.adopt(res.Elsewhere, pinned) {
			b.Fatal("site", err)
		}
		ls.add(st.own)
		if cur != nil {
			cur.release()
		}
		cur = st
	}
	build()
	defer func() { cur.release() }()
	name := filepath.Join(root, "content/en/docs/p00001.md")
	orig := readFile(b, name)
	i := 0
	var cpu time.Duration
	for b.Loop() {
		i++
		writeFile(b, name, orig+"\nEdit"+strings.Repeat("q", i%5)+"end\n")
		sv.forget([]string{"content/en/docs/p00001.md"}) // as the watcher's event would
		before := cpuTime()
		build()
		cpu += cpuTime() - before
	}
	b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(b.N), "cpu-ms/op")
}

// cpuTime is the CPU time the process has used, user and system: less
// moved than wall time by the neighbours of a busy machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
