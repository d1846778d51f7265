package preview

import (
	"bytes"
	"io"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"pairag.com/portal/generator/netlifyconf"
	"pairag.com/portal/generator/preview/netlify"
)

// ServeHTTP serves the preview: the endpoints under /__gen/ and the
// current site with the headers and redirects of netlify.toml.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.allowedHost(r.Host) {
		http.Error(w, "gen serve answers only requests to localhost, loopback addresses and its --bind address", http.StatusForbidden)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p, err := sitePath(r)
	if err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	if p != "/__gen/events" {
		gz, done := netlify.Gzip(w, r)
		defer done()
		w = gz
	}
	rules := s.rules.Load()
	rules.Apply(w.Header(), p)
	if strings.HasPrefix(p, "/__gen/") {
		s.serveGen(w, r, p)
		return
	}
	st := s.cur.acquire()
	if st == nil { // only while the first build runs, or after it was cancelled
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write(noSitePage())
		return
	}
	defer st.release()
	s.serveSite(w, r, st, rules, p)
}

// serveSite maps p onto the site: forced redirects, the file or the
// directory's index.html, the slash redirect for directories, other
// redirects, and finally the 404 page.
func (s *Server) serveSite(w http.ResponseWriter, r *http.Request, st *site, rules *netlify.Rules, p string) {
	if to, status, ok := rules.Redirect(p, true); ok {
		s.follow(w, r, st, to, status)
		return
	}
	name, isDir := lookup(st, p)
	switch {
	case name != "":
		s.serveFile(w, r, st, name, http.StatusOK)
	case isDir:
		target := p + "/"
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, target, http.StatusMovedPermanently)
	case st.fallback != nil:
		// A page the broken build could not render: the last good version,
		// marked with the current site's id so the reload script stays put.
		fb := st.fallback
		s.serveSite(w, r, &site{id: st.id, dir: fb.dir, root: fb.root, elsewhere: fb.elsewhere, partial: true}, rules, p)
	default:
		if to, status, ok := rules.Redirect(p, false); ok {
			s.follow(w, r, st, to, status)
			return
		}
		s.notFound(w, r, st)
	}
}

// lookup returns the name of the file p serves (the index.html of a
// directory path ending in "/"), or isDir when p names a directory with an
// index.html but lacks the trailing slash.
func lookup(st *site, p string) (name string, isDir bool) {
	name = strings.TrimPrefix(p, "/")
	if name == "" || strings.HasSuffix(name, "/") {
		name += "index.html"
		if isFile(st, name) {
			return name, false
		}
		return "", false
	}
	if isFile(st, name) {
		return name, false
	}
	// A directory with an index.html, which may be in an earlier build's
	// directory (site.elsewhere) while this build's has no such directory.
	return "", isFile(st, name+"/index.html")
}

func isFile(st *site, name string) bool {
	info, err := st.rootOf(name).Stat(name)
	return err == nil && info.Mode().IsRegular()
}

// follow applies a redirect rule: 3xx statuses redirect, anything else
// serves the target file of the site with that status.
func (s *Server) follow(w http.ResponseWriter, r *http.Request, st *site, to string, status int) {
	if status >= 300 && status < 400 {
		http.Redirect(w, r, to, status)
		return
	}
	name, _ := lookup(st, to)
	if name == "" || !strings.HasPrefix(to, "/") {
		s.notFound(w, r, st)
		return
	}
	s.serveFile(w, r, st, name, status)
}

// notFound serves the site's 404 page, the Chinese one under /zh-CN/.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request, st *site) {
	name := "404.html"
	if strings.HasPrefix(r.URL.Path, "/zh-CN/") && isFile(st, "zh-CN/404.html") {
		name = "zh-CN/404.html"
	}
	if !isFile(st, name) {
		if st.partial { // even the 404 page did not build: say why, with the overlay
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			w.Write(noSitePage())
			return
		}
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	s.serveFile(w, r, st, name, http.StatusNotFound)
}

// inert reports whether netlify.toml's headers make a response a
// document that runs no script: a download, or a sandbox (a third-party
// skill file). Such a file is served byte for byte, without
// the reload script.
func inert(h http.Header) bool {
	return strings.HasPrefix(h.Get("Content-Disposition"), "attachment") || netlifyconf.Sandboxed(h.Get("Content-Security-Policy"))
}

// serveFile sends one file of the site with status; HTML gets the reload
// script unless the headers make it inert. A 200 goes through http.ServeContent (ranges, conditional
// requests); other statuses are written as they are.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, st *site, name string, status int) {
	f, err := st.rootOf(name).Open(name)
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	var body io.ReadSeeker = f
	if path.Ext(name) == ".html" && !inert(w.Header()) {
		doc, err := io.ReadAll(f)
		if err != nil {
			http.Error(w, "read error", http.StatusInternalServerError)
			return
		}
		body = bytes.NewReader(inject(doc, st.id))
	}
	h := w.Header()
	if h.Get("Content-Type") == "" {
		if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
			h.Set("Content-Type", ct)
		}
	}
	if status == http.StatusOK {
		// A site's files never change once built, and every build is a
		// new site id, so the id is the validator. Not modification
		// times: HTTP's Last-Modified counts whole seconds, and a page
		// rebuilt twice within one (a file saved in two steps, a quick
		// revert) was answered 304 with the build in between's page, whose
		// stale id then reloaded it again and again.
		h.Set("ETag", `"`+st.id+`"`)
		http.ServeContent(w, r, name, time.Time{}, body)
		return
	}
	if size, err := body.Seek(0, io.SeekEnd); err == nil {
		body.Seek(0, io.SeekStart)
		h.Set("Content-Length", strconv.FormatInt(size, 10))
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		io.Copy(w, body)
	}
}
