package recovery

import (
	"bytes"

	"pairag.com/portal/internal/textedit"

	"pairag.com/portal/protocol/jsonpos"
)

// Trailing reports what the text after the top-level object root is (from
// offset from up to end, the end of what was read; the object starts at
// or after start, and maxDepth bounds the nesting of what is read again):
// more values one after the other, an object closed too early by a stray
// }, or other text.
func Trailing(text []byte, root *jsonpos.Node, start, from, end, maxDepth int, report Report) {
	rest := bytes.TrimLeft(text[from:end], " \t\r\n")
	switch {
	case len(rest) > 0 && rest[0] == ',' && root.Kind == '{' && closedEarly(text, root, start, end, maxDepth, report):
		return
	case len(rest) > 0 && (rest[0] == '{' || rest[0] == '[' || rest[0] == ',') && severalValues(text, root, start, from, end, maxDepth, report):
		return
	}
	report("json-trailing-text", from, end, nil, removal(removeTrailingText, from, end))
}

// severalValues reports JSON values one after the other (separated by
// white space or a comma) with a choice of which one to keep; the first is
// the one judged. It returns false when what follows the first value does
// not read as JSON values to the end.
func severalValues(text []byte, root *jsonpos.Node, start, from, end, maxDepth int, report Report) bool {
	values := []span{{root.Start, root.End}}
	for at := from; at < end; {
		at += len(text[at:end]) - len(bytes.TrimLeft(text[at:end], " \t\r\n"))
		if at < end && text[at] == ',' {
			at++
		}
		n, issues := jsonpos.Parse(text[:end], at, maxDepth)
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
		var edits []textedit.Edit
		if val.start > start {
			edits = append(edits, textedit.Edit{Start: start, End: val.start})
		}
		if val.end < end {
			edits = append(edits, textedit.Edit{Start: val.end, End: end})
		}
		choices = append(choices, keepValue.suggest(edits, i+1, len(values), line(text, val.start)))
	}
	report("json-several-values", values[1].start, values[1].start+1, nil, choices, len(values))
	return true
}

// closedEarly reports an object whose members go on after its closing
// brace: a } too many. It offers to remove each brace among the last ones
// closed whose removal makes the whole text one value, and returns false
// when none does.
func closedEarly(text []byte, root *jsonpos.Node, start, end, maxDepth int, report Report) bool {
	var choices []Suggestion
	prev, trials := -1, 0
	for n := root; n != nil && len(choices) < maxChoices && trials < maxChoices+1; n = lastChild(n) {
		at := n.End - 1
		if n.Kind != '{' || (prev >= 0 && onlyClosers(text[at:prev])) {
			continue // removing this brace reads the same as removing the one before
		}
		prev = at
		trials++
		trial := make([]byte, 0, end-1)
		trial = append(append(trial, text[:at]...), text[at+1:end]...)
		if t, issues := jsonpos.Parse(trial, start, maxDepth); t != nil && !hasIssue(issues, "json-trailing-text") {
			p := jsonpos.Positions(text, []int{at})[0]
			choices = append(choices, removeBrace.suggest(removals(span{at, at + 1}), p.Line, p.Column))
		}
	}
	if len(choices) == 0 {
		return false
	}
	report("json-closed-early", root.End-1, root.End, nil, choices)
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
