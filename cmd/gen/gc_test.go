package main

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestTuneGC(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	restore := tuneGC()
	if got := debug.SetGCPercent(buildGCPercent); got != buildGCPercent {
		t.Errorf("GC percent during the build = %d; want %d", got, buildGCPercent)
	}
	if got := debug.SetMemoryLimit(-1); got < buildMemoryLimit {
		t.Errorf("memory limit during the build = %d; want at least %d", got, buildMemoryLimit)
	}
	runtime.GC()
	restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GC percent after the build = %d; want 100", got)
	}

	t.Setenv("GOGC", "50")
	tuneGC()()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, GC percent = %d; want it left at 100", got)
	}
}
