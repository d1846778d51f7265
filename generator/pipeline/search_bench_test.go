package pipeline

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time (user and system) the process has used. The
// machines these run on are shared, so wall time mostly measures the
// neighbours; the benchmarks report CPU milliseconds per operation too.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// BenchmarkRealBuild renders the repository's site, highlighted code kept
// between builds as gen build keeps it in .cache/.
func BenchmarkRealBuild(b *testing.B) {
	defer reportCPU(b, cpuTime())
	for b.Loop() {
		if _, err := Render(context.Background(), Config{Content: os.DirFS("../..")}, b.TempDir()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearchIndex times the search step of that build alone: the
// table rows' entries and joining them with the pages' entries into both
// languages' indexes, and writing them. The pages' sections are read and
// encoded while each page is rendered (sectionsJSON), inside
// BenchmarkRealBuild's time and not here.
func BenchmarkSearchIndex(b *testing.B) {
	bld := newEnv(context.Background(), Config{Content: os.DirFS("../..")}.withDefaults(), b.TempDir()).run()
	if err := bld.rep.Errors.Err(); err != nil {
		b.Fatal(err)
	}
	defer reportCPU(b, cpuTime())
	for b.Loop() {
		bld.writeSearch()
	}
}
