package main

import (
	"testing"
	"time"
)

// fakeClock is a clock that moves only when the shaper sleeps or a chunk
// is written, so the shaper's schedule is checked without timing anything.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) sleep(d time.Duration)   { c.t = c.t.Add(d + time.Millisecond) } // every wake-up 1 ms late
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// TestShaperKeepsTheRate holds the shaper to its profile's rate when every
// chunk costs time of its own to write and every sleep wakes late: the
// bytes of one response take size/rate, give or take one chunk's costs,
// and an idle link does not bank time for the next response.
func TestShaperKeepsTheRate(t *testing.T) {
	const rate = 9e6 / 8 * 0.9 // fast4g
	tests := []struct {
		name      string
		size      int
		writeCost time.Duration
		idle      time.Duration // between the two responses
	}{
		{"module, 2 ms per write", 595_428, 2 * time.Millisecond, 0},
		{"module, no write cost", 595_428, 0, 0},
		{"small file after idle", 9_866, time.Millisecond, time.Second},
		{"one chunk", 100, time.Millisecond, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &fakeClock{t: time.Unix(1_000_000, 0)}
			s := &shaper{rate: rate, now: c.now, sleep: c.sleep}
			body := make([]byte, tc.size)
			for round := range 2 {
				start := c.now()
				sent := 0
				s.send(body, 8<<10, func(b []byte) { sent += len(b); c.advance(tc.writeCost) })
				if sent != tc.size {
					t.Fatalf("round %d: sent %d bytes, want %d", round, sent, tc.size)
				}
				took := c.now().Sub(start)
				want := time.Duration(float64(tc.size) / rate * float64(time.Second))
				slack := 2*time.Millisecond + tc.writeCost // the last chunk's wake-up and write
				if took < want || took > want+slack {
					t.Errorf("round %d: %d bytes took %v, want %v (+ at most %v)", round, tc.size, took, want, slack)
				}
				c.advance(tc.idle)
			}
		})
	}
}

// TestShaperSharesTheLink holds two responses sent at once to the one
// link: together they take their total size over the rate.
func TestShaperSharesTheLink(t *testing.T) {
	const rate = 1e6
	c := &fakeClock{t: time.Unix(1_000_000, 0)}
	s := &shaper{rate: rate, now: c.now, sleep: c.sleep}
	start := c.now()
	// The second response starts while the first is being sent: its
	// chunks are scheduled after the first's.
	s.send(make([]byte, 64<<10), 8<<10, func(b []byte) {
		if c.now().Sub(start) < 10*time.Millisecond {
			s.send(make([]byte, 16<<10), 8<<10, func([]byte) {})
		}
	})
	took := c.now().Sub(start)
	want := time.Duration(float64(80<<10) / rate * float64(time.Second))
	if took < want || took > want+3*time.Millisecond {
		t.Errorf("80 KiB over a shared link took %v, want %v", took, want)
	}
}
