package highlight

import (
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

// Chroma's lexers are lists of regular expressions tried in order at every
// position (github.com/dlclark/regexp2, on the code converted to runes);
// on a large site they are most of the cost of highlighting. For the
// languages the site's code is mostly written in, JSON and Go, fastTokens
// reads the code directly and returns the tokens chroma's lexer returns,
// merged as chroma.Coalesce merges them. It handles the usual code and
// declines (ok false) everything whose result it is not sure of: any
// position where chroma would emit an error token, text chroma changes
// before lexing (carriage returns, invalid UTF-8), a non-ASCII character
// where chroma's Unicode classes (\s, \w, \d, \b) would decide the
// token, Go's raw strings (lexed by chroma's template lexer), unterminated
// strings and comments, and code of 8 KiB or more (Coalesce stops merging
// at that length). What it declines goes to chroma. TestFastTokens and
// FuzzFastTokens hold it to chroma's output.

// fastLimit is the length of a token from which code goes to chroma:
// Coalesce stops merging a run of one type there, at a place that depends
// on chroma's own token boundaries. Code of any length whose tokens are
// all shorter is read here (chroma's lexers took 45 ms of CPU for 26 KB of
// JSON, 6 ms for 2.6 KB, and 1.5 s of wall time for 128 KB).
const fastLimit = 8192

// fastTokens returns the coalesced tokens of code in lang, and whether it
// could: lang is "json" or "go" and the code is within what it handles.
func fastTokens(lang, code string) ([]chroma.Token, bool) {
	if strings.IndexByte(code, '\r') >= 0 || !utf8.ValidString(code) {
		return nil, false
	}
	l := &lexer{s: code}
	var ok bool
	switch lang {
	case "json":
		ok = l.json()
	case "go":
		ok = l.golang()
	}
	if !ok || l.bad {
		return nil, false
	}
	out := make([]chroma.Token, len(l.toks))
	for i, t := range l.toks {
		if t.end-t.start >= fastLimit {
			return nil, false
		}
		out[i] = chroma.Token{Type: t.typ, Value: code[t.start:t.end]}
	}
	return out, true
}

type span struct {
	typ        chroma.TokenType
	start, end int
}

type lexer struct {
	s    string
	toks []span
	bad  bool // a decision looked at a non-ASCII byte
}

// at returns the byte at k, 0 past the end; a non-ASCII byte marks the
// lexing as unsure.
func (l *lexer) at(k int) byte {
	if k >= len(l.s) {
		return 0
	}
	c := l.s[k]
	if c >= utf8.RuneSelf {
		l.bad = true
	}
	return c
}

// emit adds the token s[start:end], merged into the previous one when
// both have the same type (chroma.Coalesce).
func (l *lexer) emit(t chroma.TokenType, start, end int) {
	if end <= start {
		return
	}
	if n := len(l.toks); n > 0 && l.toks[n-1].typ == t && l.toks[n-1].end == start {
		l.toks[n-1].end = end
		return
	}
	l.toks = append(l.toks, span{t, start, end})
}

// isSpace is \s for ASCII.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWord(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// run returns the end of the run of bytes from k that satisfy f; the byte
// that stops it is looked at.
func (l *lexer) run(k int, f func(byte) bool) int {
	for f(l.at(k)) {
		k++
	}
	return k
}

// quoted returns the end of the string "(\\\\|\\"|[^"])*" starting at the
// quote at i, or -1 when it is not closed (chroma's regular expression
// would then backtrack into an escaped quote).
func (l *lexer) quoted(i int) int {
	s := l.s
	for k := i + 1; k < len(s); k++ {
		switch s[k] {
		case '\\':
			if k+1 < len(s) && (s[k+1] == '\\' || s[k+1] == '"') {
				k++
			}
		case '"':
			return k + 1
		}
	}
	return -1
}

// JSON: chroma's lexers/embedded/json.xml.
const (
	jsonRoot = iota
	jsonObject
	jsonAttribute
	jsonArray
)

func (l *lexer) json() bool {
	s := l.s
	stack := []int{jsonRoot}
	for i := 0; i < len(s) && !l.bad; {
		state := stack[len(stack)-1]
		c := s[i]
		if c >= utf8.RuneSelf {
			return false
		}
		if isSpace(c) { // whitespace, first in every state
			j := l.run(i, isSpace)
			l.emit(chroma.Text, i, j)
			i = j
			continue
		}
		if c == '/' { // comment: //.*?\n
			if l.at(i+1) != '/' {
				return false
			}
			nl := strings.IndexByte(s[i+2:], '\n')
			if nl < 0 {
				return false
			}
			l.emit(chroma.CommentSingle, i, i+2+nl+1)
			i += 2 + nl + 1
			continue
		}
		if state == jsonObject {
			switch c {
			case '"':
				j := l.quoted(i)
				if j < 0 {
					return false
				}
				l.emit(chroma.NameTag, i, j)
				stack = append(stack, jsonAttribute)
				i = j
			case '}':
				l.emit(chroma.Punctuation, i, i+1)
				stack = stack[:len(stack)-1]
				i++
			default:
				return false
			}
			continue
		}
		// value: simple values, then { and [
		if j := l.jsonSimple(i); j > i {
			i = j
			continue
		}
		if l.bad {
			return false
		}
		switch {
		case c == '{':
			l.emit(chroma.Punctuation, i, i+1)
			stack = append(stack, jsonObject)
		case c == '[':
			l.emit(chroma.Punctuation, i, i+1)
			stack = append(stack, jsonArray)
		case state == jsonAttribute && c == ':':
			l.emit(chroma.Punctuation, i, i+1)
		case state == jsonAttribute && c == ',':
			l.emit(chroma.Punctuation, i, i+1)
			stack = stack[:len(stack)-1]
		case state == jsonAttribute && c == '}':
			l.emit(chroma.Punctuation, i, i+1)
			stack = stack[:len(stack)-2]
		case state == jsonArray && c == ',':
			l.emit(chroma.Punctuation, i, i+1)
		case state == jsonArray && c == ']':
			l.emit(chroma.Punctuation, i, i+1)
			stack = stack[:len(stack)-1]
		default:
			return false // chroma emits an error token
		}
		i++
	}
	return true
}

// jsonSimple lexes a constant, a number or a string at i and returns its
// end, or i when none starts there.
func (l *lexer) jsonSimple(i int) int {
	s := l.s
	for _, w := range [...]string{"true", "false", "null"} { // (true|false|null)\b
		if strings.HasPrefix(s[i:], w) && !isWord(l.at(i+len(w))) {
			if i > 0 && isWord(s[i-1]) { // right after a number: chroma marks an error (0true)
				l.bad = true
				return i
			}
			l.emit(chroma.KeywordConstant, i, i+len(w))
			return i + len(w)
		}
	}
	if s[i] == '"' {
		j := l.quoted(i)
		if j < 0 {
			l.bad = true
			return i
		}
		l.emit(chroma.LiteralStringDouble, i, j)
		return j
	}
	// -?(0|[1-9]\d*) then, for a float, (\.\d+[eE](\+|-)?\d+|[eE](\+|-)?\d+|\.\d+)
	k := i
	if l.at(k) == '-' {
		k++
	}
	switch c := l.at(k); {
	case c == '0':
		k++
	case c >= '1' && c <= '9':
		k = l.run(k+1, isDigit)
	default:
		return i
	}
	exponent := func(m int) int { // [eE](\+|-)?\d+ at m, or -1
		if c := l.at(m); c != 'e' && c != 'E' {
			return -1
		}
		m++
		if c := l.at(m); c == '+' || c == '-' {
			m++
		}
		if !isDigit(l.at(m)) {
			return -1
		}
		return l.run(m, isDigit)
	}
	if l.at(k) == '.' && isDigit(l.at(k+1)) {
		if e := exponent(l.run(k+1, isDigit)); e > 0 {
			l.emit(chroma.LiteralNumberFloat, i, e)
			return e
		}
	}
	if e := exponent(k); e > 0 {
		l.emit(chroma.LiteralNumberFloat, i, e)
		return e
	}
	if l.at(k) == '.' && isDigit(l.at(k+1)) {
		e := l.run(k+1, isDigit)
		l.emit(chroma.LiteralNumberFloat, i, e)
		return e
	}
	l.emit(chroma.LiteralNumberInteger, i, k)
	return k
}

// Go: chroma's lexers/go.go, rules in their order.
var (
	goNamespace   = wordSet("import", "package")
	goDeclaration = wordSet("var", "func", "struct", "map", "chan", "type", "interface", "const")
	goKeyword     = wordSet("break", "default", "select", "case", "defer", "go", "else", "goto", "switch", "fallthrough", "if", "range", "continue", "for", "return")
	goConstant    = wordSet("true", "false", "iota", "nil")
	goBuiltin     = wordSet("uint", "uint8", "uint16", "uint32", "uint64", "int", "int8", "int16", "int32", "int64", "float", "float32", "float64", "complex64", "complex128", "byte", "rune", "string", "bool", "error", "uintptr", "print", "println", "panic", "recover", "close", "complex", "real", "imag", "len", "cap", "append", "copy", "delete", "new", "make", "clear", "min", "max")
	goType        = wordSet("uint", "uint8", "uint16", "uint32", "uint64", "int", "int8", "int16", "int32", "int64", "float", "float32", "float64", "complex64", "complex128", "byte", "rune", "string", "bool", "error", "uintptr", "any")
	goOperators   = []string{"<<=", ">>=", "<<", ">>", "<=", ">=", "&^=", "&^", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "&&", "||", "<-", "++", "--", "==", "!=", ":=", "..."}
)

func wordSet(words ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		m[w] = true
	}
	return m
}

func (l *lexer) golang() bool {
	s := l.s
	for i := 0; i < len(s) && !l.bad; {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			return false
		case isSpace(c):
			j := l.run(i, isSpace)
			l.emit(chroma.TextWhitespace, i, j)
			i = j
		case c == '/' && l.at(i+1) == '/':
			end := len(s)
			if nl := strings.IndexByte(s[i:], '\n'); nl >= 0 {
				end = i + nl
			}
			if i+2 < len(s) && !isSpace(l.at(i+2)) {
				l.emit(chroma.CommentPreproc, i, end)
			} else {
				l.emit(chroma.CommentSingle, i, end)
			}
			i = end
		case c == '/' && l.at(i+1) == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 || strings.Contains(s[i+2:i+2+end+1], "*\\\n") {
				return false // unterminated, or a *\ newline / ending
			}
			l.emit(chroma.CommentMultiline, i, i+2+end+2)
			i += 2 + end + 2
		case c == '/' && l.at(i+1) == '\\':
			return false
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			i = l.goWord(i)
		case isDigit(c):
			i = l.goNumber(i)
		case c == '.' && isDigit(l.at(i+1)):
			i = l.goDotNumber(i)
		case c == '\'':
			j := l.goChar(i)
			if j < 0 {
				return false
			}
			l.emit(chroma.LiteralStringChar, i, j)
			i = j
		case c == '"':
			j := l.quoted(i)
			if j < 0 {
				return false
			}
			l.emit(chroma.LiteralString, i, j)
			i = j
		default:
			j := l.goOperator(i)
			if j > i {
				l.emit(chroma.Operator, i, j)
			} else if strings.IndexByte("|^<>=!()[]{}.,;:~", c) >= 0 {
				j = i + 1
				l.emit(chroma.Punctuation, i, j)
			} else {
				return false // a backquote, or what chroma marks as an error
			}
			i = j
		}
	}
	return true
}

// goWord lexes a word: a keyword, a builtin called, a type, a function
// name before its parenthesis, or another name.
func (l *lexer) goWord(i int) int {
	j := l.run(i, isWord)
	w := l.s[i:j]
	switch {
	case goNamespace[w]:
		l.emit(chroma.KeywordNamespace, i, j)
	case goDeclaration[w]:
		l.emit(chroma.KeywordDeclaration, i, j)
	case goKeyword[w]:
		l.emit(chroma.Keyword, i, j)
	case goConstant[w]:
		l.emit(chroma.KeywordConstant, i, j)
	case goBuiltin[w] && l.at(j) == '(':
		l.emit(chroma.NameBuiltin, i, j)
		l.emit(chroma.Punctuation, j, j+1)
		return j + 1
	case goType[w]:
		l.emit(chroma.KeywordType, i, j)
	default:
		if k := l.run(j, isSpace); l.at(k) == '(' { // ([a-zA-Z_]\w*)(\s*)(\()
			l.emit(chroma.NameFunction, i, j)
			l.emit(chroma.TextWhitespace, j, k)
			l.emit(chroma.Punctuation, k, k+1)
			return k + 1
		}
		l.emit(chroma.NameOther, i, j)
	}
	return j
}

// goExponent returns the end of [eE] sign digits at m (sign optional when
// optSign, else required), or -1.
func (l *lexer) goExponent(m int, optSign bool) int {
	if c := l.at(m); c != 'e' && c != 'E' {
		return -1
	}
	m++
	if c := l.at(m); c == '+' || c == '-' {
		m++
	} else if !optSign {
		return -1
	}
	if !isDigit(l.at(m)) {
		return -1
	}
	return l.run(m, isDigit)
}

// goNumber lexes the number rules that start with a digit, in order.
func (l *lexer) goNumber(i int) int {
	d := l.run(i, isDigit)
	emit := func(t chroma.TokenType, end int) int {
		l.emit(t, i, end)
		return end
	}
	if l.at(d) == 'i' { // \d+i
		return emit(chroma.LiteralNumber, d+1)
	}
	if l.at(d) == '.' { // \d+\.\d*([Ee][-+]\d+)?i
		f := l.run(d+1, isDigit)
		if e := l.goExponent(f, false); e > 0 && l.at(e) == 'i' {
			return emit(chroma.LiteralNumber, e+1)
		}
		if l.at(f) == 'i' {
			return emit(chroma.LiteralNumber, f+1)
		}
	}
	if e := l.goExponent(d, false); e > 0 && l.at(e) == 'i' { // \d+[Ee][-+]\d+i
		return emit(chroma.LiteralNumber, e+1)
	}
	if l.at(d) == '.' { // \d+(\.\d+[eE][+\-]?\d+|\.\d*|[eE][+\-]?\d+)
		f := l.run(d+1, isDigit)
		if f > d+1 {
			if e := l.goExponent(f, true); e > 0 {
				return emit(chroma.LiteralNumberFloat, e)
			}
		}
		return emit(chroma.LiteralNumberFloat, f)
	}
	if e := l.goExponent(d, true); e > 0 {
		return emit(chroma.LiteralNumberFloat, e)
	}
	isOct := func(c byte) bool { return c >= '0' && c <= '7' }
	isHexU := func(c byte) bool { return isHex(c) || c == '_' }
	isBinU := func(c byte) bool { return c == '0' || c == '1' || c == '_' }
	isDecU := func(c byte) bool { return isDigit(c) || c == '_' }
	if l.s[i] == '0' {
		switch c := l.at(i + 1); {
		case isOct(c): // 0[0-7]+
			return emit(chroma.LiteralNumberOct, l.run(i+1, isOct))
		case (c == 'x' || c == 'X') && isHexU(l.at(i+2)): // 0[xX][0-9a-fA-F_]+
			return emit(chroma.LiteralNumberHex, l.run(i+2, isHexU))
		case c == 'b' && isBinU(l.at(i+2)): // 0b[01_]+
			return emit(chroma.LiteralNumberBin, l.run(i+2, isBinU))
		}
		return emit(chroma.LiteralNumberInteger, i+1) // 0
	}
	return emit(chroma.LiteralNumberInteger, l.run(i+1, isDecU)) // [1-9][0-9_]*
}

// goDotNumber lexes \.\d+([Ee][-+]\d+)?i or \.\d+([eE][+\-]?\d+)? at i.
func (l *lexer) goDotNumber(i int) int {
	f := l.run(i+1, isDigit)
	if e := l.goExponent(f, false); e > 0 && l.at(e) == 'i' {
		l.emit(chroma.LiteralNumber, i, e+1)
		return e + 1
	}
	if l.at(f) == 'i' {
		l.emit(chroma.LiteralNumber, i, f+1)
		return f + 1
	}
	if e := l.goExponent(f, true); e > 0 {
		f = e
	}
	l.emit(chroma.LiteralNumberFloat, i, f)
	return f
}

// goChar returns the end of the character literal at i, or -1:
// '(\\['"\\abfnrtv]|\\x[0-9a-fA-F]{2}|\\[0-7]{1,3}|\\u[0-9a-fA-F]{4}|\\U[0-9a-fA-F]{8}|[^\\])'
func (l *lexer) goChar(i int) int {
	s, k := l.s, i+1
	if k >= len(s) {
		return -1
	}
	if s[k] != '\\' {
		_, size := utf8.DecodeRuneInString(s[k:])
		if k+size < len(s) && s[k+size] == '\'' {
			return k + size + 1
		}
		return -1
	}
	n := l.at(k + 1)
	if strings.IndexByte(`'"\abfnrtv`, n) >= 0 && l.at(k+2) == '\'' {
		return k + 3
	}
	hexes := func(from, count int) bool {
		for m := range count {
			if !isHex(l.at(from + m)) {
				return false
			}
		}
		return l.at(from+count) == '\''
	}
	if n == 'x' && hexes(k+2, 2) {
		return k + 5
	}
	octs := 0
	for octs < 3 && l.at(k+1+octs) >= '0' && l.at(k+1+octs) <= '7' {
		octs++
	}
	for m := octs; m >= 1; m-- {
		if l.at(k+1+m) == '\'' {
			return k + 1 + m + 1
		}
	}
	if n == 'u' && hexes(k+2, 4) {
		return k + 7
	}
	if n == 'U' && hexes(k+2, 8) {
		return k + 11
	}
	return -1
}

// goOperator returns the end of the operator at i, or i.
func (l *lexer) goOperator(i int) int {
	for _, op := range goOperators {
		if strings.HasPrefix(l.s[i:], op) {
			return i + len(op)
		}
	}
	if strings.IndexByte("+-*/%&", l.s[i]) >= 0 {
		return i + 1
	}
	return i
}
