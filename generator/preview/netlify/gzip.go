package netlify

import (
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// Compression follows what Netlify does in production: text-like responses
// are gzipped for clients that accept it, with Vary: Accept-Encoding, and
// already-compressed types (images, fonts, archives) are sent as they are.
// Requests with a Range header get the identity encoding, so byte ranges
// keep meaning offsets in the file; an ETag of a compressed response gets
// a "-gzip" suffix so it never equals the identity one.

// minCompress is the smallest body worth compressing, when its length is known.
const minCompress = 256

var gzipPool = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression); return w }}

// acceptsGzip reports whether the Accept-Encoding header allows gzip
// (or "*") with a non-zero quality.
func acceptsGzip(header string) bool {
	star := false
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "gzip" && name != "*" {
			continue
		}
		ok := true
		if k, v, found := strings.Cut(strings.TrimSpace(params), "="); found && strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			ok = err == nil && q > 0
		}
		if name == "gzip" {
			return ok
		}
		star = ok
	}
	return star
}

// compressible reports whether a response of this content type is worth gzipping.
func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(strings.ToLower(contentType), ";")
	ct = strings.TrimSpace(ct)
	if strings.HasPrefix(ct, "text/") {
		return true
	}
	switch ct {
	case "application/json", "application/javascript", "application/xml", "application/wasm",
		"application/manifest+json", "application/schema+json", "image/svg+xml":
		return true
	}
	return false
}

// gzipWriter compresses the response when, at WriteHeader, its status,
// type and headers allow it; otherwise it passes everything through.
type gzipWriter struct {
	http.ResponseWriter
	head        bool
	decided     bool
	revalidated bool // the request's If-None-Match named the compressed variant
	gz          *gzip.Writer
}

// Gzip returns the writer a handler should use for r, and the function
// that ends its body: gzipped as Netlify would send it, or passed through.
func Gzip(w http.ResponseWriter, r *http.Request) (http.ResponseWriter, func()) {
	w.Header().Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r.Header.Get("Accept-Encoding")) || r.Header.Get("Range") != "" {
		return w, func() {}
	}
	g := &gzipWriter{ResponseWriter: w, head: r.Method == http.MethodHead}
	// The client revalidates the compressed variant with its "-gzip" tag:
	// the handler knows the file's own tag, so compare against that, and
	// answer a 304 with the tag the client holds.
	if inm := r.Header.Get("If-None-Match"); strings.Contains(inm, `-gzip"`) {
		r.Header.Set("If-None-Match", strings.ReplaceAll(inm, `-gzip"`, `"`))
		g.revalidated = true
	}
	return g, g.close
}

func (g *gzipWriter) WriteHeader(status int) {
	if !g.decided {
		g.decided = true
		if status == http.StatusNotModified && g.revalidated {
			if etag := g.Header().Get("ETag"); etag != "" && strings.HasSuffix(etag, `"`) {
				g.Header().Set("ETag", strings.TrimSuffix(etag, `"`)+`-gzip"`)
			}
		}
		if g.shouldCompress(status) {
			h := g.Header()
			h.Del("Content-Length")
			h.Set("Content-Encoding", "gzip")
			if etag := h.Get("ETag"); etag != "" && strings.HasSuffix(etag, `"`) {
				h.Set("ETag", strings.TrimSuffix(etag, `"`)+`-gzip"`)
			}
			if !g.head {
				g.gz = gzipPool.Get().(*gzip.Writer)
				g.gz.Reset(g.ResponseWriter)
			}
		}
	}
	g.ResponseWriter.WriteHeader(status)
}

func (g *gzipWriter) shouldCompress(status int) bool {
	h := g.Header()
	if status < 200 || status == http.StatusNoContent || status == http.StatusNotModified ||
		status == http.StatusPartialContent || h.Get("Content-Encoding") != "" || h.Get("Content-Range") != "" {
		return false
	}
	if n, err := strconv.Atoi(h.Get("Content-Length")); err == nil && n < minCompress {
		return false
	}
	return compressible(h.Get("Content-Type"))
}

func (g *gzipWriter) Write(p []byte) (int, error) {
	if !g.decided {
		g.WriteHeader(http.StatusOK)
	}
	if g.gz != nil {
		return g.gz.Write(p)
	}
	return g.ResponseWriter.Write(p)
}

// close finishes the gzip stream and returns the writer to the pool.
func (g *gzipWriter) close() {
	if g.gz != nil {
		g.gz.Close()
		gzipPool.Put(g.gz)
		g.gz = nil
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (g *gzipWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }
