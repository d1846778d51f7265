package protocol

import (
	"cmp"
	"slices"
	"strings"

	"pairag.com/portal/internal/diag"
	"pairag.com/portal/protocol/catalog"
	"pairag.com/portal/protocol/internal/format"
	"pairag.com/portal/protocol/jsonpos"
)

// Severity is how serious a finding is. Only errors make a payload invalid.
// The type is the one every diagnostic of the portal shares (package diag).
type Severity = diag.Severity

// The severities, from most to least serious.
const (
	SeverityError   = diag.SeverityError
	SeverityWarning = diag.SeverityWarning
	SeverityInfo    = diag.SeverityInfo
)

// Fix is a mechanical repair: replace the bytes [Start, End) of the submitted
// text with Replacement. FixAll applies them.
type Fix struct {
	Start       int    `json:"start"`
	End         int    `json:"end"`
	Replacement string `json:"replacement"`
}

// Suggestion is a repair that is never applied by itself, because it would
// remove text the creator wrote (a key, a stage, prose) or choose between
// readings of the text: a caller shows Message and Preview, and applies
// Edits (byte ranges of the submitted text) only when the creator chooses
// it. A finding with several suggestions offers them as choices.
type Suggestion struct {
	Message   string `json:"message"`
	Edits     []Fix  `json:"edits"`
	Preview   string `json:"preview"` // the text around the edits as it would read after them
	MessageEN string `json:"-"`
	MessageZH string `json:"-"`
}

// Finding is one problem in a payload. Code is stable and documented in
// doc.go; Pointer is the RFC 6901 pointer of the offending value (or of its
// parent for a missing key); Line and Column are 1-based, columns counted in
// characters; Message is in the language asked for, MessageEN and MessageZH
// carry both; Docs links the reference section that explains the rule.
type Finding struct {
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Pointer  string   `json:"pointer"`
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Message  string   `json:"message"`
	Fix      *Fix     `json:"fix,omitempty"`
	// Suggestions are repairs offered but never applied by FixAll.
	Suggestions []Suggestion `json:"suggestions,omitempty"`
	Docs        string       `json:"docs,omitempty"` // the reference section that explains the rule, when Options.Docs is set
	MessageEN   string       `json:"-"`
	MessageZH   string       `json:"-"`

	start, end int    // byte span of the offending text
	field      string // pointer of the field whose row explains it, "" for the code's anchor
}

// Span returns the byte offsets of the offending text, for editors that
// select it.
func (f Finding) Span() (start, end int) { return f.start, f.end }

// bi is a message argument that reads differently in each language, such as
// a type name or a tier label.
type bi struct{ en, zh string }

// pending is a finding before its messages are written: the engine records
// this much for every finding and formats only those it reports.
type pending struct {
	code       string
	pointer    string
	start, end int
	args       []any
	fix        *Fix
	suggest    []Suggestion
}

// format fills a finding from its code's row (package catalog). Unknown
// codes are a programming error caught by TestEveryCodeHasMessages.
func (p pending) format() Finding {
	m, ok := catalog.Find(p.code)
	if !ok {
		m = catalog.Code{Severity: SeverityError, EN: "internal: unknown finding code " + p.code, ZH: "内部错误：未知的检查代码 " + p.code}
	}
	return Finding{
		Severity:    m.Severity,
		Code:        p.code,
		Pointer:     p.pointer,
		MessageEN:   message(m.EN, argsIn(p.args, false)...),
		MessageZH:   message(m.ZH, argsIn(p.args, true)...),
		Fix:         p.fix,
		Suggestions: p.suggest,
		start:       p.start,
		end:         p.end,
		field:       p.named(m.Link),
	}
}

// argsIn picks each bilingual argument's text in one language.
func argsIn(args []any, zh bool) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if p, ok := a.(placeArg); ok {
			a = placeOf(string(p))
		}
		if b, ok := a.(bi); ok {
			if zh {
				a = b.zh
			} else {
				a = b.en
			}
		}
		out[i] = a
	}
	return out
}

// severityOf returns a code's severity from the catalogue.
func severityOf(code string) Severity {
	if m, ok := catalog.Find(code); ok {
		return m.Severity
	}
	return SeverityError
}

// sortFindings orders findings by position, then severity, then code, so
// output is stable.
// It sorts the findings' indices and then moves the findings: a sort of
// ints is in the WebAssembly module anyway, and one of Finding values
// would add its own (about 9 KB of code).
func sortFindings(fs []Finding) {
	order := make([]int, len(fs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		a, b := &fs[i], &fs[j]
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column),
			cmp.Compare(a.Severity.Rank(), b.Severity.Rank()), strings.Compare(a.Code, b.Code))
	})
	sorted := make([]Finding, len(fs))
	for i, j := range order {
		sorted[i] = fs[j]
	}
	copy(fs, sorted)
}

// named returns the pointer of the field a finding names, whose row in the
// field reference explains it (see [catalog.Link]); "" when it names none.
func (p pending) named(link catalog.Link) string {
	switch link {
	case catalog.LinkField:
		return p.pointer
	case catalog.LinkMissing:
		if name, ok := firstString(p.args); ok {
			return p.pointer + jsonpos.Pointer(name)
		}
	case catalog.LinkSuggested:
		if len(p.args) > 0 {
			if name, ok := p.args[len(p.args)-1].(string); ok {
				return parentPointer(p.pointer) + jsonpos.Pointer(name)
			}
		}
	case catalog.LinkHolder:
		return parentPointer(p.pointer)
	}
	return ""
}

// firstString returns the first argument when it is a string.
func firstString(args []any) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	s, ok := args[0].(string)
	return s, ok
}

// parentPointer drops the last token of a JSON pointer.
func parentPointer(ptr string) string {
	return ptr[:max(strings.LastIndexByte(ptr, '/'), 0)]
}

// formatHook, when set (by tests), sees every message the engine formats
// with its format and arguments, so a test can compare it with fmt.
var formatHook func(format string, args []any, got string)

// message formats one message of the table and shows it to formatHook.
func message(msg string, args ...any) string {
	s := format.Sprintf(msg, args...)
	if formatHook != nil {
		formatHook(msg, args, s)
	}
	return s
}

// Quote writes s as the engine's messages quote a value: a JSON string
// literal, with the characters a reader cannot see escaped. Callers that
// write their own messages beside the engine's (the WebAssembly adapter)
// quote with it, so both read alike.
func Quote(s string) string { return format.Quote(s) }
