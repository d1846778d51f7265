package main

import (
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

// fix writes a protocol.Fix as an object, after sep (`[`, `,` or a key).
//
//go:noinline
func (w *writer) fix(sep string, f protocol.Fix) {
	w.raw(sep)
	w.num(`{"start":`, f.Start)
	w.num(`,"end":`, f.End)
	w.str(`,"replacement":`, f.Replacement)
	w.raw("}")
}

// finding writes a web finding after sep, its fields in json.Marshal's
// order (the embedded Finding's first, the web ones after).
func (w *writer) finding(sep string, f webFinding) {
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
	if f.Fix != nil {
		w.fix(`,"fix":`, *f.Fix)
	}
	sep = `,"suggestions":[`
	for _, s := range f.Suggestions {
		w.raw(sep)
		w.str(`{"message":`, s.Message)
		sep = `,`
		if s.Edits == nil {
			w.raw(`,"edits":null`)
		} else {
			e := `,"edits":[`
			for _, ed := range s.Edits {
				w.fix(e, ed)
				e = ","
			}
			if e != "," {
				w.raw(e)
			}
			w.raw("]")
		}
		w.str(`,"preview":`, s.Preview)
		w.raw("}")
	}
	if len(f.Suggestions) > 0 {
		w.raw("]")
	}
	w.num(`,"from":`, f.From)
	w.num(`,"to":`, f.To)
	w.raw("}")
}

// encodeResult writes a validation's answer.
func encodeResult(r webResult) string {
	w := writer(`{"valid":false`)
	if r.Valid {
		w = writer(`{"valid":true`)
	}
	w.str(`,"tier":`, r.Tier)
	if r.Findings == nil {
		w.raw(`,"findings":null`)
	} else {
		sep := `,"findings":[`
		for _, f := range r.Findings {
			w.finding(sep, f)
			sep = ","
		}
		if sep != "," {
			w.raw(sep)
		}
		w.raw("]")
	}
	w.raw("}")
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
// error, as it is for json.Unmarshal; null leaves the setting unset.
func decodeConfiguration(text string) (configuration, error) {
	var c configuration
	b := []byte(text)
	root, issues := jsonpos.Parse(b, 0, 16)
	if len(issues) > 0 {
		return c, reader{b}.errorAt(issues[0].Start, "the configuration is not JSON ("+issues[0].Code+")")
	}
	r := reader{b}
	err := r.object(root, "configuration", func(k string, v *jsonpos.Node) error {
		switch k {
		case "tierLabels":
			return r.object(v, k, func(tier string, l *jsonpos.Node) error {
				if c.TierLabels == nil {
					c.TierLabels = map[string]protocol.Label{}
				}
				var label protocol.Label
				err := r.object(l, k+"."+tier, func(lang string, s *jsonpos.Node) error {
					switch lang {
					case "en":
						return r.str(s, &label.EN)
					case "zh-CN":
						return r.str(s, &label.ZH)
					}
					return nil
				})
				c.TierLabels[tier] = label
				return err
			})
		case "docs":
			if v.Kind == 'n' {
				return nil
			}
			c.Docs = &catalog.DocsIndex{}
			return r.docs(v, c.Docs)
		}
		return nil
	})
	return c, err
}

// reader reads values of a jsonpos tree of text.
type reader struct{ text []byte }

func (r reader) errorAt(at int, msg string) error {
	p := jsonpos.Positions(r.text, []int{at})[0]
	return configError("line " + strconv.Itoa(p.Line) + ", column " + strconv.Itoa(p.Column) + ": " + msg)
}

// configError is an error in pairagConfigure's argument.
type configError string

func (e configError) Error() string { return string(e) }

// object calls f for each member of an object (null is no members).
func (r reader) object(n *jsonpos.Node, what string, f func(key string, v *jsonpos.Node) error) error {
	switch n.Kind {
	case 'n':
		return nil
	case '{':
	default:
		return r.errorAt(n.Start, what+" must be an object")
	}
	for _, m := range n.Members {
		if err := f(m.Key, m.Val); err != nil {
			return err
		}
	}
	return nil
}

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

func (r reader) strMap(n *jsonpos.Node, what string, p *map[string]string) error {
	if n.Kind == 'n' {
		*p = nil
		return nil
	}
	*p = map[string]string{}
	return r.object(n, what, func(k string, v *jsonpos.Node) error {
		var s string
		err := r.str(v, &s)
		(*p)[k] = s
		return err
	})
}

// docs reads a catalog.DocsIndex with its json keys.
func (r reader) docs(n *jsonpos.Node, x *catalog.DocsIndex) error {
	return r.object(n, "docs", func(k string, v *jsonpos.Node) error {
		switch k {
		case "base":
			return r.str(v, &x.Base)
		case "pages":
			return r.strMap(v, "docs.pages", &x.Pages)
		case "codes":
			return r.strMap(v, "docs.codes", &x.Codes)
		case "fields":
			return r.strMap(v, "docs.fields", &x.Fields)
		case "fieldCodes":
			if v.Kind == 'n' {
				x.FieldCodes = nil
				return nil
			}
			if v.Kind != '[' {
				return r.errorAt(v.Start, "docs.fieldCodes must be an array")
			}
			x.FieldCodes = make([]string, len(v.Items))
			for i, it := range v.Items {
				if err := r.str(it, &x.FieldCodes[i]); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
