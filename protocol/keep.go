package protocol

import (
	"bytes"

	"pairag.com/portal/internal/textedit"
	"pairag.com/portal/protocol/internal/format"
	"pairag.com/portal/protocol/jsonpos"
	"pairag.com/portal/protocol/recovery"
)

// The fixer only mends: a fix replaces one value it names, or deletes
// bytes that carry nothing of the payload (a comment, a comma, a byte order
// mark, a fence line). checkKept proves it for every set of fixes before
// they are applied, independently of how the findings were made: the
// strings, numbers, literals and brackets of the text, read by a lexer that
// knows nothing of the protocol, must all come through, in order, except
// the values the fixes replace.

// FixRefusal is the error of FixAll when the fixes would
// change more than the bytes they name; the text is then left as it was.
// Line and Column (1-based, columns in characters) locate what would have
// been lost; EN and ZH say what, without the position.
type FixRefusal struct {
	Line, Column int
	EN, ZH       string
}

// Error returns the refusal in English, with its position.
func (e *FixRefusal) Error() string { return e.Message("en") }

// Message returns the refusal with its position, in the language asked
// for (en or zh-CN): what the page shows, where no file name precedes it.
func (e *FixRefusal) Message(lang string) string {
	if lang == "zh-CN" {
		return format.Sprintf("第 %d 行第 %d 列：%s", e.Line, e.Column, e.ZH)
	}
	return format.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.EN)
}

// Reason returns the refusal without its position, in the language asked
// for: what the CLI prints after file:line:col.
func (e *FixRefusal) Reason(lang string) string {
	if lang == "zh-CN" {
		return e.ZH
	}
	return e.EN
}

// lexeme is the byte span of one string, number, literal or bracket.
type lexeme struct{ start, end int }

// lexTokens appends the tokens of text to dst. It skips comments and every
// other byte (prose, commas, colons, white space), and ends a string at its
// closing quote or at the end of its line, as no JSON string spans lines.
func lexTokens(dst []lexeme, text []byte) []lexeme {
	for i := 0; i < len(text); {
		c := text[i]
		j := i + 1
		switch {
		case c == '"':
			for j < len(text) && text[j] != '"' && !isLineEnd(text[j]) {
				if text[j] == '\\' && j+1 < len(text) && !isLineEnd(text[j+1]) {
					j++
				}
				j++
			}
			if j < len(text) && text[j] == '"' {
				j++
			}
			dst = append(dst, lexeme{i, j})
		case c == '/' && j < len(text) && text[j] == '/':
			for j < len(text) && !isLineEnd(text[j]) { // a line ends at LF, CRLF or CR, as for the engine
				j++
			}
		case c == '/' && j < len(text) && text[j] == '*':
			if k := bytes.Index(text[j+1:], []byte("*/")); k >= 0 {
				j += 1 + k + 2
			} else {
				j = len(text)
			}
		case c == '{' || c == '}' || c == '[' || c == ']':
			dst = append(dst, lexeme{i, j})
		case c == '-' || c >= '0' && c <= '9':
			for j < len(text) && bytes.IndexByte([]byte("0123456789.eE+-"), text[j]) >= 0 {
				j++
			}
			dst = append(dst, lexeme{i, j})
		case isWordByte(c):
			for j < len(text) && isWordByte(text[j]) {
				j++
			}
			if w := string(text[i:j]); w == "true" || w == "false" || w == "null" {
				dst = append(dst, lexeme{i, j})
			}
		}
		i = j
	}
	return dst
}

// isValue reports whether a lexeme starting with c is a value (a string,
// number or literal), not a bracket.
func isValue(c byte) bool { return c != '{' && c != '}' && c != '[' && c != ']' }

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// appliedEdits sorts edits and drops those textedit.Apply would skip (out
// of range, or overlapping one before), so the check sees exactly what is
// applied.
func appliedEdits(text []byte, edits []textedit.Edit) []textedit.Edit {
	textedit.Sort(edits)
	out := edits[:0]
	pos := 0
	for _, e := range edits {
		if e.Start < pos || e.End < e.Start || e.End > len(text) {
			continue
		}
		out = append(out, e)
		pos = e.End
	}
	return out
}

// checkKept reports, as a *FixRefusal, the first token of before that
// after does not keep: one inside an edit that is not exactly the value the
// edit replaces, or one the edits would change outside their spans. edits
// are sorted and do not overlap (appliedEdits).
//
// Prose before the JSON (before its first { where the engine reads it, as
// package recovery finds it, or the first edit when that comes sooner) is
// compared byte for byte rather than lexed: a quote in "Here is the
// "JSON":" starts no string.
//
// When an edit falls in that prose (a byte order mark, a fence line), the
// prose and the JSON are lexed apart, so that a quote in the prose cannot
// open a string that swallows the JSON's first bytes.
func checkKept(before, after []byte, edits []textedit.Edit) error {
	p := recovery.LeadingProse(before, 0)
	k := p
	if len(edits) > 0 {
		k = min(k, edits[0].Start)
	}
	if len(after) < k || !bytes.Equal(before[:k], after[:k]) {
		return refusal(before, 0, "changed", string(before[:k]))
	}
	q := shifted(p, edits)
	if q < 0 {
		p = -1
	}
	old := lexSplit(before, k, p)
	got := lexSplit(after, k, q)
	i, j := 0, 0 // next token of old and of got
	kept := func(src []byte, t lexeme) bool {
		if j >= len(got) || !bytes.Equal(src[t.start:t.end], after[got[j].start:got[j].end]) {
			return false
		}
		j++
		return true
	}
	var repl []lexeme
	for _, e := range edits {
		for ; i < len(old) && old[i].end <= e.Start; i++ {
			if !kept(before, old[i]) {
				return refusal(before, old[i].start, "changed", string(before[old[i].start:old[i].end]))
			}
		}
		repl = lexTokens(repl[:0], []byte(e.New))
		if i < len(old) && old[i].start < e.End {
			if old[i].start != e.Start || old[i].end != e.End || !isValue(before[e.Start]) || len(repl) != 1 || !isValue(e.New[0]) {
				return refusal(before, old[i].start, "removed", string(before[old[i].start:old[i].end]))
			}
			i++ // the one value this edit replaces
		} else if len(repl) > 0 {
			return refusal(before, e.Start, "changed", e.New) // adds a value where it replaces none
		}
		for _, r := range repl {
			if !kept([]byte(e.New), r) {
				return refusal(before, e.Start, "changed", e.New)
			}
		}
	}
	for ; i < len(old); i++ {
		if !kept(before, old[i]) {
			return refusal(before, old[i].start, "changed", string(before[old[i].start:old[i].end]))
		}
	}
	if j != len(got) {
		return refusal(before, len(before), "changed", string(after[got[j].start:got[j].end]))
	}
	return nil
}

func isLineEnd(c byte) bool { return c == '\n' || c == '\r' }

// lexSplit lexes text from offset k on, with offsets into text, as two
// texts split at p (no token spans p); p <= k, or p < 0, lexes one text.
func lexSplit(text []byte, k, p int) []lexeme {
	if p <= k || p > len(text) {
		return lexRange(nil, text, k, len(text))
	}
	return lexRange(lexRange(nil, text, k, p), text, p, len(text))
}

// lexRange appends the tokens of text[from:to] to dst, with offsets into text.
func lexRange(dst []lexeme, text []byte, from, to int) []lexeme {
	n := len(dst)
	dst = lexTokens(dst, text[from:to])
	for i := n; i < len(dst); i++ {
		dst[i].start += from
		dst[i].end += from
	}
	return dst
}

// shifted maps offset p of the text before edits to the text after them,
// or returns -1 when an edit spans p (the texts are then not split).
func shifted(p int, edits []textedit.Edit) int {
	q := p
	for _, e := range edits {
		if e.Start >= p {
			break
		}
		if e.End > p {
			return -1
		}
		q += len(e.New) - (e.End - e.Start)
	}
	return q
}

// refusal writes the error for a token the fixes would not keep.
func refusal(text []byte, at int, how, what string) error {
	p := jsonpos.Positions(text, []int{at})[0]
	what = clip(what)
	if how == "removed" {
		return &FixRefusal{p.Line, p.Column,
			format.Sprintf("the fixes would remove %s, which no fix names; nothing was changed", what),
			format.Sprintf("这些修复会删除不在修复范围内的 %s，因此未做任何修改", what)}
	}
	return &FixRefusal{p.Line, p.Column,
		format.Sprintf("the fixes would change the text outside their spans (at %s); nothing was changed", what),
		format.Sprintf("这些修复会改动修复范围以外的内容（%s 处），因此未做任何修改", what)}
}
