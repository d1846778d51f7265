package protocol

import (
	"bytes"
	"unicode/utf8"

	"pairag.com/portal/protocol/jsonpos"
)

// Recovery from text that is not exactly one JSON object reports what it
// sees. Where the repair is certain and takes nothing of the payload (the
// lines of one Markdown fence) it is a fix; where it would delete text the
// creator wrote (prose before or after the object, an object closed too
// early by a stray brace) or choose between readings (two fenced payloads,
// two objects one after the other) it is a suggestion, never applied by
// itself.

// maxChoices bounds the suggestions of one finding that offers choices.
const maxChoices = 3

// suggestions holds the labels of suggestions in both languages.
var suggestions = map[string]struct{ en, zh string }{
	"remove-leading-text":  {"remove the text before the object", "删除对象前面的文字"},
	"remove-trailing-text": {"remove the text after the object", "删除对象后面的文字"},
	"remove-brace":         {"remove the } at line %d, column %d", "删除第 %d 行第 %d 列的 }"},
	"keep-value":           {"keep only JSON value %d of %d (line %d), remove the others", "只保留第 %d 个 JSON 值（共 %d 个，从第 %d 行开始），删除其余的值"},
	"keep-fence":           {"keep only the JSON of fenced block %d of %d (line %d), remove the rest", "只保留第 %d 个代码块（共 %d 个，从第 %d 行开始）中的 JSON，删除其余内容"},
	"remove-member":        {"remove %q with its value", "删除 %q 及其值"},
}

// previewContext is how many characters of context a preview shows on
// each side of an edit.
const previewContext = 30

// suggestion makes a suggestion with its label and its preview.
func (v *validation) suggestion(label string, edits []Fix, args ...any) Suggestion {
	l := suggestions[label]
	return Suggestion{Edits: edits, Preview: preview(v.text, edits),
		MessageEN: message(l.en, args...), MessageZH: message(l.zh, args...)}
}

// preview shows how the text around each edit reads after the edits:
// a little context before, the replacement, a little context after.
func preview(text []byte, edits []Fix) string {
	var b bytes.Buffer
	for i, e := range edits {
		if i > 0 {
			b.WriteString(" … ")
		}
		from := e.Start
		for n := 0; n < previewContext && from > 0; n++ {
			_, size := utf8.DecodeLastRune(text[:from])
			from -= size
		}
		if i > 0 && from < edits[i-1].End {
			from = edits[i-1].End
		}
		to := e.End
		for n := 0; n < previewContext && to < len(text); n++ {
			_, size := utf8.DecodeRune(text[to:])
			to += size
		}
		if i+1 < len(edits) && to > edits[i+1].Start {
			to = edits[i+1].Start
		}
		b.Write(text[from:e.Start])
		b.WriteString(clip(e.Replacement))
		b.Write(text[e.End:to])
	}
	return b.String()
}

// removeMemberSuggestion offers to remove the i-th member of obj, which a
// fix never does: the key and its value are the creator's.
func (v *validation) removeMemberSuggestion(obj *jsonpos.Node, i int) []Suggestion {
	return []Suggestion{v.suggestion("remove-member", []Fix{*removeMember(obj, i)}, clip(obj.Members[i].Key))}
}

// line returns the 1-based line of a byte offset.
func (v *validation) line(at int) int { return jsonpos.Positions(v.text, []int{at})[0].Line }

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
		if x < len(line) && isLetter(line[x]) {
			for x < len(line) && isWordByte(line[x]) {
				x++
			}
		}
		if hasText(line[x:]) {
			out = append(out, span{s, s + x})
		} else {
			out = append(out, span{s, end})
		}
		at = end
	}
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// hasText reports whether text holds anything but white space.
func hasText(text []byte) bool { return len(bytes.TrimSpace(text)) > 0 }

// fenced handles a payload inside Markdown fences, given the fence lines
// (the first opens before the JSON). With one fenced block holding JSON,
// the fence lines are removed by fixes and text around the block gets a
// suggestion; with several, input-several-fences offers each as a choice
// and the first is judged. It returns the span of the JSON to read.
func (v *validation) fenced(start int, fences []span) (from, to int) {
	text := v.text
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
			edits := []Fix{{Start: 0, End: b.body.start}, {Start: b.body.end, End: len(text)}}
			choices = append(choices, v.suggestion("keep-fence", edits, i+1, len(payloads), v.line(b.body.start)))
		}
		first := payloads[0].open.start
		v.reportSuggest("input-several-fences", first, first+3, choices, len(payloads))
		return payloads[0].body.start, payloads[0].body.end
	}
	b := payloads[0]
	if hasText(text[start:b.open.start]) {
		v.reportSuggest("json-leading-text", start, b.open.start,
			[]Suggestion{v.suggestion("remove-leading-text", []Fix{{Start: start, End: b.open.start}})})
	}
	v.report("input-markdown-fence", "", b.open.start, b.open.start+3, &Fix{Start: b.open.start, End: b.open.end})
	if b.closed {
		v.report("input-markdown-fence", "", b.close.start, b.close.start+3, &Fix{Start: b.close.start, End: b.close.end})
		if hasText(text[b.close.end:]) {
			v.reportSuggest("json-trailing-text", b.close.end, len(text),
				[]Suggestion{v.suggestion("remove-trailing-text", []Fix{{Start: b.close.end, End: len(text)}})})
		}
	}
	return b.body.start, b.body.end
}

// reportSuggest records a finding at the top level that offers
// suggestions instead of a fix.
func (v *validation) reportSuggest(code string, start, end int, choices []Suggestion, args ...any) {
	v.reportWith(code, "", start, end, choices, args...)
}

// reportWith records a finding that offers suggestions instead of a fix.
func (v *validation) reportWith(code, ptr string, start, end int, choices []Suggestion, args ...any) {
	v.report(code, ptr, start, end, nil, args...)
	if n := len(v.found); n > 0 && v.found[n-1].code == code && v.found[n-1].start == start {
		v.found[n-1].suggest = choices
	}
}

// trailing handles text after the top-level value (at offset from, up to
// end, the end of what was read): more values one after the other, an
// object closed too early by a stray }, or other text.
func (v *validation) trailing(root *jsonpos.Node, start, from, end int) {
	rest := bytes.TrimLeft(v.text[from:end], " \t\r\n")
	switch {
	case len(rest) > 0 && rest[0] == ',' && root.Kind == '{' && v.closedEarly(root, start, end):
		return
	case len(rest) > 0 && (rest[0] == '{' || rest[0] == '[' || rest[0] == ',') && v.severalValues(root, start, from, end):
		return
	}
	v.reportSuggest("json-trailing-text", from, end,
		[]Suggestion{v.suggestion("remove-trailing-text", []Fix{{Start: from, End: end}})})
}

// severalValues reports JSON values one after the other (separated by
// white space or a comma) with a choice of which one to keep; the first is
// the one judged. It reports false when what follows the first value does
// not read as JSON values to the end.
func (v *validation) severalValues(root *jsonpos.Node, start, from, end int) bool {
	values := []span{{root.Start, root.End}}
	for at := from; at < end; {
		at += len(v.text[at:end]) - len(bytes.TrimLeft(v.text[at:end], " \t\r\n"))
		if at < end && v.text[at] == ',' {
			at++
		}
		n, issues := jsonpos.Parse(v.text[:end], at, v.doc.Limits.MaxDepth)
		if n == nil || n.Kind != '{' && n.Kind != '[' {
			return false
		}
		values = append(values, span{n.Start, n.End})
		at = end
		for _, is := range issues {
			if is.Code == "json-trailing-text" {
				at = is.Start
			}
		}
	}
	var choices []Suggestion
	for i, val := range values[:min(len(values), maxChoices)] {
		var edits []Fix
		if val.start > start {
			edits = append(edits, Fix{Start: start, End: val.start})
		}
		if val.end < end {
			edits = append(edits, Fix{Start: val.end, End: end})
		}
		choices = append(choices, v.suggestion("keep-value", edits, i+1, len(values), v.line(val.start)))
	}
	v.reportSuggest("json-several-values", values[1].start, values[1].start+1, choices, len(values))
	return true
}

// closedEarly reports an object whose members go on after its closing
// brace: a } too many. It offers to remove each brace among the last ones
// closed whose removal makes the whole text one value, and reports false
// when none does.
func (v *validation) closedEarly(root *jsonpos.Node, start, end int) bool {
	var choices []Suggestion
	prev, trials := -1, 0
	for n := root; n != nil && len(choices) < maxChoices && trials < maxChoices+1; n = lastChild(n) {
		at := n.End - 1
		if n.Kind != '{' || (prev >= 0 && onlyClosers(v.text[at:prev])) {
			continue // removing this brace reads the same as removing the one before
		}
		prev = at
		trials++
		trial := make([]byte, 0, end-1)
		trial = append(append(trial, v.text[:at]...), v.text[at+1:end]...)
		if t, issues := jsonpos.Parse(trial, start, v.doc.Limits.MaxDepth); t != nil && !hasIssue(issues, "json-trailing-text") {
			p := jsonpos.Positions(v.text, []int{at})[0]
			choices = append(choices, v.suggestion("remove-brace", []Fix{{Start: at, End: at + 1}}, p.Line, p.Column))
		}
	}
	if len(choices) == 0 {
		return false
	}
	v.reportSuggest("json-closed-early", root.End-1, root.End, choices)
	return true
}

// lastChild returns the last value directly inside an object or array.
func lastChild(n *jsonpos.Node) *jsonpos.Node {
	switch {
	case n.Kind == '{' && len(n.Members) > 0:
		return n.Members[len(n.Members)-1].Val
	case n.Kind == '[' && len(n.Items) > 0:
		return n.Items[len(n.Items)-1]
	}
	return nil
}

// onlyClosers reports whether b holds only closing braces and white space.
func onlyClosers(b []byte) bool {
	return len(bytes.Trim(b, "} \t\r\n")) == 0
}

func hasIssue(issues []jsonpos.Issue, code string) bool {
	for _, is := range issues {
		if is.Code == code {
			return true
		}
	}
	return false
}
