package recovery

import (
	"bytes"

	"pairag.com/portal/internal/textedit"

	"pairag.com/portal/protocol/jsonpos"
)

// span is a byte range [start, end) of the text.
type span struct{ start, end int }

// lineBreak returns the offset of the first CR or LF of text, or -1. The
// CR is looked for only before the first LF, so the search stays linear
// over all the lines; IndexByte is a tight loop in WebAssembly, where
// IndexAny tests a set per byte.
func lineBreak(text []byte) int {
	lf := bytes.IndexByte(text, '\n')
	head := text
	if lf >= 0 {
		head = text[:lf]
	}
	if cr := bytes.IndexByte(head, '\r'); cr >= 0 {
		return cr
	}
	return lf
}

// indexFence is bytes.Index(text, "```"), found by its first backtick:
// in WebAssembly bytes.Index has no assembly, and the single backticks of
// Markdown inline code in a payload's text sent it to its Rabin-Karp loop
// over the whole rest of the text (7% of validating a 20-stage payload).
func indexFence(text []byte) int {
	for at := 0; ; {
		i := bytes.IndexByte(text[at:], '`')
		if i < 0 {
			return -1
		}
		at += i
		if at+3 <= len(text) && text[at+1] == '`' && text[at+2] == '`' {
			return at
		}
		at++
	}
}

// fenceLines returns the Markdown fences of text[from:]: lines whose first
// characters, after at most three spaces, are ```. A JSON string cannot
// span lines, so a fence is never inside one, while a ``` in the Markdown
// of a string value is. A span covers the indent, the backticks and an
// info string of letters and digits (json); when only white space follows
// on the line, it ends after the line break, else where the rest begins
// (```json{ keeps its brace).
func fenceLines(text []byte, from int) []span {
	var out []span
	// Only a line holding ``` can be a fence: jump from one to the next
	// rather than looking at every line (a 20-stage payload has a
	// thousand lines and, as a rule, no backticks at all).
	for at := from; at < len(text); {
		i := indexFence(text[at:])
		if i < 0 {
			break
		}
		p := at + i
		s := p // the start of the line, past at most three spaces
		for s > from && p-s < 3 && text[s-1] == ' ' {
			s--
		}
		if s > from && text[s-1] != '\n' && text[s-1] != '\r' {
			at = p + 3 // not at the start of its line
			continue
		}
		end := len(text)
		if nl := lineBreak(text[p:]); nl >= 0 { // lines end at LF, CRLF or CR
			end = p + nl + 1
			if text[end-1] == '\r' && end < len(text) && text[end] == '\n' {
				end++
			}
		}
		line := text[s:end]
		x := p - s + 3
		for x < len(line) && line[x] == '`' {
			x++
		}
		x = infoEnd(line, x)
		if hasText(line[x:]) {
			out = append(out, span{s, s + x})
		} else {
			out = append(out, span{s, end})
		}
		at = end
	}
	return out
}

// infoEnd returns where the info string of a fence line (json, js) ends,
// given x just past its backticks: after a word that starts with a letter,
// or at x when there is none. A word that is a JSON literal (```true) is no
// info string: it may be the payload itself, and the fix that removes the
// fence must not take it (the fixer's check, protocol's checkKept, refuses
// a fix that removes a value).
func infoEnd(line []byte, x int) int {
	if x >= len(line) || !isLetter(line[x]) {
		return x
	}
	w := x
	for w < len(line) && isWordByte(line[w]) {
		w++
	}
	switch string(line[x:w]) {
	case "true", "false", "null":
		return x
	}
	return w
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// fenced handles a payload inside Markdown fences, given the fence lines
// (the first opens before the JSON). With one fenced block holding JSON,
// the fence lines are removed by fixes and text around the block gets a
// suggestion; with several, input-several-fences offers each as a choice
// and the first is judged. It returns the span of the JSON to read.
func fenced(text []byte, start int, fences []span, report Report) (from, to int) {
	type block struct {
		open, close span
		closed      bool
		body        span
	}
	var blocks, payloads []block
	for i := 0; i < len(fences); i += 2 {
		b := block{open: fences[i], body: span{fences[i].end, len(text)}}
		if i+1 < len(fences) {
			b.close, b.closed, b.body.end = fences[i+1], true, fences[i+1].start
		}
		blocks = append(blocks, b)
		if bytes.IndexByte(text[b.body.start:b.body.end], '{') >= 0 {
			payloads = append(payloads, b)
		}
	}
	if len(payloads) == 0 {
		payloads = blocks[:1]
	}
	if len(payloads) > 1 {
		var choices []Suggestion
		for i, b := range payloads[:min(len(payloads), maxChoices)] {
			edits := removals(span{0, b.body.start}, span{b.body.end, len(text)})
			choices = append(choices, keepFence.suggest(edits, i+1, len(payloads), line(text, b.body.start)))
		}
		first := payloads[0].open.start
		report("input-several-fences", first, first+3, nil, choices, len(payloads))
		return payloads[0].body.start, payloads[0].body.end
	}
	b := payloads[0]
	if hasText(text[start:b.open.start]) {
		report("json-leading-text", start, b.open.start, nil, removal(removeLeadingText, start, b.open.start))
	}
	fenceLine(b.open, report)
	if b.closed {
		fenceLine(b.close, report)
		if hasText(text[b.close.end:]) {
			report("json-trailing-text", b.close.end, len(text), nil, removal(removeTrailingText, b.close.end, len(text)))
		}
	}
	return b.body.start, b.body.end
}

// fenceLine reports one fence line, removed by its fix.
func fenceLine(s span, report Report) {
	report("input-markdown-fence", s.start, s.start+3, &textedit.Edit{Start: s.start, End: s.end}, nil)
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// line returns the 1-based line of a byte offset.
func line(text []byte, at int) int { return jsonpos.Positions(text, []int{at})[0].Line }
