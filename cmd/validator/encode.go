package main

import (
	"errors"
	"strconv"

	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/catalog"
	"pairag.com/portal/protocol/jsonpos"
)

// The module writes its answers and reads its configuration without
// encoding/json, which with reflect was about a quarter of the module.
// The answers are what json.Marshal writes for webResult, fixAnswer and
// the error object, byte for byte (TestEncodeMatchesJSON); the
// configuration is read as json.Unmarshal reads it, keys matched exactly.

// writer appends a JSON answer. Each key is written with the punctuation
// before it (`{"valid":`, `,"tier":`) as one constant: an object's first
// key is known where it is written, so no state says whether a comma is
// due, and no key is escaped at run time. Its methods are not inlined:
// each inlined append was a growslice of its own in the module.
type writer []byte

// raw appends s as it is.
//
//go:noinline
func (w *writer) raw(s string) { *w = append(*w, s...) }

// str appends key, then v as a JSON string.
//
//go:noinline
func (w *writer) str(key, v string) { *w = jsonpos.AppendString(append(*w, key...), v) }

// num appends key, then v.
//
//go:noinline
func (w *writer) num(key string, v int) { *w = strconv.AppendInt(append(*w, key...), int64(v), 10) }

// at writes key, then the UTF-16 offset of the next of pos, and drops it.
//
//go:noinline
func (w *writer) at(key string, pos *[]jsonpos.Position) {
	w.num(key, (*pos)[0].UTF16)
	*pos = (*pos)[1:]
}

// fix writes a protocol.Fix as an object after sep (`[`, `,` or a key),
// its offsets the next two of pos.
//
//go:noinline
func (w *writer) fix(sep string, f protocol.Fix, pos *[]jsonpos.Position) {
	w.raw(sep)
	w.at(`{"start":`, pos)
	w.at(`,"end":`, pos)
	w.str(`,"replacement":`, f.Replacement)
	w.raw("}")
}

// finding writes a finding as webFinding after sep, its fields in
// json.Marshal's order (the embedded Finding's first, the web ones after),
// its offsets taken from pos in the order offsetsOf lists them.
func (w *writer) finding(sep string, f protocol.Finding, pos *[]jsonpos.Position) {
	w.raw(sep)
	w.str(`{"severity":`, string(f.Severity))
	w.str(`,"code":`, f.Code)
	w.str(`,"pointer":`, f.Pointer)
	w.num(`,"line":`, f.Line)
	w.num(`,"column":`, f.Column)
	w.str(`,"message":`, f.Message)
	if f.Docs != "" {
		w.str(`,"docs":`, f.Docs)
	}
	// The span's offsets come first in pos, but from and to are written last.
	span := (*pos)[:2]
	*pos = (*pos)[2:]
	if f.Fix != nil {
		w.fix(`,"fix":`, *f.Fix, pos)
	}
	sep = `,"suggestions":[`
	for _, s := range f.Suggestions {
		w.raw(sep)
		w.str(`{"message":`, s.Message)
		sep = `,`
		e := `,"edits":[`
		for _, ed := range s.Edits {
			w.fix(e, ed, pos)
			e = ","
		}
		if e != "," {
			w.raw(e)
		}
		w.str(`],"preview":`, s.Preview)
		w.raw("}")
	}
	if sep == "," {
		w.raw("]")
	}
	w.at(`,"from":`, &span)
	w.at(`,"to":`, &span)
	w.raw("}")
}

// offsetsOf lists every byte offset of res that the answer gives in
// UTF-16 code units, in the order encodeResult writes them: for each
// finding its span, its fix's start and end, then each suggestion's edits.
func offsetsOf(res protocol.Result) []int {
	var offsets []int
	for _, f := range res.Findings {
		s, e := f.Span()
		offsets = append(offsets, s, e)
		if f.Fix != nil {
			offsets = append(offsets, f.Fix.Start, f.Fix.End)
		}
		for _, sg := range f.Suggestions {
			for _, ed := range sg.Edits {
				offsets = append(offsets, ed.Start, ed.End)
			}
		}
	}
	return offsets
}

// encodeResult writes a validation's answer, res for text, as json.Marshal
// writes its webResult: every offset in UTF-16 code units.
func encodeResult(text []byte, res protocol.Result) string {
	pos := jsonpos.Positions(text, offsetsOf(res))
	w := writer(`{"valid":false`)
	if res.Valid {
		w = writer(`{"valid":true`)
	}
	w.str(`,"tier":`, res.Tier)
	sep := `,"findings":[`
	for _, f := range res.Findings {
		w.finding(sep, f, &pos)
		sep = ","
	}
	if sep != "," {
		w.raw(sep)
	}
	w.raw("]}")
	return string(w)
}

// encodeFixAnswer writes pairagApplyFixes's answer.
func encodeFixAnswer(a fixAnswer) string {
	var w writer
	w.str(`{"text":`, a.Text)
	w.num(`,"applied":`, a.Applied)
	w.num(`,"left":`, a.Left)
	if a.Refused != "" {
		w.str(`,"refused":`, a.Refused)
	}
	if a.Message != "" {
		w.str(`,"message":`, a.Message)
	}
	w.raw("}")
	return string(w)
}

// errorJSON is the answer {"error": message}.
func errorJSON(message string) string {
	var w writer
	w.str(`{"error":`, message)
	w.raw("}")
	return string(w)
}

// configuration is what pairagConfigure reads.
type configuration struct {
	TierLabels map[string]protocol.Label `json:"tierLabels"`
	Docs       *catalog.DocsIndex        `json:"docs"`
}

// decodeConfiguration reads pairagConfigure's argument: an object whose
// tierLabels and docs keys are read and whose other keys are ignored, so a
// newer page can talk to an older module. A value of the wrong type is an
// error, as it is for json.Unmarshal; null leaves the setting unset. The
// readers are plain loops over the members, without a callback per level:
// each closure was code of its own in the module.
func decodeConfiguration(text string) (configuration, error) {
	var c configuration
	r := reader{[]byte(text)}
	root, issues := jsonpos.Parse(r.text, 0, 16)
	if len(issues) > 0 {
		return c, r.errorAt(issues[0].Start, "the configuration is not JSON ("+issues[0].Code+")")
	}
	ms, err := r.members(root, "configuration")
	for _, m := range ms {
		switch m.Key {
		case "tierLabels":
			err = r.labels(m.Val, &c.TierLabels)
		case "docs":
			if m.Val.Kind != 'n' {
				c.Docs = &catalog.DocsIndex{}
				err = r.docs(m.Val, c.Docs)
			}
		}
		if err != nil {
			break
		}
	}
	return c, err
}

// reader reads values of a jsonpos tree of text.
type reader struct{ text []byte }

// errorAt is the error msg at offset at of the text, with its line and
// column. It and the other readers are not inlined: each copy was code
// of its own in the module.
//
//go:noinline
func (r reader) errorAt(at int, msg string) error {
	p := jsonpos.Positions(r.text, []int{at})[0]
	return errors.New("line " + strconv.Itoa(p.Line) + ", column " + strconv.Itoa(p.Column) + ": " + msg)
}

// members returns an object's members (null is no members).
//
//go:noinline
func (r reader) members(n *jsonpos.Node, what string) ([]jsonpos.Member, error) {
	switch n.Kind {
	case 'n':
		return nil, nil
	case '{':
		return n.Members, nil
	}
	return nil, r.errorAt(n.Start, what+" must be an object")
}

// str reads a string into p; null leaves p as it is.
//
//go:noinline
func (r reader) str(n *jsonpos.Node, p *string) error {
	switch n.Kind {
	case 'n':
		return nil
	case '"':
		*p = n.Str
		return nil
	}
	return r.errorAt(n.Start, "want a string")
}

// labels reads tierLabels: tier → {"en": ..., "zh-CN": ...}.
func (r reader) labels(n *jsonpos.Node, p *map[string]protocol.Label) error {
	ms, err := r.members(n, "tierLabels")
	for _, m := range ms {
		if *p == nil {
			*p = map[string]protocol.Label{}
		}
		var label protocol.Label
		ls, err := r.members(m.Val, "tierLabels."+m.Key)
		for _, l := range ls {
			switch l.Key {
			case "en":
				err = r.str(l.Val, &label.EN)
			case "zh-CN":
				err = r.str(l.Val, &label.ZH)
			}
			if err != nil {
				break
			}
		}
		(*p)[m.Key] = label
		if err != nil {
			return err
		}
	}
	return err
}

// strMap reads an object of strings into p; null sets p to nil.
//
//go:noinline
func (r reader) strMap(n *jsonpos.Node, what string, p *map[string]string) error {
	if n.Kind == 'n' {
		*p = nil
		return nil
	}
	ms, err := r.members(n, what)
	if err != nil {
		return err
	}
	*p = map[string]string{}
	for _, m := range ms {
		var s string
		err := r.str(m.Val, &s)
		(*p)[m.Key] = s
		if err != nil {
			return err
		}
	}
	return nil
}

// docs reads a catalog.DocsIndex with its json keys.
func (r reader) docs(n *jsonpos.Node, x *catalog.DocsIndex) error {
	ms, err := r.members(n, "docs")
	for _, m := range ms {
		v := m.Val
		switch m.Key {
		case "base":
			err = r.str(v, &x.Base)
		case "pages":
			err = r.strMap(v, "docs.pages", &x.Pages)
		case "codes":
			err = r.strMap(v, "docs.codes", &x.Codes)
		case "fields":
			err = r.strMap(v, "docs.fields", &x.Fields)
		case "fieldCodes":
			switch v.Kind {
			case 'n':
				x.FieldCodes = nil
			case '[':
				x.FieldCodes = make([]string, len(v.Items))
				for i, it := range v.Items {
					if err = r.str(it, &x.FieldCodes[i]); err != nil {
						break
					}
				}
			default:
				err = r.errorAt(v.Start, "docs.fieldCodes must be an array")
			}
		}
		if err != nil {
			return err
		}
	}
	return err
}
