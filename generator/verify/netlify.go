// Package verify is the build's last stage: checks that what is published
// works where it is served. Netlify and SkillHeaders hold netlify.toml to
// the headers production needs.
package verify

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"pairag.com/portal/generator/netlifyconf"
	"pairag.com/portal/internal/diag"
)

// netlifyFile is the deploy configuration beside the sources.
const netlifyFile = "netlify.toml"

// Netlify reports, as errors at their lines, what in the
// repository's netlify.toml would make production deploy without its
// headers: a file that does not parse, an unknown key in a [[headers]]
// block, a block without for or values. No file is no error: tests build
// sites of a few pages without one.
func Netlify(fsys fs.FS, rep diag.Reporter) {
	data, err := fs.ReadFile(fsys, netlifyFile)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		rep.Report(&diag.Finding{File: netlifyFile, Severity: diag.SeverityError, Msg: "read: " + err.Error()})
		return
	}
	var errs netlifyconf.Errors
	if _, err := netlifyconf.Parse(string(data)); errors.As(err, &errs) {
		for _, e := range errs {
			rep.Report(&diag.Finding{File: netlifyFile, Line: e.Line, Severity: diag.SeverityError, Msg: e.Msg})
		}
	}
}

// activeTypes are the extensions of files a browser renders as documents
// that can hold script: such a skill file must be a download or plain text.
var activeTypes = []string{".html", ".htm", ".xhtml", ".svg", ".xml", ".xsl", ".mht", ".mhtml"}

// SkillHeaders reports, as errors at netlify.toml, a published skill
// file that its rules would let run script on the site's origin (no CSP
// sandbox policy, no nosniff, or a document type that is neither a
// download nor plain text), and a rendered skill page they would
// sandbox (its own scripts would stop). files are site paths of the
// skills' published files, pages the URLs of the pages rendered for
// them. No netlify.toml checks nothing; one that does not parse is
// reported by Netlify.
func SkillHeaders(fsys fs.FS, files, pages []string, rep diag.Reporter) {
	data, err := fs.ReadFile(fsys, netlifyFile)
	if err != nil {
		return
	}
	c, err := netlifyconf.Parse(string(data))
	if err != nil {
		return
	}
	for _, p := range files {
		if why := notInert(c.HeadersFor(p), p); why != "" {
			rep.Report(&diag.Finding{File: netlifyFile, Severity: diag.SeverityError, Msg: fmt.Sprintf(
				"the skill file %s would be served %s, so a third-party file could run script on the site's origin: add a [[headers]] rule that matches it (see the agent skills rules)", p, why)})
		}
	}
	for _, p := range pages {
		if netlifyconf.Sandboxed(c.HeadersFor(p)["Content-Security-Policy"]) {
			rep.Report(&diag.Finding{File: netlifyFile, Severity: diag.SeverityError, Msg: fmt.Sprintf(
				"the skill page %s would be served with a sandbox policy, which stops its scripts: narrow the rule that sets it to the skill's files", p)})
		}
	}
}

// notInert says how headers h leave the skill file p able to run
// script, or "".
func notInert(h map[string]string, p string) string {
	switch {
	case !netlifyconf.Sandboxed(h["Content-Security-Policy"]):
		return "without a Content-Security-Policy sandbox"
	case strings.TrimSpace(h["X-Content-Type-Options"]) != "nosniff":
		return "without X-Content-Type-Options: nosniff"
	}
	ext := strings.ToLower(path.Ext(p))
	if slices.Contains(activeTypes, ext) && !strings.HasPrefix(h["Content-Disposition"], "attachment") && !strings.HasPrefix(h["Content-Type"], "text/plain") {
		return "as a " + ext + " document a browser renders (neither Content-Disposition: attachment nor text/plain)"
	}
	return ""
}
