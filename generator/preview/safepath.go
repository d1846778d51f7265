package preview

import (
	"errors"
	"net/http"
	"strings"
)

var errBadPath = errors.New("bad path")

// sitePath returns the decoded path of r when it is safe to look up in a
// site directory: it starts with "/", has no "." or ".." segment, and
// neither the raw nor the decoded path holds a backslash, a NUL or an
// encoded slash. Whatever passes is still opened through an os.Root, which
// refuses symbolic links that leave the site.
func sitePath(r *http.Request) (string, error) {
	raw := r.RequestURI
	if raw == "" || raw[0] != '/' {
		raw = r.URL.EscapedPath()
	}
	raw, _, _ = strings.Cut(raw, "?")
	lower := strings.ToLower(raw)
	for _, bad := range []string{`\`, "%5c", "%2f", "%00", "\x00"} {
		if strings.Contains(lower, bad) {
			return "", errBadPath
		}
	}
	p := r.URL.Path
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") {
		return "", errBadPath
	}
	for _, seg := range strings.Split(p[1:], "/") {
		if seg == "." || seg == ".." {
			return "", errBadPath
		}
	}
	return p, nil
}
