package generator

import (
	"slices"

	"pairag.com/portal/generator/reference"
	"pairag.com/portal/protocol"
)

// findingAnchors maps every finding code of protocol/doc.go to the anchor
// of the field reference (docs/task-publish-v18.md) that explains its
// rule: a section heading, a generated table or one of its rows (see
// reference/anchors.go). TestFindingAnchors fails when a documented code has none,
// when a code here is not documented, or when an anchor is not on the
// built page in either language.
var findingAnchors = map[string]string{
	// Input that is not one JSON object: what a payload must be.
	"input-empty": "who-this-reference-is-for", "input-too-large": "who-this-reference-is-for",
	"input-bom": "who-this-reference-is-for", "input-invalid-utf8": "who-this-reference-is-for",
	"input-utf16": "who-this-reference-is-for", "number-too-long": "who-this-reference-is-for",
	"findings-truncated":   "who-this-reference-is-for",
	"input-markdown-fence": "who-this-reference-is-for", "json-leading-text": "who-this-reference-is-for",
	"json-trailing-text": "who-this-reference-is-for", "json-comment": "who-this-reference-is-for",
	"json-closed-early": "who-this-reference-is-for", "json-several-values": "who-this-reference-is-for",
	"input-several-fences":  "who-this-reference-is-for",
	"json-comment-unclosed": "who-this-reference-is-for", "json-trailing-comma": "who-this-reference-is-for",
	"json-duplicate-key": "who-this-reference-is-for", "json-too-deep": "who-this-reference-is-for",
	"json-truncated": "who-this-reference-is-for", "json-single-quote": "who-this-reference-is-for",
	"json-unexpected": "who-this-reference-is-for", "json-unexpected-word": "who-this-reference-is-for",
	"json-expected-comma": "who-this-reference-is-for", "json-expected-key": "who-this-reference-is-for",
	"json-expected-colon": "who-this-reference-is-for", "json-bad-number": "who-this-reference-is-for",
	"json-unterminated-string": "who-this-reference-is-for", "json-control-char": "who-this-reference-is-for",
	"json-bad-escape": "who-this-reference-is-for", "top-level-not-object": "top-level-object",

	// Shape: the field tables; FindingURL narrows these to the field's row.
	"missing-field": "manifest-fields", "wrong-type": "manifest-fields", "invalid-enum": "manifest-fields",
	"invalid-value": "manifest-fields", "below-minimum": "manifest-fields", "above-maximum": "manifest-fields",
	"integer-too-large": "manifest-fields", "empty-string": "manifest-fields", "too-few-items": "manifest-fields",
	"too-many-items": "manifest-fields", "invalid-format": "manifest-fields",
	"project-tags-count": "manifest.project_tags",

	// The protocol's own rules.
	"unknown-top-level-field": "top-level-object", "deprecated-agents": "top_level.agents",
	"schema-key":    "using-the-json-schema-in-your-editor",
	"unknown-field": "manifest-fields", "unknown-field-typo": "manifest-fields",
	"industry-code-shape": "industry-code", "industry-code-section": "industry-code",
	"industry-code-division": "industry-code", "industry-code-case": "industry-code",
	"industry-code-no-section": "industry-code",
	"language-alias":           "aliases", "language-case": "language-codebook", "language-unknown": "language-codebook",
	"message-bus-mismatch": "global_config.message_bus", "duplicate-stage-name": "stage.stage_name",
	"data-format-other-no-schema": "data_format.schema",
	"fiat-amount-missing":         "fiat-payment", "fiat-points-not-zero": "fiat-payment",
	"fiat-not-available": "tier_limits.fiat", "fiat-amount-without-fiat": "fiat-payment",
	"fiat-stripe-reminder": "fiat-payment", "too-many-stages": "tier_limits.stages.length",
	"location-required": "location", "location-anywhere-only": "location", "location-country-only": "location",
	"location-platform-id": "location", "location-unclassified": "location",
	"task-duration-too-long": "tier_limits.task_duration_days",
	"criteria-other-type":    "type-criteria", "criteria-unknown-key": "type-criteria",
	"criteria-none-defined": "type-criteria", "all-stages-orchestrator": "choosing-a-stage-type",
	"detail-missing-stage": "manifest.detail", "language-script-mismatch": "who-this-reference-is-for",
	"unknown-tier":    "membership-tier-limits",
	"version-retired": "manifest.version", "field-renamed": "manifest.version", "field-retired": "manifest.version",
	"value-retired": "manifest.version", "field-now-required": "manifest.version",
}

// fieldCodes are the codes about one field's value, whose pointer names the
// row that explains them better than the code's own anchor.
var fieldCodes = map[string]bool{
	"wrong-type": true, "invalid-enum": true, "invalid-value": true,
	"below-minimum": true, "above-maximum": true, "integer-too-large": true, "empty-string": true,
	"too-few-items": true, "too-many-items": true, "invalid-format": true,
}

// FindingURL is the site-relative URL of the reference section that
// explains a finding, in the reader's language (en or zh-CN): for a code
// about a field's value (wrong-type, invalid-enum, ...) the row of that
// field when the pointer names one, otherwise the code's anchor. It returns
// "" for a code it does not know.
func FindingURL(doc *protocol.Document, lang, code, pointer string) string {
	return Docs(doc, "").URL(lang, code, pointer)
}

// Docs is the index that links findings to the reference (see
// protocol.DocsIndex), built from the anchors the reference page renders;
// base is the origin to prefix ("" for site-relative URLs). gen validate
// uses it with the production origin; the validator page's module gets it
// through pairagConfigure.
func Docs(doc *protocol.Document, base string) *protocol.DocsIndex {
	x := &protocol.DocsIndex{
		Base:   base,
		Pages:  map[string]string{en: pageURL(en, referenceRel(doc)), zh: pageURL(zh, referenceRel(doc))},
		Codes:  FindingAnchors(),
		Fields: map[string]string{},
	}
	for c := range fieldCodes {
		x.FieldCodes = append(x.FieldCodes, c)
	}
	slices.Sort(x.FieldCodes)
	var walk func(prefix, list string, fields []protocol.Field, depth int)
	walk = func(prefix, list string, fields []protocol.Field, depth int) {
		for _, f := range fields {
			path := prefix + f.Name
			x.Fields[path] = reference.FieldAnchor(list, f.Name)
			if f.Ref != "" && depth < 8 {
				sub, _ := doc.FieldList(f.Ref)
				walk(path+"/", f.Ref, sub, depth+1)
			}
		}
	}
	walk("", "top_level", doc.TopLevel.Fields, 0)
	return x
}

// FindingAnchors returns a copy of the code → anchor map (the anchors are
// the same on both languages' reference pages).
func FindingAnchors() map[string]string {
	out := make(map[string]string, len(findingAnchors))
	for k, v := range findingAnchors {
		out[k] = v
	}
	return out
}
