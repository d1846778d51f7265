package spec

import (
	"strconv"
	"sync"

	"pairag.com/portal/protocol/internal/format"
	"pairag.com/portal/protocol/internal/pattern"
)

// Field describes one key of an object in the payload, as the docs tables and
// the schema show it.
type Field struct {
	Name        string   `json:"name"`
	Type        string   `json:"type"`            // JSON type: string, integer, number, boolean, array, object
	Items       string   `json:"items,omitempty"` // element type of an array
	Ref         string   `json:"ref,omitempty"`   // document key of the field list describing an object (or array items)
	Enum        string   `json:"enum,omitempty"`  // document key of the enum or codebook the value comes from
	Const       any      `json:"const,omitempty"`
	Values      []string `json:"values,omitempty"`   // closed set of string values
	Examples    []any    `json:"examples,omitempty"` // open examples
	Minimum     *float64 `json:"minimum,omitempty"`
	Maximum     *float64 `json:"maximum,omitempty"`
	MinLength   *int     `json:"min_length,omitempty"`
	MinItems    *int     `json:"min_items,omitempty"`
	MaxItems    *int     `json:"max_items,omitempty"`
	Pattern     string   `json:"pattern,omitempty"`
	Unique      bool     `json:"unique,omitempty"`
	HumanFacing bool     `json:"human_facing,omitempty"` // written in manifest.language
	Description string   `json:"description"`
}

// TopLevel describes the payload's outer object.
type TopLevel struct {
	AllowedFields    []string          `json:"allowed_fields"`
	DeprecatedFields map[string]string `json:"deprecated_fields"`
	Fields           []Field           `json:"fields"`
}

// Condition is a requirement that depends on another value (tier, fiat flag).
type Condition struct {
	Field       string `json:"field"`
	Rule        string `json:"rule"`
	Description string `json:"description"`
}

// ProjectTag is one entry of the closed project tag list.
type ProjectTag struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// CountRule bounds the number of items of an array field.
type CountRule struct {
	MinItems    int    `json:"min_items"`
	MaxItems    int    `json:"max_items"`
	Description string `json:"description"`
}

// Language is one entry of the language codebook.
type Language struct {
	ID      int    `json:"id"`
	BCP47   string `json:"bcp47"`
	ISO6391 string `json:"iso639_1"`
	NameEN  string `json:"name_en"`
	Script  string `json:"script"` // ISO 15924 code of the script the language is written in
}

// Fallback says what runtimes do with a tag outside the codebook.
type Fallback struct {
	BCP47       string `json:"bcp47"`
	ID          int    `json:"id"`
	Description string `json:"description"`
}

// ScriptCheck tunes the warning for human-facing text in another script.
type ScriptCheck struct {
	Description string  `json:"description"`
	MinLetters  int     `json:"min_letters"`
	Dominance   float64 `json:"dominance"`
}

// BearerType holds the only accepted token_cost_bearer_type.
type BearerType struct {
	Value       int    `json:"value"`
	Description string `json:"description"`
}

// StageTypeChoice maps a kind of need to the stage type that serves it.
type StageTypeChoice struct {
	StageType int    `json:"stage_type"`
	UseWhen   string `json:"use_when"`
}

// PointsAndFiat states the two payment systems and their rules.
type PointsAndFiat struct {
	PointsFields []string `json:"points_fields"`
	FiatFields   []string `json:"fiat_fields"`
	Rules        []string `json:"rules"`
}

// TierLimit is what one membership tier allows.
type TierLimit struct {
	LocationGranularity string `json:"location_granularity"` // anywhere, country or city
	MaxStages           int    `json:"max_stages"`
	MaxTaskDurationDays int    `json:"max_task_duration_days"`
	FiatAvailable       bool   `json:"fiat_available"`
}

// LocationPolicy is the project's decision on the shapes of manifest.location.
type LocationPolicy struct {
	AnywhereValues   []string `json:"anywhere_values"`
	GranularityOrder []string `json:"granularity_order"`
	Separators       []string `json:"separators"`
	Rules            []string `json:"rules"`
}

// ISICSection is an ISIC Rev.4 section with its division ranges.
type ISICSection struct {
	Section   string   `json:"section"`
	Divisions [][2]int `json:"divisions"`
	Name      string   `json:"name"`
}

// Limits bound the input the validator accepts and what it reports, so
// every input is answered in time linear in its size.
type Limits struct {
	MaxBytes        int    `json:"max_bytes"`         // larger input gets one finding
	MaxDepth        int    `json:"max_depth"`         // deeper nesting gets one finding
	MaxNumberLength int    `json:"max_number_length"` // longer number literals get one finding, judged in constant time
	MaxFindings     int    `json:"max_findings"`      // findings reported; the rest are counted in one summary finding
	Description     string `json:"description"`
}

// Example is the document's complete example payload and the tier it passes for.
type Example struct {
	Tier        string  `json:"tier"`
	Description string  `json:"description"`
	Payload     RawJSON `json:"payload"`
}

// Rename says that a field of the previous version is called To in this
// one. List is the field list holding it (top_level, manifest_fields, ...).
type Rename struct {
	List        string `json:"list"`
	From        string `json:"from"`
	To          string `json:"to"`
	Description string `json:"description"`
}

// Document is the parsed protocol file: the single source of every enum,
// codebook, required list and limit used by the schema, the validator and the docs.
type Document struct {
	Protocol     string `json:"protocol"`
	Version      string `json:"version"`
	CanonicalURL string `json:"canonical_url"`
	SchemaURL    string `json:"schema_url"`
	Summary      string `json:"summary"`
	// RenamedFields declares the fields this version renamed since the
	// previous one; a field missing from a list is otherwise retired.
	RenamedFields []Rename `json:"renamed_fields,omitempty"`
	TopLevel      TopLevel `json:"top_level"`

	RequiredTopLevelFields           []string `json:"required_top_level_fields"`
	RequiredManifestFields           []string `json:"required_manifest_fields"`
	RequiredGlobalConfigFields       []string `json:"required_global_config_fields"`
	RequiredStageFields              []string `json:"required_stage_fields"`
	RequiredDataFormatFields         []string `json:"required_data_format_fields"`
	RequiredHarnessPolicyFields      []string `json:"required_harness_policy_fields"`
	RequiredAgentSkillFields         []string `json:"required_agent_skill_fields"`
	RequiredContextConstraintsFields []string `json:"required_context_constraints_fields"`

	ManifestFields           []Field `json:"manifest_fields"`
	GlobalConfigFields       []Field `json:"global_config_fields"`
	StageFields              []Field `json:"stage_fields"`
	DataFormatFields         []Field `json:"data_format_fields"`
	HarnessPolicyFields      []Field `json:"harness_policy_fields"`
	AgentSkillFields         []Field `json:"agent_skill_fields"`
	ContextConstraintsFields []Field `json:"context_constraints_fields"`
	InputLimitFields         []Field `json:"input_limit_fields"`
	OutputLimitFields        []Field `json:"output_limit_fields"`

	OpenFieldLists             []string                  `json:"open_field_lists"` // lists of common keys; other keys are allowed
	ContextConstraintsDefaults map[string]map[string]any `json:"context_constraints_defaults"`
	ConditionalRequirements    []Condition               `json:"conditional_requirements"`

	OwnershipEnum             map[string]int    `json:"ownership_enum"`
	OwnershipEnumDescriptions map[string]string `json:"ownership_enum_descriptions"`
	ProjectTags               []ProjectTag      `json:"project_tags"`
	ProjectTagsRule           CountRule         `json:"project_tags_rule"`
	LanguageCodebook          []Language        `json:"language_codebook"`
	LanguageAliases           map[string]string `json:"language_aliases"`
	LanguageFallback          Fallback          `json:"language_fallback"`
	HumanFacingLanguage       string            `json:"human_facing_language"` // the rule for the language of human-facing strings
	LanguageScriptCheck       ScriptCheck       `json:"language_script_check"`
	TokenCostBearerType       BearerType        `json:"token_cost_bearer_type"`

	StageTypeEnum              map[string]int    `json:"stage_type_enum"`
	StageTypeEnumDescriptions  map[string]string `json:"stage_type_enum_descriptions"`
	StageTypeSelection         []StageTypeChoice `json:"stage_type_selection"`
	StageTypePatterns          []string          `json:"stage_type_patterns"`
	ScriptLanguageEnum         map[string]int    `json:"script_language_enum"`
	DataFormatTypeEnum         map[string]int    `json:"data_format_type_enum"`
	DataFormatOtherNeedsSchema bool              `json:"data_format_other_needs_schema"`

	TypeCriteria     map[string][]Field `json:"type_criteria"` // keyed by stage type id
	TypeCriteriaRule string             `json:"type_criteria_rule"`

	PointsAndFiat   PointsAndFiat        `json:"points_and_fiat"`
	Tiers           []string             `json:"tiers"`
	DefaultTier     string               `json:"default_tier"`
	TierLimits      map[string]TierLimit `json:"tier_limits"`
	TierRules       []string             `json:"tier_rules"`
	TierEnforcement map[string]string    `json:"tier_enforcement"`
	LocationPolicy  LocationPolicy       `json:"location_policy"`
	ISICSections    []ISICSection        `json:"isic_rev4_sections"`
	IntegerMax      int64                `json:"integer_max"`
	Limits          Limits               `json:"validation_limits"`
	Notes           []string             `json:"notes"`
	Example         Example              `json:"example"`

	// Text is the document as published, byte for byte: set by
	// ParseVersions and ParseSet, and in the generated documents of package
	// published, except in the WebAssembly module, which never publishes
	// them. Parse alone leaves it empty.
	Text string `json:"-"`
	// Changed is what changed since the version before this one in its
	// set (Changes of the two, as ParseSet computes it): nil for the
	// oldest and for a document parsed alone. The WebAssembly module reads
	// it from the generated documents instead of linking Changes.
	Changed []Change `json:"-"`

	memoMu sync.Mutex
	memo   map[any]any // what other packages derive from the document (see Memo)
}

// EnumValue is one key/id pair of an enum, in id order.
type EnumValue struct {
	Key string
	ID  int
}

// Raw returns the document's text as published (a copy of Text), or nil
// where Text is empty.
func (d *Document) Raw() []byte {
	if d.Text == "" {
		return nil
	}
	return []byte(d.Text)
}

// Memo returns what build derives from the document, building it on the
// first call with key and keeping it with the document, so the engine's
// index of a document is built once however many payloads it judges. Keys
// are compared with ==: a package uses a key of a type of its own. Safe
// for concurrent use; build must not call Memo on the same document.
func (d *Document) Memo(key any, build func() any) any {
	d.memoMu.Lock()
	defer d.memoMu.Unlock()
	if v, ok := d.memo[key]; ok {
		return v
	}
	if d.memo == nil {
		d.memo = map[any]any{}
	}
	v := build()
	d.memo[key] = v
	return v
}

// Parse decodes a protocol document and checks that it is internally
// consistent, so a broken edit is reported before anything derives from it.
func Parse(data []byte) (*Document, error) {
	var d Document
	if err := decodeDocument(data, &d); err != nil {
		return nil, format.Errorf("parse protocol document: %w", err)
	}
	if err := d.check(); err != nil {
		return nil, format.Errorf("protocol document: %w", err)
	}
	return &d, nil
}

// RawJSON is JSON text kept as written (the example payload). It has no
// JSON methods of its own: the package decodes documents with its own
// decoder (decode.go), and nothing encodes a Document with encoding/json,
// which would write it as base64. The tests, which hold the decoder to
// encoding/json, give it RawMessage's behaviour.
type RawJSON []byte

// SortedEnum returns an enum's values ordered by id.
func SortedEnum(m map[string]int) []EnumValue {
	out := make([]EnumValue, 0, len(m))
	for k, v := range m {
		out = append(out, EnumValue{k, v})
	}
	// An insertion sort: an enum has tens of values, and slices.SortFunc
	// would add a sort of its own for this type to the module.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].ID < out[j-1].ID; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// Enum returns the enum or codebook a field refers to, as id-ordered values.
// Codebooks keyed by string (language) use the tag as Key and the codebook id as ID.
func (d *Document) Enum(name string) ([]EnumValue, bool) {
	switch name {
	case "ownership_enum":
		return SortedEnum(d.OwnershipEnum), true
	case "stage_type_enum":
		return SortedEnum(d.StageTypeEnum), true
	case "script_language_enum":
		return SortedEnum(d.ScriptLanguageEnum), true
	case "data_format_type_enum":
		return SortedEnum(d.DataFormatTypeEnum), true
	case "project_tags":
		out := make([]EnumValue, len(d.ProjectTags))
		for i, t := range d.ProjectTags {
			out[i] = EnumValue{t.Name, t.ID}
		}
		return out, true
	case "language_codebook":
		out := make([]EnumValue, len(d.LanguageCodebook))
		for i, l := range d.LanguageCodebook {
			out[i] = EnumValue{l.BCP47, l.ID}
		}
		return out, true
	}
	return nil, false
}

// FieldList returns the field list a Ref names.
func (d *Document) FieldList(ref string) ([]Field, bool) {
	switch ref {
	case "manifest_fields":
		return d.ManifestFields, true
	case "global_config_fields":
		return d.GlobalConfigFields, true
	case "stage_fields":
		return d.StageFields, true
	case "data_format_fields":
		return d.DataFormatFields, true
	case "harness_policy_fields":
		return d.HarnessPolicyFields, true
	case "agent_skill_fields":
		return d.AgentSkillFields, true
	case "context_constraints_fields":
		return d.ContextConstraintsFields, true
	case "input_limit_fields":
		return d.InputLimitFields, true
	case "output_limit_fields":
		return d.OutputLimitFields, true
	}
	return nil, false
}

// Required returns the required-field list that goes with a field list.
func (d *Document) Required(ref string) []string {
	switch ref {
	case "manifest_fields":
		return d.RequiredManifestFields
	case "global_config_fields":
		return d.RequiredGlobalConfigFields
	case "stage_fields":
		return d.RequiredStageFields
	case "data_format_fields":
		return d.RequiredDataFormatFields
	case "harness_policy_fields":
		return d.RequiredHarnessPolicyFields
	case "agent_skill_fields":
		return d.RequiredAgentSkillFields
	case "context_constraints_fields":
		return d.RequiredContextConstraintsFields
	}
	return nil
}

// StageTypeKey returns the protocol key of a stage type id.
func (d *Document) StageTypeKey(id int) (string, bool) {
	for k, v := range d.StageTypeEnum {
		if v == id {
			return k, true
		}
	}
	return "", false
}

// Language returns the codebook entry of a preferred tag.
func (d *Document) Language(tag string) (Language, bool) {
	for _, l := range d.LanguageCodebook {
		if l.BCP47 == tag {
			return l, true
		}
	}
	return Language{}, false
}

// CriteriaFor returns the type_criteria keys of a stage type.
func (d *Document) CriteriaFor(stageType int) []Field {
	return d.TypeCriteria[strconv.Itoa(stageType)]
}

// check reports internal inconsistencies of the document.
func (d *Document) check() error {
	refs := []string{"manifest_fields", "global_config_fields", "stage_fields", "data_format_fields",
		"harness_policy_fields", "agent_skill_fields", "context_constraints_fields"}
	for _, ref := range refs {
		fields, _ := d.FieldList(ref)
		names := map[string]bool{}
		for _, f := range fields {
			if names[f.Name] {
				return format.Errorf("%s: field %q listed twice", ref, f.Name)
			}
			names[f.Name] = true
			if f.Ref != "" {
				if _, ok := d.FieldList(f.Ref); !ok {
					return format.Errorf("%s.%s: ref %q names no field list", ref, f.Name, f.Ref)
				}
			}
			if f.Enum != "" {
				if _, ok := d.Enum(f.Enum); !ok {
					return format.Errorf("%s.%s: enum %q names no enum", ref, f.Name, f.Enum)
				}
			}
		}
		for _, r := range d.Required(ref) {
			if !names[r] {
				return format.Errorf("required field %q is not in %s", r, ref)
			}
		}
	}
	for id := range d.TypeCriteria {
		n, err := strconv.Atoi(id)
		if err != nil {
			return format.Errorf("type_criteria: key %q is not a stage type id", id)
		}
		if _, ok := d.StageTypeKey(n); !ok {
			return format.Errorf("type_criteria: %d is not in stage_type_enum", n)
		}
	}
	for k := range d.StageTypeEnum {
		if d.StageTypeEnumDescriptions[k] == "" {
			return format.Errorf("stage_type_enum_descriptions: no description for %q", k)
		}
	}
	for alias, tag := range d.LanguageAliases {
		if _, ok := d.Language(tag); !ok {
			return format.Errorf("language_aliases: %q maps to %q, which is not in language_codebook", alias, tag)
		}
	}
	for _, t := range d.Tiers {
		if _, ok := d.TierLimits[t]; !ok {
			return format.Errorf("tier_limits: no limits for tier %q", t)
		}
	}
	if len(d.PointsAndFiat.FiatFields) != 2 || len(d.PointsAndFiat.PointsFields) == 0 {
		return format.Errorf("points_and_fiat: fiat_fields must name the switch and the amount, points_fields at least one field")
	}
	if err := d.checkPatterns(); err != nil {
		return err
	}
	if _, ok := d.TierLimits[d.DefaultTier]; !ok {
		return format.Errorf("default_tier %q is not a tier", d.DefaultTier)
	}
	for _, r := range d.RenamedFields {
		fields, ok := d.FieldList(r.List)
		if r.List == TopLevelRef {
			fields, ok = d.TopLevel.Fields, true
		}
		if !ok {
			return format.Errorf("renamed_fields: list %q names no field list", r.List)
		}
		if !namesOf(fields)[r.To] {
			return format.Errorf("renamed_fields: %q is not a field of %s", r.To, r.List)
		}
		if namesOf(fields)[r.From] {
			return format.Errorf("renamed_fields: %q is still a field of %s", r.From, r.List)
		}
	}
	if d.Limits.MaxBytes <= 0 || d.Limits.MaxDepth <= 0 || d.Limits.MaxNumberLength <= 0 || d.Limits.MaxFindings <= 0 {
		return format.Errorf("validation_limits: max_bytes, max_depth, max_number_length and max_findings must be positive")
	}
	return nil
}

// TopLevelRef names the payload's outer object among the field lists.
const TopLevelRef = "top_level"

// FieldListNames are the document's field lists that describe objects, in
// document order. Callers must not modify it.
var FieldListNames = []string{"manifest_fields", "global_config_fields", "stage_fields", "data_format_fields",
	"harness_policy_fields", "agent_skill_fields", "context_constraints_fields", "input_limit_fields", "output_limit_fields"}

// EnumNames are the enums and codebooks a field may refer to ([Document.Enum]).
// Callers must not modify it.
var EnumNames = []string{"ownership_enum", "stage_type_enum", "script_language_enum", "data_format_type_enum", "project_tags", "language_codebook"}

// checkPatterns reports a field pattern the engine cannot compile, so a
// broken edit of the document fails its parsing instead of the first
// validation.
func (d *Document) checkPatterns() error {
	lists := [][]Field{d.TopLevel.Fields}
	for _, ref := range FieldListNames {
		f, _ := d.FieldList(ref)
		lists = append(lists, f)
	}
	for _, crit := range d.TypeCriteria {
		lists = append(lists, crit)
	}
	for _, fields := range lists {
		for _, f := range fields {
			if f.Pattern == "" {
				continue
			}
			if _, err := pattern.Compile(f.Pattern); err != nil {
				return format.Errorf("field %s: %w", f.Name, err)
			}
		}
	}
	return nil
}
