package catalog

import (
	"strings"

	"pairag.com/portal/protocol/internal/format"
	"pairag.com/portal/protocol/jsonpos"
	"pairag.com/portal/protocol/spec"
)

// DocsIndex says which section of the reference explains each finding, so
// every finding can link to it in the reader's language. [NewDocsIndex]
// builds it from the table of codes and the document's field lists, with the
// anchor rules the reference page's rows follow ([FieldAnchor],
// [CriteriaAnchor]); the CLI and the WebAssembly page pass it in through
// protocol.Options.Docs.
type DocsIndex struct {
	Base  string            `json:"base,omitempty"` // origin prefixed to URLs, "" for site-relative ones
	Pages map[string]string `json:"pages"`          // language → path of the reference page
	Codes map[string]string `json:"codes"`          // finding code → anchor
	// Fields maps a field's path without array indexes (stages/agent_skills/
	// acceptance_criteria) to the anchor of its row; codes in FieldCodes
	// (a value's type, enum, range...) link to the row of the field they
	// are about rather than to the code's anchor.
	Fields     map[string]string `json:"fields"`
	FieldCodes []string          `json:"fieldCodes"`
}

// NewDocsIndex returns the index of a document's field reference, whose
// page in each language is pages[lang]; base is the origin to prefix (""
// for site-relative URLs).
func NewDocsIndex(doc *spec.Document, base string, pages map[string]string) *DocsIndex {
	x := &DocsIndex{Base: base, Pages: pages, Codes: map[string]string{}, Fields: map[string]string{}}
	for _, c := range codes {
		x.Codes[c.Code] = c.Anchor
		if c.Link != LinkAnchor {
			x.FieldCodes = append(x.FieldCodes, c.Code)
		}
	}
	// By insertion (a hundred codes, once): slices.Sort would add a sort
	// of strings of its own to the WebAssembly module.
	for i := 1; i < len(x.FieldCodes); i++ {
		for j := i; j > 0 && x.FieldCodes[j] < x.FieldCodes[j-1]; j-- {
			x.FieldCodes[j], x.FieldCodes[j-1] = x.FieldCodes[j-1], x.FieldCodes[j]
		}
	}
	var walk func(prefix, list string, fields []spec.Field, depth int)
	walk = func(prefix, list string, fields []spec.Field, depth int) {
		for _, f := range fields {
			path := prefix + f.Name
			x.Fields[path] = FieldAnchor(list, f.Name)
			if f.Ref != "" && depth < 8 {
				sub, _ := doc.FieldList(f.Ref)
				walk(path+"/", f.Ref, sub, depth+1)
			}
			if list == "stage_fields" && f.Name == "type_criteria" {
				for _, v := range spec.SortedEnum(doc.StageTypeEnum) {
					for _, c := range doc.CriteriaFor(v.ID) {
						x.Fields[path+"/"+c.Name] = CriteriaAnchor(v.Key, c.Name)
					}
				}
			}
		}
	}
	walk("", "top_level", doc.TopLevel.Fields, 0)
	return x
}

// FieldAnchor is the anchor of the row of a field of the list named ref
// (manifest_fields, language: manifest.language).
func FieldAnchor(ref, name string) string {
	return strings.TrimSuffix(ref, "_fields") + "." + name
}

// CriteriaAnchor is the anchor of the row of a type_criteria key of a stage
// type (type_criteria.software.ci_required).
func CriteriaAnchor(stageKey, field string) string {
	return "type_criteria." + stageKey + "." + field
}

// URL returns the URL of the section that explains a finding, or "" when
// the index does not know the code or the language. For codes in
// FieldCodes, pointer is the field the finding names (see [Link]), and its
// row, when the reference has one, is the section.
func (x *DocsIndex) URL(lang, code, pointer string) string {
	if x == nil {
		return ""
	}
	page, ok := x.Pages[lang]
	anchor, known := x.Codes[code]
	if !ok || !known {
		return ""
	}
	for _, c := range x.FieldCodes {
		if c == code {
			if a := x.Fields[FieldPath(pointer)]; a != "" {
				anchor = a
			}
			break
		}
	}
	return x.Base + page + "#" + anchor
}

// FieldPath drops the array indexes of a JSON pointer and unescapes its
// tokens: /stages/0/agent_skills/1/acceptance_criteria becomes
// stages/agent_skills/acceptance_criteria.
func FieldPath(pointer string) string {
	var parts []string
	for _, tok := range jsonpos.PointerTokens(pointer) {
		if _, ok := format.Atoi(tok); ok || tok == "" {
			continue
		}
		parts = append(parts, tok)
	}
	return strings.Join(parts, "/")
}
