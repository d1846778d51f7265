package preview

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestDebounce(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	in, out := make(chan string), make(chan []string)
	done := make(chan struct{})
	go func() { debounce(ctx, in, out, 30*time.Millisecond); close(done) }()
	defer func() { cancel(); <-done }()

	// A burst, duplicates included, becomes one batch in arrival order.
	for i := range 50 {
		in <- fmt.Sprintf("f%d", i%3)
	}
	if diff := cmp.Diff([]string{"f0", "f1", "f2"}, recv(t, out)); diff != "" {
		t.Errorf("burst batch (-want +got):\n%s", diff)
	}

	// While nobody receives (a build runs), changes join one pending batch.
	in <- "a"
	time.Sleep(60 * time.Millisecond) // batch ready, but the builder is busy
	in <- "b"
	in <- "a"
	time.Sleep(60 * time.Millisecond)
	if diff := cmp.Diff([]string{"a", "b"}, recv(t, out)); diff != "" {
		t.Errorf("batch collected during a build (-want +got):\n%s", diff)
	}
	select {
	case b := <-out:
		t.Errorf("extra batch %q", b)
	case <-time.After(100 * time.Millisecond):
	}
}

// TestDebounceMaxWait checks that a steady stream of changes does not
// postpone the batch forever: a batch arrives while changes keep coming.
// How soon (maxWait) is a timing claim, left to the code's comment: on a
// loaded machine the stream itself has gaps longer than the quiet window.
func TestDebounceMaxWait(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	in, out := make(chan string), make(chan []string)
	done := make(chan struct{})
	go func() { debounce(ctx, in, out, 200*time.Millisecond); close(done) }()
	defer func() { cancel(); <-done }()
	got := make(chan []string, 1)
	go func() { got <- <-out }()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(60 * time.Second)
	for i := 0; ; i++ {
		select {
		case b := <-got:
			if len(b) == 0 {
				t.Error("empty batch")
			}
			return
		case <-tick.C:
			in <- fmt.Sprint(i)
		case <-deadline:
			t.Fatal("no batch within 60 s of a steady stream of changes")
		}
	}
}

func recv(t *testing.T, out <-chan []string) []string {
	t.Helper()
	select {
	case b := <-out:
		return b
	case <-time.After(30 * time.Second):
		t.Fatal("no batch within 30 s")
		return nil
	}
}
