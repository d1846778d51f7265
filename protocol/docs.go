package protocol

import (
	"strconv"
	"strings"

	"pairag.com/portal/protocol/jsonpos"
)

// DocsIndex says which section of the reference explains each finding, so
// every finding can link to it in the reader's language. The site builds it
// from the anchors it renders (one source for them); the CLI and the
// WebAssembly page pass it in through Options.Docs.
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

// URL returns the URL of the section that explains a finding, or "" when
// the index does not know the code or the language.
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
		if _, err := strconv.Atoi(tok); err == nil || tok == "" {
			continue
		}
		parts = append(parts, tok)
	}
	return strings.Join(parts, "/")
}
