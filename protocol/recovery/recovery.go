// Package recovery finds the one JSON object in text that is not exactly
// one, as a model often writes it: inside Markdown fences, with prose
// before or after it, followed by more JSON values, or closed too early by
// a stray brace. It reports what it sees to its caller's [Report], as
// findings of the catalogue's codes (package catalog) with their edits: a
// fix where the repair is certain and takes nothing of the payload (the
// lines of one fence), suggestions where it would delete text the creator
// wrote (prose, a brace that closes an object early) or choose between
// readings (two fenced payloads, two objects one after the other), never
// applied by themselves.
//
// It is a package of its own because it owns one question the engine
// (package protocol) only asks: where does the payload start and end? It
// reads bytes and the tree of package jsonpos, and of the protocol knows
// only the codes of its findings and the depth bound it is given; package
// protocol turns each finding into its own (severity, message, position,
// preview) and judges the span Input returns.
package recovery

import (
	"bytes"
	"strings"

	"pairag.com/portal/internal/textedit"
)

// Suggestion is a repair offered, never applied by itself: its edits and
// what it does, a format in each language (EN, ZH) with its arguments.
type Suggestion struct {
	Edits  []textedit.Edit
	EN, ZH string
	Args   []any
}

// Report receives each finding recovery sees, in order: a code of the
// catalogue at the bytes [start, end) of the text, either a certain fix or
// suggestions to choose from, and the arguments of its message.
type Report func(code string, start, end int, fix *textedit.Edit, choices []Suggestion, args ...any)

// maxChoices bounds the suggestions of one finding that offers choices.
const maxChoices = 3

// label is what a suggestion does, a format in each language.
type label struct{ en, zh string }

// suggest makes the suggestion of label l with its edits and arguments.
func (l label) suggest(edits []textedit.Edit, args ...any) Suggestion {
	return Suggestion{Edits: edits, EN: l.en, ZH: l.zh, Args: args}
}

// The labels of the suggestions. Values rather than a map: a map literal
// is code that builds it at start-up, in the WebAssembly module too.
var (
	removeLeadingText  = label{"remove the text before the object", "删除对象前面的文字"}
	removeTrailingText = label{"remove the text after the object", "删除对象后面的文字"}
	removeBrace        = label{"remove the } at line %d, column %d", "删除第 %d 行第 %d 列的 }"}
	keepValue          = label{"keep only JSON value %d of %d (line %d), remove the others", "只保留第 %d 个 JSON 值（共 %d 个，从第 %d 行开始），删除其余的值"}
	keepFence          = label{"keep only the JSON of fenced block %d of %d (line %d), remove the rest", "只保留第 %d 个代码块（共 %d 个，从第 %d 行开始）中的 JSON，删除其余内容"}
)

// removal is the one suggestion that removes [start, end).
func removal(l label, start, end int) []Suggestion {
	return []Suggestion{l.suggest(removals(span{start, end}))}
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
// after any prose that precedes it. It reports what it sees and returns
// the span [from, to) to read as JSON.
func Input(text []byte, start int, report Report) (from, to int) {
	// Only a fence that opens before the first bracket wraps the JSON,
	// and its backticks come before the bracket (only spaces are between
	// a fence's start and its backticks): the fences are looked for only
	// when there are backticks there, not over the whole text (that
	// search for backticks was 2% of validating a 20-stage payload).
	if b := firstBracket(text, start); indexFence(text[start:b]) >= 0 {
		if fences := fenceLines(text, start); len(fences) > 0 && fences[0].start < b {
			return fenced(text, start, fences, report)
		}
	}
	if lead := LeadingProse(text, start); lead > start {
		report("json-leading-text", start, lead, nil, removal(removeLeadingText, start, lead))
		return lead, len(text)
	}
	return start, len(text)
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
