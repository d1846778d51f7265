package preview

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Limits of the preview's HTTP server: a preview on a writer's machine
// serves one or two browsers, so anything far beyond that is a runaway
// script or an attack, and must not use up the process's descriptors.
const (
	defaultMaxConns    = 256              // open connections at once; see connLimit
	defaultIdleTimeout = 60 * time.Second // a keep-alive connection with no request is closed
	readHeaderTimeout  = 10 * time.Second // a request's headers must arrive within this
	// readTimeout bounds reading a whole request (the preview takes no
	// bodies). Event streams outlive it: net/http clears the deadline
	// once the request is read.
	readTimeout = 30 * time.Second
)

// httpServer is the preview's HTTP server, with its timeouts and the
// connection limit of lim.
func (s *Server) httpServer(lim *connLimit) *http.Server {
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
		ConnState:         lim.track,
		ErrorLog:          s.errorLog(),
	}
}

// connLimit caps the open connections of a listener. When a connection
// arrives at the cap, the connection idle the longest (a keep-alive with
// no request, or one that never sent a request) is closed to make room,
// so idle connections, however many, never keep a request out. Only when
// every connection is busy serving is the new one refused.
type connLimit struct {
	net.Listener
	max int

	mu    sync.Mutex
	conns map[net.Conn]connState
}

// connState is a connection's last state and since when it is in it.
type connState struct {
	state http.ConnState
	since time.Time
}

func newConnLimit(ln net.Listener, max int) *connLimit {
	return &connLimit{Listener: ln, max: max, conns: map[net.Conn]connState{}}
}

// Accept returns the next connection, making room for it first.
func (l *connLimit) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.admit(c) {
			return c, nil
		}
		c.Close() // every connection is serving a request: refuse this one
	}
}

// admit registers c, closing the longest-idle connection when the cap is
// reached; false when none is idle.
func (l *connLimit) admit(c net.Conn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.conns) >= l.max {
		victim := l.idlest()
		if victim == nil {
			return false
		}
		delete(l.conns, victim)
		victim.Close()
	}
	l.conns[c] = connState{http.StateNew, time.Now()}
	return true
}

// idlest is the connection waiting the longest without a request in
// flight, or nil. Call with l.mu held.
func (l *connLimit) idlest() net.Conn {
	var victim net.Conn
	var since time.Time
	for c, st := range l.conns {
		if st.state != http.StateActive && (victim == nil || st.since.Before(since)) {
			victim, since = c, st.since
		}
	}
	return victim
}

// track is the server's ConnState hook: it follows each connection's state.
func (l *connLimit) track(c net.Conn, state http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch state {
	case http.StateClosed, http.StateHijacked:
		delete(l.conns, c)
	default:
		if _, ok := l.conns[c]; ok {
			l.conns[c] = connState{state, time.Now()}
		}
	}
}
