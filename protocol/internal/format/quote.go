package format

import "unicode/utf8"

// Quote returns s as a JSON string literal, for messages (the verb %q)
// and for the values fixes write into a payload. It escapes what
// strconv.Quote escapes among the characters a reader cannot see (control
// characters, spaces other than the ASCII one, line and paragraph
// separators, the common invisible format characters such as U+200B and
// U+FEFF), but always the way JSON writes them (\n, \u00ad), never as Go
// does (\x7f, \a), so a fix stays JSON; an invalid UTF-8 byte becomes
// \ufffd, as JSON.parse reads it. Unlike strconv.Quote it keeps unassigned
// and private-use characters as they are. It is here, and not strconv's,
// because strconv's quoting and its NumError came to 6 KB of the
// WebAssembly module's brotli (issue 19).
func Quote(s string) string { return string(appendQuoted(make([]byte, 0, len(s)+2), s, '"')) }

// quoteRune returns r in single quotes, escaped as Quote escapes it.
func quoteRune(r rune) string {
	if !utf8.ValidRune(r) {
		r = utf8.RuneError
	}
	return string(appendQuoted(nil, string(r), '\''))
}

const hexDigits = "0123456789abcdef"

func appendQuoted(dst []byte, s string, quote byte) []byte {
	dst = append(dst, quote)
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			if c == quote || c == '\\' {
				dst = append(dst, '\\')
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, size := rune(c), 1
		if c >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		switch {
		case r == '\n':
			dst = append(dst, '\\', 'n')
		case r == '\r':
			dst = append(dst, '\\', 'r')
		case r == '\t':
			dst = append(dst, '\\', 't')
		case r == '\b':
			dst = append(dst, '\\', 'b')
		case r == '\f':
			dst = append(dst, '\\', 'f')
		case r == utf8.RuneError && size == 1:
			dst = append(dst, `\ufffd`...)
		case invisible(r):
			dst = append(dst, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, quote)
}

// invisible reports whether a reader cannot see r as it is: a control
// character, a space other than U+0020, a line or paragraph separator, or
// a format character in common use (soft hyphen, Arabic and Syriac marks,
// zero-width and direction marks, word joiners, the byte order mark,
// interlinear annotation). All are below U+10000.
func invisible(r rune) bool {
	switch {
	case r < 0x20 || r >= 0x7f && r <= 0xa0 || r == 0xad:
		return true
	case r < 0x600:
		return false
	case r <= 0x605 || r == 0x61c || r == 0x6dd || r == 0x70f || r == 0x890 || r == 0x891 || r == 0x8e2 || r == 0x1680 || r == 0x180e:
		return true
	case r >= 0x2000 && r <= 0x200f || r >= 0x2028 && r <= 0x202f || r >= 0x205f && r <= 0x2064 || r >= 0x2066 && r <= 0x206f:
		return true
	case r == 0x3000 || r == 0xfeff || r >= 0xfff9 && r <= 0xfffb:
		return true
	}
	return false
}

// Atoi is strconv.Atoi's rule (an optional sign, then decimal digits, in
// the range of int) without its error value, whose type brings strconv's
// quoting into the WebAssembly module.
func Atoi(s string) (int, bool) {
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	limit := uint64(^uint(0) >> 1) // the largest int; one more for a negative one
	if neg {
		limit++
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		d := uint64(s[i]) - '0'
		if d > 9 || n > (limit-d)/10 {
			return 0, false
		}
		n = n*10 + d
	}
	if neg {
		return int(-n), true
	}
	return int(n), true
}
