package markdown

import (
	"fmt"
	"unicode/utf8"

	"pairag.com/portal/internal/diag"
)

// maxByteFindings bounds the findings CheckBytes reports for one file; the
// last one says how many lines more hold such bytes.
const maxByteFindings = 5

// CheckBytes reports, at file:line, the bytes of a Markdown source that
// would be published as they are into HTML, the .md copy and llms-full.txt
// although no reader can use them: invalid UTF-8 and control characters
// (C0 but tab, line feed and carriage return; DEL; C1). One error a line,
// at most maxByteFindings a file.
func CheckBytes(file string, src []byte) []*diag.Finding {
	var out []*diag.Finding
	line, lastLine, more := 1, 0, 0
	for i := 0; i < len(src); {
		if c := src[i]; c >= 0x20 && c < 0x7f || c == '\t' || c == '\r' || c == '\n' { // the common case
			if c == '\n' {
				line++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		what := ""
		switch {
		case r == utf8.RuneError && size == 1:
			what = fmt.Sprintf("invalid UTF-8 (byte 0x%02x)", src[i])
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0x7f, r >= 0x80 && r <= 0x9f:
			what = fmt.Sprintf("control character %U", r)
		}
		if what != "" && line != lastLine {
			lastLine = line
			if len(out) < maxByteFindings {
				out = append(out, &diag.Finding{File: file, Line: line, Severity: diag.SeverityError, Msg: what + ": save the file as UTF-8 text without control characters"})
			} else {
				more++
			}
		}
		if r == '\n' {
			line++
		}
		i += size
	}
	if more > 0 {
		out[len(out)-1].Msg += fmt.Sprintf(" (and %d line(s) more below with such bytes)", more)
	}
	return out
}
