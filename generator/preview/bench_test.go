package preview

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pairag.com/portal/generator/synth"
)

// synthRepo writes the synthetic bilingual site of package synth (the one
// BenchmarkBuild and scripts/bench-vs-hugo.sh use) with the repository's
// labels, translations, protocol document and netlify.toml.
func synthRepo(b testing.TB, pages int) string {
	b.Helper()
	dir := b.TempDir()
	for name, text := range synth.Pages(pages) {
		writeFile(b, filepath.Join(dir, name), text)
	}
	for _, name := range []string{"content/labels.yaml", "content/protocol.zh-CN.yaml", "protocol/pairag-task-publish-v18.json", "netlify.toml"} {
		writeFile(b, filepath.Join(dir, name), readFile(b, filepath.Join("../..", name)))
	}
	return dir
}

// BenchmarkEditToReload measures, on a 1,000-page bilingual site, the time
// from one page written to the reload event received over /__gen/events:
// file event, debounce window (100 ms, the default), full rebuild, switch,
// event. It reports the median and 95th percentile, and the median of the
// build alone as the server measured it. The build directories go where
// gen serve puts them by default (a tmpfs when there is one), and, in the
// "disk" case, to the disk under the test's temporary directory.
func BenchmarkEditToReload(b *testing.B) {
	for _, mode := range []struct {
		name string
		poll time.Duration
		disk bool
	}{{"fsnotify", 0, false}, {"poll=100ms", 100 * time.Millisecond, false}, {"fsnotify/disk", 0, true}} {
		b.Run(fmt.Sprintf("pages=1000/%s", mode.name), func(b *testing.B) {
			cfg := Config{Quiet: defaultQuiet, Poll: mode.poll}
			if mode.disk {
				cfg.TempDir = b.TempDir() // the disk, not the default tmpfs
			}
			p := startPreview(b, synthRepo(b, 1000), cfg)
			name := filepath.Join(p.dir, "content/en/docs/p00001.md")
			orig := readFile(b, name)
			var lat, build []time.Duration
			i := 0
			for b.Loop() {
				i++
				writeFile(b, name, orig+"\nEdit"+strings.Repeat("q", i%5)+"end\n")
				start := time.Now()
				p.next("reload", 30*time.Second)
				lat = append(lat, time.Since(start))
				b.StopTimer()
				build = append(build, time.Duration(p.status().Millis)*time.Millisecond)
				b.StartTimer()
			}
			b.ReportMetric(ms(percentile(lat, 50)), "median-ms")
			b.ReportMetric(ms(percentile(lat, 95)), "p95-ms")
			b.ReportMetric(ms(percentile(build, 50)), "build-median-ms")
		})
	}
}

func percentile(d []time.Duration, q int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, (len(s)*q+99)/100-1)]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
