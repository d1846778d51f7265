// Package recovery finds the one JSON object in text that is not exactly
// one, as a model often writes it: inside Markdown fences, with prose
// before or after it, followed by more JSON values, or closed too early by
// a stray brace. It says what it sees as findings of the catalogue's codes
// (package catalog) with their edits: a fix where the repair is certain and
// takes nothing of the payload (the lines of one fence), suggestions where
// it would delete text the creator wrote (prose, a brace that closes an
// object early) or choose between readings (two fenced payloads, two
// objects one after the other), never applied by themselves.
//
// It is a package of its own because it owns one question the engine
// (package protocol) only asks: where does the payload start and end? It
// reads bytes and the tree of package jsonpos, and of the protocol knows
// only the codes of its findings and the depth bound it is given; package
// protocol reports what it returns (severity, message, position, preview)
// and judges the span it names.
package recovery

import (
	"bytes"
	"strings"

	"pairag.com/portal/internal/textedit"
)

// Suggestion is a repair offered, never applied by itself: its edits and
// its label, a format in each language with its arguments.
type Suggestion struct {
	Edits []textedit.Edit
	Label
	Args []any
}

// Label is what a suggestion says it does, a format in each language.
type Label struct{ EN, ZH string }

// Finding is what recovery sees at the bytes [Start, End) of the text: a
// code of the catalogue, the arguments of its message, and either a
// certain Fix or Suggestions to choose from.
type Finding struct {
	Code        string
	Start, End  int
	Fix         *textedit.Edit
	Suggestions []Suggestion
	Args        []any
}

// maxChoices bounds the suggestions of one finding that offers choices.
const maxChoices = 3

// The labels of the suggestions. Values rather than a map: a map literal
// is code that builds it at start-up, in the WebAssembly module too.
var (
	removeLeadingText  = Label{"remove the text before the object", "删除对象前面的文字"}
	removeTrailingText = Label{"remove the text after the object", "删除对象后面的文字"}
	removeBrace        = Label{"remove the } at line %d, column %d", "删除第 %d 行第 %d 列的 }"}
	keepValue          = Label{"keep only JSON value %d of %d (line %d), remove the others", "只保留第 %d 个 JSON 值（共 %d 个，从第 %d 行开始），删除其余的值"}
	keepFence          = Label{"keep only the JSON of fenced block %d of %d (line %d), remove the rest", "只保留第 %d 个代码块（共 %d 个，从第 %d 行开始）中的 JSON，删除其余内容"}
)

// removal is a finding whose one suggestion removes [start, end).
func removal(code string, label Label, start, end int) Finding {
	return Finding{Code: code, Start: start, End: end,
		Suggestions: []Suggestion{{Edits: removals(span{start, end}), Label: label}}}
}

// removals returns the edits that delete each span. (Built with make, so
// the module has no array type of edits and no equality function of one.)
func removals(spans ...span) []textedit.Edit {
	edits := make([]textedit.Edit, len(spans))
	for i, s := range spans {
		edits[i] = textedit.Edit{Start: s.start, End: s.end}
	}
	return edits
}

// Input finds the JSON in text[start:] (start is past a byte order mark):
// inside Markdown fences when one opens before the first bracket, else
// after any prose that precedes it. It returns what it saw and the span
// [from, to) to read as JSON.
func Input(text []byte, start int) (found []Finding, from, to int) {
	if fences := fenceLines(text, start); len(fences) > 0 && fences[0].start < firstBracket(text, start) {
		return fenced(text, start, fences)
	}
	if lead := LeadingProse(text, start); lead > start {
		return []Finding{removal("json-leading-text", removeLeadingText, start, lead)}, lead, len(text)
	}
	return nil, start, len(text)
}

// firstBracket returns the offset of the first { or [ of text[from:], or
// len(text): a fence that opens before it wraps the JSON.
func firstBracket(text []byte, from int) int {
	if i := bytes.IndexAny(text[from:], "{["); i >= 0 {
		return from + i
	}
	return len(text)
}

// LeadingProse returns the offset of the first { when it follows prose such
// as "Here is the JSON:", or from when the text starts like JSON.
func LeadingProse(text []byte, from int) int {
	trimmed := bytes.TrimLeft(text[from:], " \t\r\n")
	if len(trimmed) == 0 || strings.ContainsRune("{[\"-0123456789tfn/'", rune(trimmed[0])) {
		return from
	}
	brace := bytes.IndexByte(text[from:], '{')
	if brace < 0 {
		return from
	}
	return from + brace
}

// hasText reports whether text holds anything but white space.
func hasText(text []byte) bool { return len(bytes.TrimSpace(text)) > 0 }
