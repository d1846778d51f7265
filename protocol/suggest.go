package protocol

import (
	"bytes"
	"unicode/utf8"

	"pairag.com/portal/internal/textedit"
	"pairag.com/portal/protocol/jsonpos"
	"pairag.com/portal/protocol/recovery"
)

// previewContext is how many characters of context a preview shows on
// each side of an edit.
const previewContext = 30

// suggestion makes a suggestion from its edits and its label, a format in
// each language with its arguments, and gives it its preview.
func (v *validation) suggestion(en, zh string, edits []textedit.Edit, args ...any) Suggestion {
	fixes := make([]Fix, len(edits))
	for i, e := range edits {
		fixes[i] = Fix{e.Start, e.End, e.New}
	}
	return Suggestion{Edits: fixes, Preview: preview(v.text, fixes),
		MessageEN: message(en, args...), MessageZH: message(zh, args...)}
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
	f := removeMember(obj, i)
	return []Suggestion{v.suggestion("remove %q with its value", "删除 %q 及其值", []textedit.Edit{{Start: f.Start, End: f.End}}, clip(obj.Members[i].Key))}
}

// reportWith records a finding that offers suggestions instead of a fix.
func (v *validation) reportWith(code, ptr string, start, end int, choices []Suggestion, args ...any) {
	v.report(code, ptr, start, end, nil, args...)
	if n := len(v.found); n > 0 && v.found[n-1].code == code && v.found[n-1].start == start {
		v.found[n-1].suggest = choices
	}
}

// recovered reports a finding of package recovery (a recovery.Report)
// at the top level of the payload.
func (v *validation) recovered(code string, start, end int, fix *textedit.Edit, choices []recovery.Suggestion, args ...any) {
	if fix != nil {
		v.report(code, "", start, end, &Fix{fix.Start, fix.End, fix.New}, args...)
		return
	}
	var offered []Suggestion
	for _, s := range choices {
		offered = append(offered, v.suggestion(s.EN, s.ZH, s.Edits, s.Args...))
	}
	v.reportWith(code, "", start, end, offered, args...)
}
