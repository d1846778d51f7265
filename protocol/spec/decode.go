package spec

import (
	"strconv"

	"pairag.com/portal/protocol/internal/format"
	"pairag.com/portal/protocol/jsonpos"
)

// The protocol document is decoded from the tree jsonpos reads, not with
// encoding/json: the WebAssembly module parses every embedded version when
// it starts, and encoding/json with the reflect package it needs was about
// a quarter of the module. The decoder is strict, as Parse always was: an
// unknown key, a key written twice, a value of the wrong type or a number
// that does not fit is an error at its line and column. Null leaves a
// field at its zero value, as encoding/json does. TestDecodeMatchesJSON
// holds the result to encoding/json on every version.

// decodeMaxDepth is how deep a protocol document may nest.
const decodeMaxDepth = 64

// decoder fills Go values from a jsonpos tree and keeps the first problem.
type decoder struct {
	text []byte
	err  error
}

// decodeDocument decodes the text of a protocol document into d.
func decodeDocument(text []byte, d *Document) error {
	root, issues := jsonpos.Parse(text, 0, decodeMaxDepth)
	if len(issues) > 0 {
		// Where a strict reader stops: at the issue, or for a trailing
		// comma at the bracket after it.
		is, at := issues[0], issues[0].Start
		if is.Code == "json-trailing-comma" {
			at = is.End
			for at < len(text) && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r') {
				at++
			}
		}
		p := jsonpos.Positions(text, []int{at})[0]
		return format.Errorf("%d:%d: the document is not strict JSON (%s): write it as RFC 8259 JSON", p.Line, p.Column, is.Code)
	}
	dec := &decoder{text: text}
	dec.document(root, d)
	return dec.err
}

// fail records a problem with the value n at path, unless one came first.
func (dec *decoder) fail(at int, path, msg string) {
	if dec.err == nil {
		p := jsonpos.Positions(dec.text, []int{at})[0]
		dec.err = format.Errorf("%d:%d: %s: %s", p.Line, p.Column, path, msg)
	}
}

// kindNames names the kinds of jsonpos nodes in messages.
var kindNames = map[byte]string{'{': "an object", '[': "an array", '"': "a string", '0': "a number", 't': "a boolean", 'f': "a boolean", 'n': "null"}

// want reports whether n holds a value of kind (false and true are both
// 't'); null is no value and no error.
func (dec *decoder) want(n *jsonpos.Node, path string, kind byte) bool {
	k := n.Kind
	if k == 'f' {
		k = 't'
	}
	switch {
	case k == 'n':
		return false
	case k != kind:
		dec.fail(n.Start, path, "want "+kindNames[kind]+", found "+kindNames[n.Kind])
		return false
	}
	return true
}

// object calls set for every member of the object n; set reports whether
// it knows the key.
func (dec *decoder) object(n *jsonpos.Node, path string, set func(key string, v *jsonpos.Node, path string) bool) {
	if !dec.want(n, path, '{') {
		return
	}
	for _, m := range n.Members {
		at := path + "." + m.Key
		switch {
		case m.Shadowed:
			dec.fail(m.KeyStart, at, "the key is written twice")
		case !set(m.Key, m.Val, at):
			dec.fail(m.KeyStart, path, "unknown field "+strconv.Quote(m.Key))
		}
	}
}

func (dec *decoder) str(n *jsonpos.Node, path string, p *string) {
	if dec.want(n, path, '"') {
		*p = n.Str
	}
}

func (dec *decoder) boolean(n *jsonpos.Node, path string, p *bool) {
	if dec.want(n, path, 't') {
		*p = n.Kind == 't'
	}
}

func (dec *decoder) int64(n *jsonpos.Node, path string, p *int64) {
	if dec.want(n, path, '0') {
		v, err := strconv.ParseInt(n.Str, 10, 64)
		if err != nil {
			dec.fail(n.Start, path, "want an integer, found "+n.Str)
		}
		*p = v
	}
}

func (dec *decoder) integer(n *jsonpos.Node, path string, p *int) {
	var v int64
	dec.int64(n, path, &v)
	*p = int(v)
}

func (dec *decoder) float(n *jsonpos.Node, path string, p *float64) {
	if dec.want(n, path, '0') {
		v, err := strconv.ParseFloat(n.Str, 64)
		if err != nil {
			dec.fail(n.Start, path, "the number "+n.Str+" does not fit")
		}
		*p = v
	}
}

// optional decodes a value that may be absent into a new T.
func optional[T any](dec *decoder, n *jsonpos.Node, path string, p **T, elem func(*jsonpos.Node, string, *T)) {
	if n.Kind != 'n' {
		*p = new(T)
		elem(n, path, *p)
	}
}

// list decodes an array with elem for each item.
func list[T any](dec *decoder, n *jsonpos.Node, path string, p *[]T, elem func(*jsonpos.Node, string, *T)) {
	if !dec.want(n, path, '[') {
		return
	}
	*p = make([]T, len(n.Items))
	for i, it := range n.Items {
		elem(it, path+"["+strconv.Itoa(i)+"]", &(*p)[i])
	}
}

// dict decodes an object with elem for each member's value.
func dict[T any](dec *decoder, n *jsonpos.Node, path string, p *map[string]T, elem func(*jsonpos.Node, string, *T)) {
	if !dec.want(n, path, '{') {
		return
	}
	*p = make(map[string]T, len(n.Members))
	for _, m := range n.Members {
		if m.Shadowed {
			dec.fail(m.KeyStart, path+"."+m.Key, "the key is written twice")
			continue
		}
		var v T
		elem(m.Val, path+"."+m.Key, &v)
		(*p)[m.Key] = v
	}
}

func (dec *decoder) strs(n *jsonpos.Node, path string, p *[]string) { list(dec, n, path, p, dec.str) }

// value decodes any JSON value as encoding/json does into an any:
// map[string]any, []any, string, float64, bool or nil.
func (dec *decoder) value(n *jsonpos.Node, path string, p *any) {
	switch n.Kind {
	case '{':
		m := map[string]any{}
		dict(dec, n, path, &m, dec.value)
		*p = m
	case '[':
		var s []any
		list(dec, n, path, &s, dec.value)
		*p = s
	case '"':
		*p = n.Str
	case '0':
		var f float64
		dec.float(n, path, &f)
		*p = f
	case 't', 'f':
		*p = n.Kind == 't'
	default:
		*p = nil
	}
}

func (dec *decoder) field(n *jsonpos.Node, path string, f *Field) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "name":
			dec.str(v, at, &f.Name)
		case "type":
			dec.str(v, at, &f.Type)
		case "items":
			dec.str(v, at, &f.Items)
		case "ref":
			dec.str(v, at, &f.Ref)
		case "enum":
			dec.str(v, at, &f.Enum)
		case "const":
			dec.value(v, at, &f.Const)
		case "values":
			dec.strs(v, at, &f.Values)
		case "examples":
			list(dec, v, at, &f.Examples, dec.value)
		case "minimum":
			optional(dec, v, at, &f.Minimum, dec.float)
		case "maximum":
			optional(dec, v, at, &f.Maximum, dec.float)
		case "min_length":
			optional(dec, v, at, &f.MinLength, dec.integer)
		case "min_items":
			optional(dec, v, at, &f.MinItems, dec.integer)
		case "max_items":
			optional(dec, v, at, &f.MaxItems, dec.integer)
		case "pattern":
			dec.str(v, at, &f.Pattern)
		case "unique":
			dec.boolean(v, at, &f.Unique)
		case "human_facing":
			dec.boolean(v, at, &f.HumanFacing)
		case "description":
			dec.str(v, at, &f.Description)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) fields(n *jsonpos.Node, path string, p *[]Field) {
	list(dec, n, path, p, dec.field)
}

func (dec *decoder) strMap(n *jsonpos.Node, path string, p *map[string]string) {
	dict(dec, n, path, p, dec.str)
}

func (dec *decoder) intMap(n *jsonpos.Node, path string, p *map[string]int) {
	dict(dec, n, path, p, dec.integer)
}

func (dec *decoder) rename(n *jsonpos.Node, path string, r *Rename) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "list":
			dec.str(v, at, &r.List)
		case "from":
			dec.str(v, at, &r.From)
		case "to":
			dec.str(v, at, &r.To)
		case "description":
			dec.str(v, at, &r.Description)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) topLevel(n *jsonpos.Node, path string, t *TopLevel) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "allowed_fields":
			dec.strs(v, at, &t.AllowedFields)
		case "deprecated_fields":
			dec.strMap(v, at, &t.DeprecatedFields)
		case "fields":
			dec.fields(v, at, &t.Fields)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) condition(n *jsonpos.Node, path string, c *Condition) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "field":
			dec.str(v, at, &c.Field)
		case "rule":
			dec.str(v, at, &c.Rule)
		case "description":
			dec.str(v, at, &c.Description)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) projectTag(n *jsonpos.Node, path string, t *ProjectTag) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "id":
			dec.integer(v, at, &t.ID)
		case "name":
			dec.str(v, at, &t.Name)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) countRule(n *jsonpos.Node, path string, c *CountRule) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "min_items":
			dec.integer(v, at, &c.MinItems)
		case "max_items":
			dec.integer(v, at, &c.MaxItems)
		case "description":
			dec.str(v, at, &c.Description)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) language(n *jsonpos.Node, path string, l *Language) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "id":
			dec.integer(v, at, &l.ID)
		case "bcp47":
			dec.str(v, at, &l.BCP47)
		case "iso639_1":
			dec.str(v, at, &l.ISO6391)
		case "name_en":
			dec.str(v, at, &l.NameEN)
		case "script":
			dec.str(v, at, &l.Script)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) fallback(n *jsonpos.Node, path string, f *Fallback) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "bcp47":
			dec.str(v, at, &f.BCP47)
		case "id":
			dec.integer(v, at, &f.ID)
		case "description":
			dec.str(v, at, &f.Description)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) scriptCheck(n *jsonpos.Node, path string, s *ScriptCheck) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "description":
			dec.str(v, at, &s.Description)
		case "min_letters":
			dec.integer(v, at, &s.MinLetters)
		case "dominance":
			dec.float(v, at, &s.Dominance)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) bearerType(n *jsonpos.Node, path string, b *BearerType) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "value":
			dec.integer(v, at, &b.Value)
		case "description":
			dec.str(v, at, &b.Description)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) stageTypeChoice(n *jsonpos.Node, path string, c *StageTypeChoice) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "stage_type":
			dec.integer(v, at, &c.StageType)
		case "use_when":
			dec.str(v, at, &c.UseWhen)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) pointsAndFiat(n *jsonpos.Node, path string, p *PointsAndFiat) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "points_fields":
			dec.strs(v, at, &p.PointsFields)
		case "fiat_fields":
			dec.strs(v, at, &p.FiatFields)
		case "rules":
			dec.strs(v, at, &p.Rules)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) tierLimit(n *jsonpos.Node, path string, t *TierLimit) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "location_granularity":
			dec.str(v, at, &t.LocationGranularity)
		case "max_stages":
			dec.integer(v, at, &t.MaxStages)
		case "max_task_duration_days":
			dec.integer(v, at, &t.MaxTaskDurationDays)
		case "fiat_available":
			dec.boolean(v, at, &t.FiatAvailable)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) locationPolicy(n *jsonpos.Node, path string, l *LocationPolicy) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "anywhere_values":
			dec.strs(v, at, &l.AnywhereValues)
		case "granularity_order":
			dec.strs(v, at, &l.GranularityOrder)
		case "separators":
			dec.strs(v, at, &l.Separators)
		case "rules":
			dec.strs(v, at, &l.Rules)
		default:
			return false
		}
		return true
	})
}

// pair decodes a two-number array; like encoding/json into a [2]int, a
// shorter array leaves zeros and a longer one is an error here.
func (dec *decoder) pair(n *jsonpos.Node, path string, p *[2]int) {
	var s []int
	list(dec, n, path, &s, dec.integer)
	if len(s) > 2 {
		dec.fail(n.Start, path, "want two numbers, found "+strconv.Itoa(len(s)))
	}
	copy(p[:], s)
}

func (dec *decoder) isicSection(n *jsonpos.Node, path string, s *ISICSection) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "section":
			dec.str(v, at, &s.Section)
		case "divisions":
			list(dec, v, at, &s.Divisions, dec.pair)
		case "name":
			dec.str(v, at, &s.Name)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) limits(n *jsonpos.Node, path string, l *Limits) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "max_bytes":
			dec.integer(v, at, &l.MaxBytes)
		case "max_depth":
			dec.integer(v, at, &l.MaxDepth)
		case "max_number_length":
			dec.integer(v, at, &l.MaxNumberLength)
		case "max_findings":
			dec.integer(v, at, &l.MaxFindings)
		case "description":
			dec.str(v, at, &l.Description)
		default:
			return false
		}
		return true
	})
}

func (dec *decoder) example(n *jsonpos.Node, path string, e *Example) {
	dec.object(n, path, func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "tier":
			dec.str(v, at, &e.Tier)
		case "description":
			dec.str(v, at, &e.Description)
		case "payload":
			e.Payload = RawJSON(dec.text[v.Start:v.End:v.End])
		default:
			return false
		}
		return true
	})
}

// document decodes the whole document; its keys are the json tags of Document.
func (dec *decoder) document(n *jsonpos.Node, d *Document) {
	dec.object(n, "document", func(k string, v *jsonpos.Node, at string) bool {
		switch k {
		case "protocol":
			dec.str(v, at, &d.Protocol)
		case "version":
			dec.str(v, at, &d.Version)
		case "canonical_url":
			dec.str(v, at, &d.CanonicalURL)
		case "schema_url":
			dec.str(v, at, &d.SchemaURL)
		case "summary":
			dec.str(v, at, &d.Summary)
		case "renamed_fields":
			list(dec, v, at, &d.RenamedFields, dec.rename)
		case "top_level":
			dec.topLevel(v, at, &d.TopLevel)
		case "required_top_level_fields":
			dec.strs(v, at, &d.RequiredTopLevelFields)
		case "required_manifest_fields":
			dec.strs(v, at, &d.RequiredManifestFields)
		case "required_global_config_fields":
			dec.strs(v, at, &d.RequiredGlobalConfigFields)
		case "required_stage_fields":
			dec.strs(v, at, &d.RequiredStageFields)
		case "required_data_format_fields":
			dec.strs(v, at, &d.RequiredDataFormatFields)
		case "required_harness_policy_fields":
			dec.strs(v, at, &d.RequiredHarnessPolicyFields)
		case "required_agent_skill_fields":
			dec.strs(v, at, &d.RequiredAgentSkillFields)
		case "required_context_constraints_fields":
			dec.strs(v, at, &d.RequiredContextConstraintsFields)
		case "manifest_fields":
			dec.fields(v, at, &d.ManifestFields)
		case "global_config_fields":
			dec.fields(v, at, &d.GlobalConfigFields)
		case "stage_fields":
			dec.fields(v, at, &d.StageFields)
		case "data_format_fields":
			dec.fields(v, at, &d.DataFormatFields)
		case "harness_policy_fields":
			dec.fields(v, at, &d.HarnessPolicyFields)
		case "agent_skill_fields":
			dec.fields(v, at, &d.AgentSkillFields)
		case "context_constraints_fields":
			dec.fields(v, at, &d.ContextConstraintsFields)
		case "input_limit_fields":
			dec.fields(v, at, &d.InputLimitFields)
		case "output_limit_fields":
			dec.fields(v, at, &d.OutputLimitFields)
		case "open_field_lists":
			dec.strs(v, at, &d.OpenFieldLists)
		case "context_constraints_defaults":
			dict(dec, v, at, &d.ContextConstraintsDefaults, func(n *jsonpos.Node, path string, p *map[string]any) { dict(dec, n, path, p, dec.value) })
		case "conditional_requirements":
			list(dec, v, at, &d.ConditionalRequirements, dec.condition)
		case "ownership_enum":
			dec.intMap(v, at, &d.OwnershipEnum)
		case "ownership_enum_descriptions":
			dec.strMap(v, at, &d.OwnershipEnumDescriptions)
		case "project_tags":
			list(dec, v, at, &d.ProjectTags, dec.projectTag)
		case "project_tags_rule":
			dec.countRule(v, at, &d.ProjectTagsRule)
		case "language_codebook":
			list(dec, v, at, &d.LanguageCodebook, dec.language)
		case "language_aliases":
			dec.strMap(v, at, &d.LanguageAliases)
		case "language_fallback":
			dec.fallback(v, at, &d.LanguageFallback)
		case "human_facing_language":
			dec.str(v, at, &d.HumanFacingLanguage)
		case "language_script_check":
			dec.scriptCheck(v, at, &d.LanguageScriptCheck)
		case "token_cost_bearer_type":
			dec.bearerType(v, at, &d.TokenCostBearerType)
		case "stage_type_enum":
			dec.intMap(v, at, &d.StageTypeEnum)
		case "stage_type_enum_descriptions":
			dec.strMap(v, at, &d.StageTypeEnumDescriptions)
		case "stage_type_selection":
			list(dec, v, at, &d.StageTypeSelection, dec.stageTypeChoice)
		case "stage_type_patterns":
			dec.strs(v, at, &d.StageTypePatterns)
		case "script_language_enum":
			dec.intMap(v, at, &d.ScriptLanguageEnum)
		case "data_format_type_enum":
			dec.intMap(v, at, &d.DataFormatTypeEnum)
		case "data_format_other_needs_schema":
			dec.boolean(v, at, &d.DataFormatOtherNeedsSchema)
		case "type_criteria":
			dict(dec, v, at, &d.TypeCriteria, dec.fields)
		case "type_criteria_rule":
			dec.str(v, at, &d.TypeCriteriaRule)
		case "points_and_fiat":
			dec.pointsAndFiat(v, at, &d.PointsAndFiat)
		case "tiers":
			dec.strs(v, at, &d.Tiers)
		case "default_tier":
			dec.str(v, at, &d.DefaultTier)
		case "tier_limits":
			dict(dec, v, at, &d.TierLimits, dec.tierLimit)
		case "tier_rules":
			dec.strs(v, at, &d.TierRules)
		case "tier_enforcement":
			dec.strMap(v, at, &d.TierEnforcement)
		case "location_policy":
			dec.locationPolicy(v, at, &d.LocationPolicy)
		case "isic_rev4_sections":
			list(dec, v, at, &d.ISICSections, dec.isicSection)
		case "integer_max":
			dec.int64(v, at, &d.IntegerMax)
		case "validation_limits":
			dec.limits(v, at, &d.Limits)
		case "notes":
			dec.strs(v, at, &d.Notes)
		case "example":
			dec.example(v, at, &d.Example)
		default:
			return false
		}
		return true
	})
}
