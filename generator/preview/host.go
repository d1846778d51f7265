package preview

import (
	"net"
	"os"
	"strings"
)

// The preview answers only requests whose Host names this machine the way
// the writer reaches it: loopback names and addresses, and the --bind
// address (an IP or a name). A page on another site that points its own name at 127.0.0.1
// (DNS rebinding) then gets 403 instead of the preview. When --bind is an
// unspecified address (0.0.0.0 or ::), the preview is meant to be reached
// from the network, so any IP address and this machine's host name are
// accepted too, and Run warns.

// allowedHost reports whether a request's Host header may be answered.
func (s *Server) allowedHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	bind := strings.ToLower(strings.Trim(s.cfg.Bind, "[]"))
	if host == bind {
		return true
	}
	ip := net.ParseIP(host)
	if ip != nil && ip.IsLoopback() {
		return true
	}
	if b := net.ParseIP(bind); b == nil || !b.IsUnspecified() {
		return false
	}
	if ip != nil {
		return true
	}
	name, err := os.Hostname()
	return err == nil && (host == strings.ToLower(name) || host == strings.ToLower(name)+".local")
}

// exposed reports whether bind makes the preview reachable from other machines.
func exposed(bind string) bool {
	ip := net.ParseIP(strings.Trim(bind, "[]"))
	if ip == nil {
		return bind != "localhost"
	}
	return !ip.IsLoopback()
}
