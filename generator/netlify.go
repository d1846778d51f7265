package generator

import (
	"errors"
	"io/fs"

	"pairag.com/portal/internal/diag"
	"pairag.com/portal/internal/netlifyconf"
)

// netlifyFile is the deploy configuration beside the sources.
const netlifyFile = "netlify.toml"

// checkNetlify reports, as errors at their lines, what in the
// repository's netlify.toml would make production deploy without its
// headers: a file that does not parse, an unknown key in a [[headers]]
// block, a block without for or values. No file is no error: tests build
// sites of a few pages without one.
func checkNetlify(fsys fs.FS, rep diag.Reporter) {
	data, err := fs.ReadFile(fsys, netlifyFile)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		rep.Report(&diag.Finding{File: netlifyFile, Severity: SeverityError, Msg: "read: " + err.Error()})
		return
	}
	var errs netlifyconf.Errors
	if _, err := netlifyconf.Parse(string(data)); errors.As(err, &errs) {
		for _, e := range errs {
			rep.Report(&diag.Finding{File: netlifyFile, Line: e.Line, Severity: SeverityError, Msg: e.Msg})
		}
	}
}
