package preview

import (
	"context"
	"time"
)

// debounce is the one place where bursts of changes become batches. It
// collects paths from in and sends them on out, deduplicated in arrival
// order, once no path has arrived for quiet, or once the batch's first path
// has waited maxWait while changes kept coming. While nobody receives from
// out (a build is running), paths keep joining the pending batch, so the
// changes made during a build cause exactly one more build after it.
func debounce(ctx context.Context, in <-chan string, out chan<- []string, quiet time.Duration) {
	var (
		batch []string
		seen  = map[string]bool{}
		first time.Time
		ready bool
	)
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	for {
		var send chan<- []string
		if ready {
			send = out
		}
		select {
		case <-ctx.Done():
			return
		case p := <-in:
			if len(batch) == 0 {
				first = time.Now()
			}
			if !seen[p] {
				seen[p] = true
				batch = append(batch, p)
			}
			ready = false
			timer.Reset(min(quiet, max(0, maxWait-time.Since(first))))
		case <-timer.C:
			ready = true
		case send <- batch:
			batch, seen, ready = nil, map[string]bool{}, false
		}
	}
}
