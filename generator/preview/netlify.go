package preview

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"pairag.com/portal/generator/netlifyconf"
	"pairag.com/portal/generator/preview/netlify"
	"pairag.com/portal/internal/diag"
)

// loadRules reads netlify.toml from the repository and reports whether
// its rules are now in force. A missing file means no rules; a broken one
// keeps the rules in force (none, when it is broken from the start), and
// says so: every build also reports it, in the overlay. An empty file,
// once rules are in force, is a file caught while it is being written: it
// keeps them too.
func (s *Server) loadRules() bool {
	data, err := os.ReadFile(filepath.Join(s.root, "netlify.toml"))
	var r *netlify.Rules
	switch {
	case errors.Is(err, fs.ErrNotExist):
		s.printf("no netlify.toml in %s: serving without production headers and redirects", s.cfg.Dir)
		r = &netlify.Rules{}
	case err == nil && len(bytes.TrimSpace(data)) == 0 && s.rules.Load() != nil:
		// An editor that truncates the file before writing it is caught
		// here between the two; taken as "no rules", the previous ones
		// would be lost for good if the text then written were broken.
		s.printf("netlify.toml is empty: the previous headers and redirects stay in force (delete the file to serve without them)")
		return false
	case err == nil:
		r, err = netlify.Parse(string(data))
	}
	if err == nil {
		s.rules.Store(r)
		return true
	}
	what := "the previous headers and redirects stay in force"
	if s.rules.Load() == nil {
		s.rules.Store(&netlify.Rules{})
		what = "serving WITHOUT the production headers (CSP, frame and content-type rules) and redirects until it is fixed"
	}
	var list netlifyconf.Errors
	if errors.As(err, &list) {
		for _, e := range list {
			s.printf("%s", diag.Format("netlify.toml", e.Line, 0, "", e.Msg))
		}
	} else {
		s.printf("netlify.toml: %v", err)
	}
	s.printf("netlify.toml not applied: %s", what)
	return false
}
