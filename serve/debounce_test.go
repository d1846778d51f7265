package serve

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
// postpone the batch forever.
func TestDebounceMaxWait(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	in, out := make(chan string), make(chan []string)
	done := make(chan struct{})
	go func() { debounce(ctx, in, out, 200*time.Millisecond); close(done) }()
	defer func() { cancel(); <-done }()
	start := time.Now()
	got := make(chan []string, 1)
	go func() { got <- <-out }()
	for i := 0; ; i++ {
		select {
		case b := <-got:
			if d := time.Since(start); d < maxWait || d > maxWait+500*time.Millisecond {
				t.Errorf("batch of %d after %v; want about %v", len(b), d, maxWait)
			}
			return
		case in <- fmt.Sprint(i):
			time.Sleep(50 * time.Millisecond)
		case <-time.After(5 * time.Second):
			t.Fatal("no batch")
		}
	}
}

func recv(t *testing.T, out <-chan []string) []string {
	t.Helper()
	select {
	case b := <-out:
		return b
	case <-time.After(2 * time.Second):
		t.Fatal("no batch")
		return nil
	}
}
