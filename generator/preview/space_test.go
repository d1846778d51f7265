package preview

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"pairag.com/portal/generator/preview/workdir"
)

// TestTmpfsShort: when the tmpfs holding the builds has less room left
// than another copy of the site, the next builds go to disk, the terminal
// says so, and the preview goes on serving; with room to spare they stay
// (issue 22: 10 GB in /dev/shm and no way out). The tmpfs is a directory
// of the test with a fake amount of free space.
func TestTmpfsShort(t *testing.T) {
	for _, tc := range []struct {
		name string
		free int64
		move bool
	}{{"short", 10 << 10, true}, {"room to spare", 1 << 40, false}} {
		t.Run(tc.name, func(t *testing.T) {
			mem, disk := t.TempDir(), t.TempDir()
			t.Setenv("TMPDIR", disk) // os.TempDir(), where builds spill
			cfg := Config{
				memDir: func() (string, bool) { return mem, true },
				free: func(dir string) (int64, error) {
					if strings.HasPrefix(dir, mem) {
						return tc.free, nil
					}
					return 1 << 40, nil
				},
			}
			p := startPreview(t, synthRepo(t, 20), cfg)
			moved := strings.Contains(p.out.String(), "building on disk in "+disk)
			if moved != tc.move {
				t.Fatalf("moved to disk = %t with %d bytes free; want %t\n%s", moved, tc.free, tc.move, p.out)
			}
			name := filepath.Join(p.dir, "content/en/docs/p00001.md")
			writeFile(t, name, readFile(t, name)+"\nAn edit on disk.\n")
			p.until("the edit", 60*time.Second, func() bool { return strings.Contains(p.page("/docs/p00001/"), "An edit on disk.") })
			want := mem
			if tc.move {
				want = disk
			}
			if m, _ := filepath.Glob(filepath.Join(want, "gen-serve-*", "site-*")); len(m) == 0 {
				t.Errorf("no build directory under %s after the edit\n%s", want, p.out)
			}
		})
	}
}

// TestMemoryBounded builds the same 600-page site twice, the second time
// with protocol tables on every page (a few lines of source, tens of
// kilobytes of output each), and rebuilds the first after
// edits: the live heap does not grow with the output (the preview does
// not hold what it wrote), and does not grow with rebuilds (issue 22:
// 13.7 GB for 20,000 pages, the render cache kept every rendered file in
// memory). The heap is compared between the two sites rather than with
// one site's output, because the preview's own state grows with the pages
// (their parsed sources, the translation notes) and not with what they
// render to; since navigation scaled, one site's output is small beside
// that state. What does grow with the tables is each page's record for
// the link check and search (anchors, rows), about 40% of the added
// output here; holding the files would be all of it, so the bound is half.
func TestMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 600-page site several times")
	}
	start := func(tables bool) (p *preview, output, grew int64) {
		repo := synthRepo(t, 600)
		matches, _ := filepath.Glob(filepath.Join(repo, "content", "*", "docs", "p*.md"))
		more := ""
		if tables {
			for _, name := range []string{"manifest_fields", "stage_fields", "project_tags", "harness_policy_fields", "agent_skill_fields"} {
				more += "\n```protocol\n" + name + "\n```\n"
			}
		}
		for _, name := range matches { // into the navigation: each page grows with the site
			writeFile(t, name, strings.Replace(readFile(t, name), "nav: false\n", "", 1)+more)
		}
		before := liveHeap()
		p = startPreview(t, repo, Config{TempDir: t.TempDir()})
		site := p.srv.cur.acquire()
		output = workdir.Size(site.dir)
		site.release()
		return p, output, liveHeap() - before
	}
	p, output, first := start(false)
	t.Logf("output %s, live heap after the first build %s more than before", byteSize(output), byteSize(first))
	if first > output {
		t.Errorf("the live heap grew by %s for a site of %s: the preview holds its output in memory", byteSize(first), byteSize(output))
	}
	_, bigOutput, bigFirst := start(true)
	t.Logf("with tables on every page: output %s, live heap %s more", byteSize(bigOutput), byteSize(bigFirst))
	if more, heap := bigOutput-output, bigFirst-first; heap > more/2 {
		t.Errorf("%s more output took %s more live heap: the preview holds its output in memory", byteSize(more), byteSize(heap))
	}
	name := filepath.Join(p.dir, "content/en/docs/p00001.md")
	orig := readFile(t, name)
	var after []int64
	for i := range 6 {
		want := "Edit number " + strings.Repeat("x", i+1) + "."
		writeFile(t, name, orig+"\n"+want+"\n")
		p.until("edit", 60*time.Second, func() bool { return strings.Contains(p.page("/docs/p00001/"), want) })
		after = append(after, liveHeap())
	}
	t.Logf("live heap after each rebuild: %v", after)
	if grew := after[len(after)-1] - after[1]; grew > 16<<20 {
		t.Errorf("the live heap grew by %s over %d rebuilds (%v)", byteSize(grew), len(after)-2, after)
	}
}

// liveHeap is the heap in use after a collection.
func liveHeap() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}
