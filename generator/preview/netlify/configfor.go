package netlify

import (
	"os"
	"path/filepath"
)

// ConfigFor returns the netlify.toml whose headers belong with the site
// built in dir: the checkout's own when dir is the public/ folder of a
// checkout (gen build's default output), since its CSP holds the hashes of
// that build's inline scripts; otherwise fallback. Tools that serve two
// builds side by side (cmd/benchpage, cmd/audit-serve) then serve each with
// its own CSP instead of one file that must allow both.
func ConfigFor(dir, fallback string) string {
	own := filepath.Join(dir, "..", "netlify.toml")
	if fi, err := os.Stat(own); err == nil && fi.Mode().IsRegular() {
		return own
	}
	return fallback
}
