package reference

import (
	"strings"

	"pairag.com/portal/protocol/catalog"
)

// Anchors of the rows of generated tables. They are the same on both
// languages' pages, derived from protocol names, never from labels:
//
//	manifest.language, global_config.message_bus, stage.stage_type   a field: its list's name without _fields, then the field
//	input_limit.max_tokens, top_level.agents                          fields of nested lists and the top level alike
//	stage_type.compliance_guardrail, ownership.shared                 an enum value: the enum's name without _enum, then the key
//	project_tags.3, language_codebook.en, language_aliases.en-US      a codebook entry: the table, then the id, tag or alias
//	type_criteria.software.ci_required                                a type_criteria key of a stage type
//	tier_limits.manifest.location, context_constraints_defaults.input_limit.max_tokens
//
// The tables themselves carry the protocol name they show
// (manifest_fields, ownership_enum, language_codebook), which type cells
// link to.

// FieldAnchor is the anchor of a field of the list named ref
// (manifest_fields); the rule is protocol's, whose docs index links
// findings to these rows.
func FieldAnchor(ref, name string) string { return catalog.FieldAnchor(ref, name) }

// enumAnchor is the anchor of a value of an enum or codebook table.
func enumAnchor(table, key string) string {
	return strings.TrimSuffix(table, "_enum") + "." + key
}

// criteriaAnchor is the anchor of a type_criteria key of a stage type
// (protocol's rule, as for fields).
func criteriaAnchor(stageKey, field string) string { return catalog.CriteriaAnchor(stageKey, field) }

// refURL links a protocol name shown in a table (a field list or an enum)
// to its table on the field reference page, in the page's language; a
// list shown inside the context_constraints table (input_limit_fields) gets
// no link.
func (t *tables) refURL(name string) string {
	for _, f := range t.doc.ContextConstraintsFields {
		if f.Ref == name { // shown inside the context_constraints table (contextConstraints)
			return ""
		}
	}
	return t.refPage + "#" + name
}
