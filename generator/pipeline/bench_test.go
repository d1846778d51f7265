package pipeline

import (
	"context"
	"fmt"
	"testing"
	"testing/fstest"

	"pairag.com/portal/generator/synth"
)

// BenchmarkBuild builds a synthetic bilingual site (see package synth) of
// 1,000 and 5,000 pages, highlighting included, into a fresh directory. It
// reports CPU time per build beside wall time (cpu-ms/op, less moved by
// the neighbours of a shared machine).
func BenchmarkBuild(b *testing.B) { benchmarkBuild(b, synth.Pages) }

// BenchmarkBuildLong is BenchmarkBuild on the long prose pages of
// synth.LongPages.
func BenchmarkBuildLong(b *testing.B) { benchmarkBuild(b, synth.LongPages) }

func benchmarkBuild(b *testing.B, shape func(int) map[string]string) {
	for _, n := range []int{1000, 5000} {
		b.Run(fmt.Sprintf("pages=%d", n), func(b *testing.B) {
			fsys := synthetic(b, shape(n))
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			for b.Loop() {
				b.StopTimer()
				dir := b.TempDir()
				// Without a Cache, no highlighted code is carried between builds.
				b.StartTimer()
				res, err := Render(context.Background(), Config{Content: fsys}, dir)
				if err != nil {
					b.Fatal(err)
				}
				if res.Pages < n-2 {
					b.Fatalf("built %d pages; want %d", res.Pages, n)
				}
			}
		})
	}
}

// synthetic is the fixture's labels, translations and protocol plus the
// synthetic pages, their field reference with the anchors findings link to.
func synthetic(b testing.TB, pages map[string]string) fstest.MapFS {
	fix := fixture(b)
	fsys := fstest.MapFS{protocolPath: fix[protocolPath], labelsFile: fix[labelsFile], translationsFile: fix[translationsFile]}
	for name, text := range synth.WithAnchors(pages, codeAnchors()) {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}
