package protocol

import (
	"fmt"
	"sort"
)

// Severity ranks a finding. Only errors make a payload invalid.
type Severity string

// The severities, from most to least serious.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

func (s Severity) rank() int {
	switch s {
	case SeverityError:
		return 0
	case SeverityWarning:
		return 1
	}
	return 2
}

// Fix is a mechanical repair: replace the bytes [Start, End) of the submitted
// text with Replacement. ApplyFixes applies a set of them.
type Fix struct {
	Start       int    `json:"start"`
	End         int    `json:"end"`
	Replacement string `json:"replacement"`
}

// Finding is one problem in a payload. Code is stable and documented in
// doc.go; Pointer is the RFC 6901 pointer of the offending value (or of its
// parent for a missing key); Line and Column are 1-based, columns counted in
// characters; Message is in the language asked for, MessageEN and MessageZH
// carry both.
type Finding struct {
	Severity  Severity `json:"severity"`
	Code      string   `json:"code"`
	Pointer   string   `json:"pointer"`
	Line      int      `json:"line"`
	Column    int      `json:"column"`
	Message   string   `json:"message"`
	Fix       *Fix     `json:"fix,omitempty"`
	MessageEN string   `json:"-"`
	MessageZH string   `json:"-"`

	start, end int // byte span of the offending text
}

// Span returns the byte offsets of the offending text, for editors that
// select it.
func (f Finding) Span() (start, end int) { return f.start, f.end }

// message is the catalogue entry of one finding code.
type entry struct {
	severity Severity
	en, zh   string // fmt formats; arguments by explicit index where the order differs
}

// newFinding fills a finding from the catalogue. Unknown codes are a
// programming error caught by TestEveryCodeHasMessages.
func newFinding(code, pointer string, args ...any) Finding {
	m, ok := catalog[code]
	if !ok {
		m = entry{SeverityError, "internal: unknown finding code " + code, "内部错误：未知的检查代码 " + code}
	}
	return Finding{
		Severity:  m.severity,
		Code:      code,
		Pointer:   pointer,
		MessageEN: fmt.Sprintf(m.en, args...),
		MessageZH: fmt.Sprintf(m.zh, args...),
	}
}

// sortFindings orders findings by position, then severity, then code, so
// output is stable.
func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if a.Severity.rank() != b.Severity.rank() {
			return a.Severity.rank() < b.Severity.rank()
		}
		return a.Code < b.Code
	})
}
