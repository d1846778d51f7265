package spec

import (
	"slices"
	"strconv"
	"strings"

	"pairag.com/portal/protocol/internal/format"
)

// Schema returns the JSON Schema (draft 2020-12) derived from the document.
// Every enum, required list and range in it is read from the document, so the
// schema cannot drift from the protocol it describes. Editors can use it
// through "$schema"; the validator compiles the same value.
func (d *Document) Schema() ([]byte, error) {
	b, err := appendIndented(nil, d.schemaValue(), "")
	if err != nil {
		return nil, format.Errorf("encode schema: %w", err)
	}
	return append(b, '\n'), nil
}

type object = map[string]any

// schemaValue builds the schema as plain Go values.
func (d *Document) schemaValue() object {
	defs := object{}
	for _, ref := range []string{"global_config_fields", "data_format_fields", "harness_policy_fields",
		"agent_skill_fields", "context_constraints_fields", "input_limit_fields", "output_limit_fields"} {
		defs[ref] = d.objectSchema(ref, nil)
	}
	defs["stage_fields"] = d.stageSchema()
	defs["manifest_fields"] = d.objectSchema("manifest_fields", nil)

	props := object{}
	for _, f := range d.TopLevel.Fields {
		props[f.Name] = d.fieldSchema(f)
	}
	return object{
		"$schema":              "https://json-schema.org/draft/2020-12/schema",
		"$id":                  d.SchemaURL,
		"title":                d.Protocol + " " + d.Version,
		"description":          d.Summary,
		"type":                 "object",
		"required":             d.RequiredTopLevelFields,
		"properties":           props,
		"additionalProperties": false,
		"$defs":                defs,
	}
}

// objectSchema describes an object from one of the document's field lists.
// Unknown keys are allowed: the validator warns about them with a suggestion,
// which is friendlier than a schema error and keeps forward compatibility.
func (d *Document) objectSchema(ref string, extra object) object {
	fields, _ := d.FieldList(ref)
	props := object{}
	for _, f := range fields {
		props[f.Name] = d.fieldSchema(f)
	}
	s := object{"type": "object", "properties": props}
	if req := d.Required(ref); len(req) > 0 {
		s["required"] = req
	}
	for k, v := range extra {
		s[k] = v
	}
	return s
}

// stageSchema adds the per-type type_criteria definitions to the stage object,
// so editors complete the keys that belong to the chosen stage_type.
func (d *Document) stageSchema() object {
	ids := make([]int, 0, len(d.TypeCriteria))
	for k := range d.TypeCriteria {
		n, _ := strconv.Atoi(k)
		ids = append(ids, n)
	}
	slices.Sort(ids)
	allOf := []any{d.fiatSchema()}
	for _, id := range ids {
		props := object{}
		for _, f := range d.CriteriaFor(id) {
			props[f.Name] = d.fieldSchema(f)
		}
		allOf = append(allOf, object{
			"if":   object{"properties": object{"stage_type": object{"const": id}}, "required": []string{"stage_type"}},
			"then": object{"properties": object{"type_criteria": object{"type": "object", "properties": props}}},
		})
	}
	return d.objectSchema("stage_fields", object{"allOf": allOf})
}

// fiatSchema states the points-versus-fiat rule of the document's
// conditional requirements: a stage with fiat_enabled true needs
// fiat_list_amount_usd, and its points fields must be 0.
func (d *Document) fiatSchema() object {
	pf := d.PointsAndFiat
	enabled, amount := pf.FiatFields[0], pf.FiatFields[1]
	zero := object{amount: object{}} // named here too, as strict validators (Ajv) require for required keys
	for _, p := range pf.PointsFields {
		zero[p] = object{"const": 0}
	}
	return object{
		"if":   object{"properties": object{enabled: object{"const": true}}, "required": []string{enabled}},
		"then": object{"required": []string{amount}, "properties": zero},
	}
}

// fieldSchema describes one field's value.
func (d *Document) fieldSchema(f Field) object {
	s := object{"description": f.Description}
	if f.Type == "array" {
		s["type"] = "array"
		item := d.valueSchema(Field{Type: f.Items, Ref: f.Ref, Enum: f.Enum})
		if v, ok := item["description"]; ok {
			s["description"] = f.Description + " " + v.(string)
			delete(item, "description")
		}
		s["items"] = item
		if f.MinItems != nil {
			s["minItems"] = *f.MinItems
		}
		if f.MaxItems != nil {
			s["maxItems"] = *f.MaxItems
		}
		return s
	}
	for k, v := range d.valueSchema(f) {
		if k == "description" {
			v = f.Description + " " + v.(string)
		}
		s[k] = v
	}
	return s
}

// valueSchema describes a scalar or object value (an array's items included).
func (d *Document) valueSchema(f Field) object {
	s := object{}
	if f.Ref != "" {
		s["$ref"] = "#/$defs/" + f.Ref
		return s
	}
	s["type"] = f.Type
	switch {
	case f.Const != nil:
		s["const"] = f.Const
	case f.Enum == "language_codebook":
		// Preferred tags and their aliases (the validator warns on aliases and
		// offers the preferred tag); editors complete the preferred tags.
		var tags, all []any
		for _, l := range d.LanguageCodebook {
			tags = append(tags, l.BCP47)
			all = append(all, l.BCP47)
		}
		aliases := make([]string, 0, len(d.LanguageAliases))
		for a := range d.LanguageAliases {
			aliases = append(aliases, a)
		}
		slices.Sort(aliases)
		for _, a := range aliases {
			all = append(all, a)
		}
		s["enum"] = all
		s["examples"] = tags
	case f.Enum != "":
		values, _ := d.Enum(f.Enum)
		var ids []any
		var labels []string
		for _, v := range values {
			ids = append(ids, v.ID)
			labels = append(labels, format.Sprintf("%d = %s", v.ID, v.Key))
		}
		s["enum"] = ids
		// Editors show the description on hover; standard keywords only, so
		// strict validators (Ajv) accept the schema.
		s["description"] = "Values: " + strings.Join(labels, ", ") + "."
	case len(f.Values) > 0:
		s["enum"] = f.Values
	}
	if len(f.Examples) > 0 {
		s["examples"] = f.Examples
	}
	if f.MinLength != nil {
		s["minLength"] = *f.MinLength
	}
	if f.Pattern != "" {
		s["pattern"] = f.Pattern
	}
	if f.Minimum != nil {
		s["minimum"] = *f.Minimum
	}
	if f.Maximum != nil {
		s["maximum"] = *f.Maximum
	} else if f.Type == "integer" && d.IntegerMax > 0 {
		s["maximum"] = d.IntegerMax
	}
	return s
}
