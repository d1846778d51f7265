// Command audit-serve serves a built site for the audits as Netlify serves
// it in production: the headers of netlify.toml (CSP, types, caching) and
// brotli for text, /404.html (or /zh-CN/404.html) for unknown paths. It is
// what scripts/audit-lighthouse.sh measures, so Lighthouse sees the
// production caching and compression rather than a bare file server.
//
//	go run ./cmd/audit-serve -dir /tmp/site -addr 127.0.0.1:8719
package main

import (
	"bytes"
	"flag"
	"log"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"

	"pairag.com/portal/generator/preview/netlify"
)

func main() {
	dir := flag.String("dir", "public", "built site `dir`ectory")
	addr := flag.String("addr", "127.0.0.1:8719", "`address` to listen on")
	toml := flag.String("netlify", "", "netlify.toml whose headers to apply (default: the checkout's when -dir is a checkout's public/, else ./netlify.toml)")
	flag.Parse()
	if *toml == "" {
		*toml = netlify.ConfigFor(*dir, "netlify.toml")
	}
	log.Printf("serving %s with the headers of %s", *dir, *toml)
	data, err := os.ReadFile(*toml)
	if err != nil {
		log.Fatal(err)
	}
	headers, err := netlify.Headers(string(data))
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(http.ListenAndServe(*addr, handler(*dir, headers)))
}

func handler(dir string, headers func(http.Header, string)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := path.Clean("/" + r.URL.Path)
		name := filepath.Join(dir, filepath.FromSlash(p))
		if fi, err := os.Stat(name); err == nil && fi.IsDir() {
			if !strings.HasSuffix(r.URL.Path, "/") {
				http.Redirect(w, r, p+"/", http.StatusMovedPermanently)
				return
			}
			name = filepath.Join(name, "index.html")
		}
		status := http.StatusOK
		body, err := os.ReadFile(name)
		if err != nil {
			status = http.StatusNotFound
			nf := "404.html"
			if strings.HasPrefix(p, "/zh-CN/") {
				nf = "zh-CN/404.html"
			}
			name = filepath.Join(dir, nf)
			body, _ = os.ReadFile(name)
		}
		if t := mime.TypeByExtension(filepath.Ext(name)); t != "" {
			w.Header().Set("Content-Type", t)
		}
		headers(w.Header(), r.URL.Path)
		ct := w.Header().Get("Content-Type")
		text := strings.HasPrefix(ct, "text/") || strings.Contains(ct, "json") || strings.Contains(ct, "javascript") || strings.Contains(ct, "svg") || strings.Contains(ct, "wasm") || strings.Contains(ct, "xml")
		if !text || !strings.Contains(r.Header.Get("Accept-Encoding"), "br") {
			w.WriteHeader(status)
			w.Write(body)
			return
		}
		w.Header().Set("Content-Encoding", "br")
		w.Header().Add("Vary", "Accept-Encoding")
		w.WriteHeader(status)
		w.Write(compressed(name, body))
	})
}

// cache holds the brotli bytes of each file served, so a large module is
// compressed once (at the quality Netlify uses) and not on every request.
var cache sync.Map

func compressed(name string, body []byte) []byte {
	if b, ok := cache.Load(name); ok {
		return b.([]byte)
	}
	var buf bytes.Buffer
	bw := brotli.NewWriterLevel(&buf, 11)
	bw.Write(body)
	bw.Close()
	cache.Store(name, buf.Bytes())
	return buf.Bytes()
}
