package templates

import "bytes"

// withoutJSCommentLines returns js without its comment lines (those whose
// first characters after the indentation are //), its blank lines and the
// indentation of the rest: they explain and lay out the code for whoever
// edits assets/*.js, and cost every reader of the site script about a
// fifth of its brotli bytes. Comments after code on a line stay (a // there
// may sit in a string or a regular expression). It is safe only for
// scripts without template literals or strings continued on the next
// line, whose lines would change; TestScriptKeepsEveryLine holds the site
// script's sources to that.
func withoutJSCommentLines(js []byte) []byte {
	out := make([]byte, 0, len(js))
	for line := range bytes.Lines(js) {
		code := bytes.TrimLeft(line, " \t")
		if bytes.HasPrefix(code, []byte("//")) || len(bytes.TrimSpace(code)) == 0 {
			continue
		}
		out = append(out, code...)
	}
	return out
}
