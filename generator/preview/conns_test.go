package preview

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// dialIdle opens a connection to the preview that sends one request and
// reads its response when keepAlive is set (a keep-alive connection then
// idle), or sends nothing at all.
func dialIdle(t *testing.T, p *preview, keepAlive bool) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", p.url[len("http://"):])
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if keepAlive {
		fmt.Fprintf(c, "GET /__gen/status HTTP/1.1\r\nHost: localhost\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	return c
}

// TestIdleConnectionsDoNotBlock opens four times as many idle connections
// as the preview admits, keep-alive ones and ones that never send a
// request: the preview keeps no more than its cap open, and a normal
// request still gets its page.
func TestIdleConnectionsDoNotBlock(t *testing.T) {
	const max = 16
	p := startPreview(t, copyRepo(t), Config{MaxConns: max, IdleTimeout: time.Hour})
	for i := range 4 * max {
		dialIdle(t, p, i%2 == 0)
	}
	client := &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Get(p.url + "/docs/create-task/")
	if err != nil {
		t.Fatalf("a request after %d idle connections: %v", 4*max, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("a request after %d idle connections: status %d", 4*max, resp.StatusCode)
	}
	if n := p.srv.lim.Load().open(); n > max {
		t.Errorf("%d connections open; want at most MaxConns = %d", n, max)
	}
}

// TestIdleTimeout: a keep-alive connection that sends no further request
// is closed by the preview once IdleTimeout has passed.
func TestIdleTimeout(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{IdleTimeout: 200 * time.Millisecond})
	c := dialIdle(t, p, true)
	c.SetReadDeadline(time.Now().Add(60 * time.Second))
	_, err := c.Read(make([]byte, 1))
	if !errors.Is(err, io.EOF) {
		t.Errorf("read on an idle keep-alive connection = %v; want EOF, the preview closing it", err)
	}
}

// open counts the connections open now.
func (l *connLimit) open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.conns)
}
