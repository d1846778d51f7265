package preview

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"html"
	"net/http"
	"time"
)

//go:embed reload.js
var reloadJS []byte

//go:embed overlay.css
var overlayCSS []byte

// started is the modification time of the embedded files.
var started = time.Now()

// serveGen answers the preview's own endpoints under /__gen/.
func (s *Server) serveGen(w http.ResponseWriter, r *http.Request, p string) {
	h := w.Header()
	switch p {
	case "/__gen/events":
		s.serveEvents(w, r)
	case "/__gen/status":
		h.Set("Content-Type", "application/json; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		json.NewEncoder(w).Encode(s.status.get())
	case "/__gen/reload.js":
		h.Set("Content-Type", "text/javascript; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		http.ServeContent(w, r, "reload.js", started, bytes.NewReader(reloadJS))
	case "/__gen/translations":
		s.serveTranslations(w, r)
	case "/__gen/overlay.css":
		h.Set("Content-Type", "text/css; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		http.ServeContent(w, r, "overlay.css", started, bytes.NewReader(overlayCSS))
	default:
		http.NotFound(w, r)
	}
}

// scriptTag is the element injected into every HTML response.
func scriptTag(siteID string) []byte {
	return []byte(`<script src="/__gen/reload.js" data-site="` + html.EscapeString(siteID) + `" defer></script>`)
}

// inject inserts the reload script before </head>, or before </body>, or
// at the end when the document has neither.
func inject(doc []byte, siteID string) []byte {
	tag := scriptTag(siteID)
	at := indexFold(doc, "</head>")
	if at < 0 {
		at = indexFold(doc, "</body>")
	}
	if at < 0 {
		at = len(doc)
	}
	out := make([]byte, 0, len(doc)+len(tag))
	out = append(out, doc[:at]...)
	out = append(out, tag...)
	return append(out, doc[at:]...)
}

// indexFold returns the first offset of the ASCII tag in doc, ignoring
// case, or -1. Lowering the whole document would shift offsets where a
// character's lower case has another length.
func indexFold(doc []byte, tag string) int {
	for i := 0; i+len(tag) <= len(doc); i++ {
		j := bytes.IndexByte(doc[i:], '<')
		if j < 0 || i+j+len(tag) > len(doc) {
			return -1
		}
		i += j
		if bytes.EqualFold(doc[i:i+len(tag)], []byte(tag)) {
			return i
		}
	}
	return -1
}

// noSitePage is served while no build has succeeded yet: it carries the
// reload script, so the overlay lists the errors and the page reloads
// once a fix builds.
func noSitePage() []byte {
	return inject([]byte(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>gen serve: the site did not build</title></head>
<body><h1>The site did not build</h1>
<p>The errors are listed in the terminal and below. This page reloads by itself once a change fixes them.</p>
</body></html>
`), "")
}
