// Package diag prints a diagnostic the one way every command and the
// preview show it,
//
//	file:line:col: severity: message
//
// the form compilers and go vet use, which editors and terminals turn into
// links to the place.
package diag

import (
	"strconv"
	"strings"
)

// Format returns "file:line:col: severity: message", leaving out a line or
// column of 0 (the column also when the line is 0), an empty severity, and
// the whole position when file is empty.
func Format(file string, line, col int, severity, msg string) string {
	var b strings.Builder
	if file != "" {
		b.WriteString(file)
		if line > 0 {
			b.WriteString(":" + strconv.Itoa(line))
			if col > 0 {
				b.WriteString(":" + strconv.Itoa(col))
			}
		}
		b.WriteString(": ")
	}
	if severity != "" {
		b.WriteString(severity + ": ")
	}
	b.WriteString(msg)
	return b.String()
}
