package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// Garbage collection settings for a build. A build keeps little alive (tens
// of MiB for thousands of pages) and allocates a lot, so with Go's default
// (GOGC=100) it spends a fifth of its time collecting. gen build lets the
// heap grow to buildGCPercent more than the live heap, but no further than
// buildMemoryLimit in all, and raises that soft limit to twice the live heap
// when a large site keeps more alive, so it never collects without pause.
const (
	buildGCPercent   = 400
	buildMemoryLimit = 96 << 20
)

// tuneGC applies the build's garbage collection settings, unless GOGC or
// GOMEMLIMIT is set in the environment, and returns a function that
// restores the previous ones.
func tuneGC() (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	var mu sync.Mutex
	stopped := false
	percent := debug.SetGCPercent(buildGCPercent)
	limit := debug.SetMemoryLimit(buildMemoryLimit)
	afterEachGC(func() bool {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return false
		}
		if live := liveHeap(); 2*live > buildMemoryLimit {
			debug.SetMemoryLimit(max(2*live, debug.SetMemoryLimit(-1)))
		}
		return true
	})
	return func() {
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}

// afterEachGC calls f after every garbage collection until f returns false.
func afterEachGC(f func() bool) {
	sentinel := new([16]byte) // not a tiny allocation: it is freed by the next collection
	runtime.SetFinalizer(sentinel, func(*[16]byte) {
		if f() {
			afterEachGC(f)
		}
	})
}

// liveHeap is the size of the heap the last collection found reachable.
func liveHeap() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(min(s[0].Value.Uint64(), math.MaxInt64))
}
