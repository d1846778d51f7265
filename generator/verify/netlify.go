// Package verify is the build's last stage: checks that what is published
// works where it is served. Netlify, SkillHeaders and InlineHashes hold
// netlify.toml to the headers production needs.
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

// InlineHashes reports, as errors at netlify.toml, a page in pages whose
// Content-Security-Policy would block what it carries inline: each of
// styles must be a source of the policy's style-src, each of scripts of
// its script-src (default-src where the directive is missing), as
// 'sha256-…' expressions (templates.CSPHash). A sha256 source there that
// none of them is gets a warning: the hash of an old version. No
// netlify.toml, or no policy, checks nothing.
func InlineHashes(fsys fs.FS, pages, styles, scripts []string, rep diag.Reporter) {
	data, err := fs.ReadFile(fsys, netlifyFile)
	if err != nil {
		return
	}
	c, err := netlifyconf.Parse(string(data))
	if err != nil {
		return
	}
	line := func(page string) int { // the line of the rule that sets the policy
		for _, h := range c.Headers {
			if re, _ := netlifyconf.Pattern(h.For, false); re.MatchString(page) && h.Values["Content-Security-Policy"] != "" {
				if i := strings.Index(string(data), h.Values["Content-Security-Policy"]); i >= 0 {
					return strings.Count(string(data[:i]), "\n") + 1
				}
			}
		}
		return 0
	}
	stale, told := map[string]bool{}, map[string]bool{}
	for _, p := range pages {
		csp := c.HeadersFor(p)["Content-Security-Policy"]
		for _, policy := range strings.Split(csp, ",") {
			for _, need := range []struct {
				directive, what string
				hashes          []string
			}{{"style-src", "inline stylesheet", styles}, {"script-src", "inline script", scripts}} {
				sources, ok := directive(policy, need.directive)
				if !ok {
					continue
				}
				for _, h := range need.hashes {
					if !slices.Contains(sources, h) && !told[h] {
						told[h] = true
						rep.Report(&diag.Finding{File: netlifyFile, Line: line(p), Severity: diag.SeverityError, Msg: fmt.Sprintf(
							"the Content-Security-Policy of %s does not allow the page's %s, so browsers would refuse it: add %s to its %s (if that code changed, replace its old sha256 source there)", p, need.what, h, need.directive)})
					}
				}
				for _, s := range sources {
					if strings.HasPrefix(s, "'sha256-") && !slices.Contains(need.hashes, s) && !stale[s] {
						stale[s] = true
						rep.Report(&diag.Finding{File: netlifyFile, Line: line(p), Severity: diag.SeverityWarning, Msg: fmt.Sprintf(
							"the Content-Security-Policy's %s allows %s, which no inline code of %s has (an old version's hash?): remove it", need.directive, s, p)})
					}
				}
			}
		}
	}
}

// directive returns the sources of the directive name in one policy, or
// of default-src when the policy has no such directive; false when the
// policy has neither (nothing is restricted).
func directive(policy, name string) ([]string, bool) {
	var fallback []string
	found := false
	for _, d := range strings.Split(policy, ";") {
		f := strings.Fields(d)
		switch {
		case len(f) == 0:
		case strings.EqualFold(f[0], name):
			return f[1:], true
		case strings.EqualFold(f[0], "default-src"):
			fallback, found = f[1:], true
		}
	}
	return fallback, found
}
