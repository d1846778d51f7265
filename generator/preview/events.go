package preview

import (
	"fmt"
	"net/http"
	"sync"
	"time"
)

// event is one server-sent event.
type event struct {
	name string // hello, reload or status
	data string // one line of JSON
}

// broker fans events out to the connected browsers.
type broker struct {
	mu   sync.Mutex
	subs map[chan event]struct{}
}

// subscribe registers a listener; call the returned func to unregister.
func (b *broker) subscribe() (<-chan event, func()) {
	ch := make(chan event, 16)
	b.mu.Lock()
	if b.subs == nil {
		b.subs = map[chan event]struct{}{}
	}
	b.subs[ch] = struct{}{}
	b.mu.Unlock()
	return ch, func() {
		b.mu.Lock()
		delete(b.subs, ch)
		b.mu.Unlock()
	}
}

// publish sends e to every listener without waiting: a listener whose
// buffer is full misses it (it is far behind and will see the next one).
func (b *broker) publish(e event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for ch := range b.subs {
		select {
		case ch <- e:
		default:
		}
	}
}

// keepAlive is how often an idle event stream gets a comment line, so
// proxies and browsers keep it open.
const keepAlive = 30 * time.Second

// serveEvents streams events to one browser until it goes away or the
// server stops. The first event, hello, names the site being served.
func (s *Server) serveEvents(w http.ResponseWriter, r *http.Request) {
	ch, done := s.events.subscribe()
	defer done()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	rc := http.NewResponseController(w)
	send := func(e event) bool {
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.name, e.data); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if _, err := fmt.Fprint(w, "retry: 1000\n\n"); err != nil || !send(event{"hello", s.eventData()}) {
		return
	}
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.stop:
			return
		case e := <-ch:
			if !send(e) {
				return
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		}
	}
}
