// Package format writes the protocol packages' messages and errors the
// way fmt does, for the verbs and argument types they use, without fmt:
// fmt brings reflect into the WebAssembly module (about 120 KB of it,
// brotli). TestSprintfMatchesFmt holds it to fmt on every verb and type.
package format

import (
	"strconv"
	"strings"
)

// Sprintf formats a message of the table of codes (package catalog) the
// way fmt.Sprintf does for the verbs those messages use (%s, %q, %d and
// %X, a zero-padded width, explicit argument indexes such as %[2]s) with
// the argument types the engine passes (strings, integers, errors).
func Sprintf(format string, args ...any) string {
	var b strings.Builder
	next := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		i++
		if i < len(format) && format[i] == '%' {
			b.WriteByte('%')
			continue
		}
		zero := false
		if i < len(format) && format[i] == '0' {
			zero = true
			i++
		}
		width := 0
		for i < len(format) && format[i] >= '0' && format[i] <= '9' {
			width = width*10 + int(format[i]-'0')
			i++
		}
		if i+2 < len(format) && format[i] == '[' && format[i+2] == ']' && format[i+1] >= '1' && format[i+1] <= '9' {
			next = int(format[i+1] - '1')
			i += 3
		}
		if i >= len(format) {
			b.WriteString("%!(NOVERB)")
			break
		}
		verb := format[i]
		if verb == 'w' {
			verb = 's'
		}
		if next >= len(args) {
			b.WriteString("%!" + string(verb) + "(MISSING)")
			continue
		}
		s := formatArg(verb, args[next])
		next++
		fill := byte(' ')
		if zero {
			fill = '0'
		}
		for pad := width - len([]rune(s)); pad > 0; pad-- {
			b.WriteByte(fill) // not strings.Repeat, 1 KB of the WebAssembly module
		}
		b.WriteString(s)
	}
	return b.String()
}

// formatArg writes one argument with one verb, or fmt's %!verb(type=value)
// for a combination the messages never use.
func formatArg(verb byte, a any) string {
	var n int64
	isInt := true
	switch v := a.(type) {
	case int:
		n = int64(v)
	case int64:
		n = v
	case int32:
		n = int64(v)
	case uint8:
		n = int64(v)
	default:
		isInt = false
	}
	switch {
	case isInt && verb == 'd':
		return strconv.FormatInt(n, 10)
	case isInt && verb == 'X':
		return strings.ToUpper(strconv.FormatInt(n, 16))
	case isInt && verb == 'q':
		return quoteRune(rune(n))
	case isInt && verb == 'c':
		return string(rune(n))
	}
	var s string
	switch v := a.(type) {
	case string:
		s = v
	case error:
		s = v.Error()
	case interface{ String() string }:
		s = v.String()
	default:
		return "%!" + string(verb) + "(unsupported)"
	}
	switch verb {
	case 's':
		return s
	case 'q':
		return Quote(s)
	}
	return "%!" + string(verb) + "(unsupported)"
}

// Errorf is fmt.Errorf for the verbs of Sprintf: a %w formats its error
// as %s does, and the error returned wraps it (errors.Is and errors.As
// see through).
func Errorf(format string, args ...any) error {
	e := &wrapError{msg: Sprintf(format, args...)}
	if strings.Contains(format, "%w") {
		for _, a := range args {
			if err, ok := a.(error); ok {
				e.err = err
			}
		}
	}
	return e
}

// wrapError is an error with its message and the error it wraps.
type wrapError struct {
	msg string
	err error
}

func (e *wrapError) Error() string { return e.msg }

// Unwrap returns the wrapped error, or nil.
func (e *wrapError) Unwrap() error { return e.err }
