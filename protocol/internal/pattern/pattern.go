// Package pattern matches the field patterns of the protocol document (see
// [Pattern]) without regexp, which would add about 93 KB (brotli) to the
// WebAssembly module for the one pattern the document has.
package pattern

import (
	"strings"
	"unicode/utf8"

	"pairag.com/portal/protocol/internal/format"
)

// Pattern is a compiled field pattern of the protocol document. It follows ECMA-262 with the u flag, the dialect of JSON
// Schema's "pattern" and of Ajv (the schema's consumers), on the subset
// field patterns need: literals, the escapes of syntax characters, ., character
// classes with ranges and negation, \d \w \s and their negations, groups
// with |, the quantifiers ? * + {m} {m,} {m,n}, and ^ $ at the ends;
// Compile refuses anything else (and so Document.check does), and so anything ECMA-262 and RE2
// read differently ([] and [^]). Where the two dialects define a class
// differently, ECMA-262 holds: \s is every Unicode space separator, the
// ASCII spaces with \v, U+FEFF and the line terminators U+2028 and
// U+2029 (RE2: [\t\n\f\r ] only), and . matches anything but a line
// terminator (\n, \r, U+2028, U+2029; RE2: anything but \n). Matching
// simulates the automaton on a set of states, so it is linear in the
// input whatever the pattern.
type Pattern struct {
	states  []pstate
	start   int
	anchorL bool // ^: match from the first character only
	anchorR bool // $: match must end at the last character
}

// pstate is one state of the automaton: a character test moving to next,
// or (when split) an empty move to next and alt.
type pstate struct {
	test  func(rune) bool // nil for split and match states
	next  int
	alt   int // second empty move of a split, or -1
	match bool
}

// Compile parses a pattern of the supported subset.
func Compile(src string) (*Pattern, error) {
	p := &Pattern{}
	s := src
	if len(s) > 0 && s[0] == '^' {
		p.anchorL, s = true, s[1:]
	}
	if len(s) > 0 && s[len(s)-1] == '$' && (len(s) < 2 || s[len(s)-2] != '\\') {
		p.anchorR, s = true, s[:len(s)-1]
	}
	c := &pparser{src: s}
	alts, err := c.alternatives()
	if err == nil && c.pos < len(c.src) {
		err = format.Errorf("unexpected %q at %d", c.src[c.pos], c.pos)
	}
	if err == nil && len(alts) > 1 && (p.anchorL || p.anchorR) {
		err = format.Errorf("^ or $ with a top-level |: write ^(a|b)$")
	}
	if err != nil {
		return nil, format.Errorf("pattern %q: %w", src, err)
	}
	match := p.add(pstate{match: true, alt: -1})
	p.start = p.compileGroup(alts, match)
	return p, nil
}

// patom is a parsed atom: one character test, or a group of alternatives.
type patom struct {
	test func(rune) bool
	alts [][]ppiece
}

// ppiece is an atom with its repetition; hi -1 means unbounded.
type ppiece struct {
	atom   patom
	lo, hi int
}

// compileGroup builds the automaton for alternatives back to front,
// continuing with then, and returns the state to start from.
func (p *Pattern) compileGroup(alts [][]ppiece, then int) int {
	start := p.compileSeq(alts[0], then)
	for _, seq := range alts[1:] {
		start = p.add(pstate{next: start, alt: p.compileSeq(seq, then)})
	}
	return start
}

func (p *Pattern) compileSeq(seq []ppiece, then int) int {
	for i := len(seq) - 1; i >= 0; i-- {
		then = p.compilePiece(seq[i], then)
	}
	return then
}

func (p *Pattern) compilePiece(pc ppiece, then int) int {
	next := then
	if pc.hi < 0 { // a loop after lo copies
		loop := p.add(pstate{next: -1, alt: then})
		p.states[loop].next = p.compileAtom(pc.atom, loop)
		next = loop
	} else {
		for range pc.hi - pc.lo { // optional copies
			next = p.add(pstate{next: p.compileAtom(pc.atom, next), alt: next})
		}
	}
	for range pc.lo {
		next = p.compileAtom(pc.atom, next)
	}
	return next
}

func (p *Pattern) compileAtom(a patom, then int) int {
	if a.test != nil {
		return p.add(pstate{test: a.test, next: then, alt: -1})
	}
	return p.compileGroup(a.alts, then)
}

// pparser reads the pattern subset into atoms and pieces.
type pparser struct {
	src string
	pos int
}

func (c *pparser) alternatives() ([][]ppiece, error) {
	var alts [][]ppiece
	for {
		var seq []ppiece
		for c.pos < len(c.src) && c.src[c.pos] != '|' && c.src[c.pos] != ')' {
			a, err := c.atom()
			if err != nil {
				return nil, err
			}
			lo, hi, err := c.quantifier()
			if err != nil {
				return nil, err
			}
			seq = append(seq, ppiece{a, lo, hi})
		}
		alts = append(alts, seq)
		if c.pos >= len(c.src) || c.src[c.pos] != '|' {
			return alts, nil
		}
		c.pos++
	}
}

func (p *Pattern) add(s pstate) int {
	p.states = append(p.states, s)
	return len(p.states) - 1
}

// MatchString reports whether s matches, with JSON Schema's semantics: an
// unanchored pattern may match anywhere in s.
func (p *Pattern) MatchString(s string) bool {
	// Both sets in one allocation of each kind: a state enters a set at
	// most once, so the lists never outgrow their halves.
	n := len(p.states)
	has, list := make([]bool, 2*n), make([]int, 0, 2*n)
	cur := &stateSet{has: has[:n:n], list: list[:0:n]}
	next := &stateSet{has: has[n:], list: list[n : n : 2*n]}
	p.addState(cur, p.start)
	if p.accepts(cur, true) && (!p.anchorR || s == "") {
		return true
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		next.clear()
		for _, st := range cur.list {
			if t := p.states[st].test; t != nil && t(r) {
				p.addState(next, p.states[st].next)
			}
		}
		if !p.anchorL {
			p.addState(next, p.start)
		}
		cur, next = next, cur
		if p.accepts(cur, i == len(s)) {
			return true
		}
	}
	return false
}

// accepts reports whether a match state is in the set and may end here.
func (p *Pattern) accepts(set *stateSet, atEnd bool) bool {
	if p.anchorR && !atEnd {
		return false
	}
	for _, st := range set.list {
		if p.states[st].match {
			return true
		}
	}
	return false
}

// addState adds a state and everything reachable from it by empty moves.
func (p *Pattern) addState(set *stateSet, st int) {
	if st < 0 || set.has[st] {
		return
	}
	set.has[st] = true
	set.list = append(set.list, st)
	s := p.states[st]
	if s.test == nil && !s.match {
		p.addState(set, s.next)
		p.addState(set, s.alt)
	}
}

type stateSet struct {
	has  []bool
	list []int
}

func (s *stateSet) clear() {
	for _, st := range s.list {
		s.has[st] = false
	}
	s.list = s.list[:0]
}

// quantifier reads ?, *, +, {m}, {m,} or {m,n}; hi -1 means unbounded.
func (c *pparser) quantifier() (lo, hi int, err error) {
	if c.pos >= len(c.src) {
		return 1, 1, nil
	}
	switch c.src[c.pos] {
	case '?':
		c.pos++
		return 0, 1, nil
	case '*':
		c.pos++
		return 0, -1, nil
	case '+':
		c.pos++
		return 1, -1, nil
	case '{':
		end := c.pos + 1
		for end < len(c.src) && c.src[end] != '}' {
			end++
		}
		if end >= len(c.src) {
			return 0, 0, format.Errorf("unclosed {")
		}
		body := c.src[c.pos+1 : end]
		c.pos = end + 1
		a, b, comma := cutByte(body, ',')
		var ok bool
		if lo, ok = format.Atoi(a); !ok {
			return 0, 0, format.Errorf("bad repetition {%s}", body)
		}
		hi = lo
		if comma {
			hi = -1
			if b != "" {
				if hi, ok = format.Atoi(b); !ok || hi < lo {
					return 0, 0, format.Errorf("bad repetition {%s}", body)
				}
			}
		}
		if lo > 100 || hi > 100 {
			return 0, 0, format.Errorf("repetition {%s} above 100", body)
		}
		return lo, hi, nil
	}
	return 1, 1, nil
}

func cutByte(s string, sep byte) (before, after string, found bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == sep {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// atom reads a literal, class, escape, . or group.
func (c *pparser) atom() (patom, error) {
	if c.pos >= len(c.src) {
		return patom{}, format.Errorf("missing atom at end")
	}
	switch ch := c.src[c.pos]; ch {
	case '(':
		c.pos++
		if c.pos+1 < len(c.src) && c.src[c.pos] == '?' && c.src[c.pos+1] == ':' {
			c.pos += 2
		}
		alts, err := c.alternatives()
		if err != nil {
			return patom{}, err
		}
		if c.pos >= len(c.src) || c.src[c.pos] != ')' {
			return patom{}, format.Errorf("unclosed (")
		}
		c.pos++
		return patom{alts: alts}, nil
	case '[':
		test, err := c.class()
		return patom{test: test}, err
	case '.':
		c.pos++
		return patom{test: func(r rune) bool { return !isLineTerminator(r) }}, nil
	case '\\':
		test, err := c.escape()
		return patom{test: test}, err
	case '*', '+', '?', '{', '}', ')', '|', '^', '$', ']':
		return patom{}, format.Errorf("unsupported %q at %d", ch, c.pos)
	}
	r, size := utf8.DecodeRuneInString(c.src[c.pos:])
	c.pos += size
	return patom{test: func(x rune) bool { return x == r }}, nil
}

// escape reads \d, \w, \s (and their negations) or an escaped character.
func (c *pparser) escape() (func(rune) bool, error) {
	if c.pos+1 >= len(c.src) {
		return nil, format.Errorf("trailing backslash")
	}
	e := c.src[c.pos+1]
	c.pos += 2
	switch e {
	case 'd':
		return isDigit, nil
	case 'D':
		return func(r rune) bool { return !isDigit(r) }, nil
	case 'w':
		return isWord, nil
	case 'W':
		return func(r rune) bool { return !isWord(r) }, nil
	case 's':
		return isSpace, nil
	case 'S':
		return func(r rune) bool { return !isSpace(r) }, nil
	}
	if !isSyntaxChar(e) {
		return nil, format.Errorf("unsupported escape \\%c: ECMA-262 (u flag) escapes only ^$\\.*+?()[]{}|/ this way", e)
	}
	r := rune(e)
	return func(x rune) bool { return x == r }, nil
}

// isSyntaxChar reports the characters ECMA-262 lets a backslash escape
// in a pattern with the u flag (in a class, - as well).
func isSyntaxChar(c byte) bool {
	switch c {
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/':
		return true
	}
	return false
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }
func isWord(r rune) bool {
	return isDigit(r) || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}

// isSpace is ECMA-262's \s: WhiteSpace (tab, \v, \f, space, U+00A0,
// U+FEFF and the Unicode space separators, category Zs) and
// LineTerminator (\n, \r, U+2028, U+2029).
func isSpace(r rune) bool {
	switch {
	case r == ' ' || r >= '\t' && r <= '\r': // \t \n \v \f \r
		return true
	case r < 0xa0:
		return false
	}
	switch r {
	case 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// isLineTerminator is ECMA-262's LineTerminator, which . does not match.
func isLineTerminator(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029
}

// class reads [...] with ranges, escapes and a leading ^.
func (c *pparser) class() (func(rune) bool, error) {
	c.pos++
	negate := false
	if c.pos < len(c.src) && c.src[c.pos] == '^' {
		negate, c.pos = true, c.pos+1
	}
	type span struct{ lo, hi rune }
	var spans []span
	var tests []func(rune) bool
	if c.pos < len(c.src) && c.src[c.pos] == ']' {
		// ECMA-262: [] matches nothing and [^] anything; RE2 reads a ]
		// there as a member.
		return nil, format.Errorf("empty class []: ECMA-262 and RE2 read it differently")
	}
	for {
		if c.pos >= len(c.src) {
			return nil, format.Errorf("unclosed [")
		}
		if c.src[c.pos] == ']' {
			c.pos++
			break
		}
		var lo rune
		if c.src[c.pos] == '\\' {
			e := c.pos + 1
			if e < len(c.src) && strings.IndexByte("dwsDWS", c.src[e]) >= 0 {
				t, err := c.escape()
				if err != nil {
					return nil, err
				}
				if c.pos+1 < len(c.src) && c.src[c.pos] == '-' && c.src[c.pos+1] != ']' {
					return nil, format.Errorf("class escape as a range end: ECMA-262 (u flag) refuses it")
				}
				tests = append(tests, t)
				continue
			}
			if e >= len(c.src) {
				return nil, format.Errorf("trailing backslash")
			}
			if !isSyntaxChar(c.src[e]) && c.src[e] != '-' {
				return nil, format.Errorf("unsupported escape \\%c in a class", c.src[e])
			}
			lo, c.pos = rune(c.src[e]), c.pos+2
		} else {
			r, size := utf8.DecodeRuneInString(c.src[c.pos:])
			lo, c.pos = r, c.pos+size
		}
		hi := lo
		if c.pos+1 < len(c.src) && c.src[c.pos] == '-' && c.src[c.pos+1] != ']' {
			r, size := utf8.DecodeRuneInString(c.src[c.pos+1:])
			if r == '\\' {
				return nil, format.Errorf("escape as a range end is not supported")
			}
			hi, c.pos = r, c.pos+1+size
			if hi < lo {
				return nil, format.Errorf("bad range %c-%c", lo, hi)
			}
		}
		spans = append(spans, span{lo, hi})
	}
	return func(r rune) bool {
		in := false
		for _, s := range spans {
			if r >= s.lo && r <= s.hi {
				in = true
				break
			}
		}
		for _, t := range tests {
			if !in && t(r) {
				in = true
			}
		}
		return in != negate
	}, nil
}

// Must compiles a pattern written in the protocol's own code; it panics
// on an error, a defect that every test run shows.
func Must(src string) *Pattern {
	p, err := Compile(src)
	if err != nil {
		panic(err)
	}
	return p
}
