package reference

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/glossary"
	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/protocol/spec"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/blocks"
)

// tables builds the localized output of protocol directives for one
// language from the protocol document, the labels and the translations.
type tables struct {
	doc    *spec.Document
	lang   string
	msg    templates.Messages
	labels Labels
	tx     texts
	hl     *highlight.Cache
	conds  map[string]spec.Condition // keyed by field list and field name, e.g. manifest_fields.location
	gloss  glossary.Glossary         // content/glossary.yaml
	// refPage is the URL of doc's field reference page in lang, whose
	// tables type cells link to.
	refPage string
}

// Input is what the protocol directives of one protocol version are built
// from: the document and the content files that label and translate it.
type Input struct {
	Doc          *spec.Document
	Labels       Labels                 // content/labels.yaml
	Translations map[string]Translation // content/protocol.zh-CN.yaml
	Glossary     glossary.Glossary      // content/glossary.yaml, for the glossary directive
	Highlight    *highlight.Cache       // highlights the example payload
	// ReferencePage returns the URL of Doc's field reference page in a
	// language: type cells link to its tables, and only the site knows
	// its URLs.
	ReferencePage func(lang string) string
}

// Directives builds the output of every directive of one version, by
// language and name: what a page's protocol fences are replaced by. The
// bundle directive is not among them: it embeds the field reference page,
// so the builder adds it once that page is rendered. Conditional
// requirements that no table shows are warnings to rep.
func Directives(in Input, rep diag.Reporter) map[string]map[string][]block.Block {
	conds := conditions(in.Doc, rep)
	en := ProtocolStrings(in.Doc)
	outputs := map[string]map[string][]block.Block{}
	for _, lang := range Languages {
		t := &tables{doc: in.Doc, lang: lang, msg: templates.For(lang), labels: in.Labels,
			tx: texts{lang: lang, en: en, zh: in.Translations}, hl: in.Highlight, conds: conds, gloss: in.Glossary,
			refPage: in.ReferencePage(lang)}
		out := map[string][]block.Block{}
		for name, build := range directives {
			out[name] = build(t)
		}
		outputs[lang] = out
	}
	return outputs
}

// directives maps each directive name to the function building its output.
// The bundle directive is added by the builder once the Markdown reference exists.
var directives = map[string]func(t *tables) []block.Block{
	"top_level":                  (*tables).topLevel,
	"manifest_fields":            fieldDirective("manifest_fields"),
	"global_config_fields":       fieldDirective("global_config_fields"),
	"stage_fields":               fieldDirective("stage_fields"),
	"data_format_fields":         fieldDirective("data_format_fields"),
	"harness_policy_fields":      fieldDirective("harness_policy_fields"),
	"agent_skill_fields":         fieldDirective("agent_skill_fields"),
	"context_constraints_fields": (*tables).contextConstraints,
	"fiat_fields":                (*tables).fiatFields,
	"project_tags":               (*tables).projectTags,
	"languages":                  (*tables).languages,
	"language_aliases":           (*tables).languageAliases,
	"stage_types":                (*tables).stageTypes,
	"stage_type_choice":          (*tables).stageTypeChoice,
	"script_languages":           enumDirective("script_language", "script_language_enum"),
	"data_format_types":          enumDirective("data_format_type", "data_format_type_enum"),
	"ownership":                  (*tables).ownership,
	"context_defaults":           (*tables).contextDefaults,
	"type_criteria":              (*tables).typeCriteria,
	"tier_limits":                (*tables).tierLimits,
	"checklist":                  (*tables).checklist,
	"example":                    (*tables).example,
	"glossary":                   (*tables).glossaryTable,
}

// Lookup returns the resolver of a page's directives: the blocks of a name
// in outputs (one version's, in the page's language, as [Directives] built
// them and the builder added to), or an error saying what the names are.
// The builder adds bundle and skills to outputs later; the resolver sees
// them, as it reads outputs when called.
func Lookup(outputs map[string][]block.Block) func(name string) ([]block.Block, error) {
	return func(name string) ([]block.Block, error) {
		if blocks, ok := outputs[name]; ok {
			return blocks, nil
		}
		switch name {
		case "":
			return nil, fmt.Errorf("protocol directive names nothing; write one of: %s", strings.Join(DirectiveNames(), ", "))
		case "bundle":
			return nil, fmt.Errorf("the bundle directive cannot be used on the field reference page it embeds")
		}
		return nil, fmt.Errorf("unknown protocol directive %q; known: %s", name, strings.Join(DirectiveNames(), ", "))
	}
}

// DirectiveNames lists every directive name this package resolves, sorted,
// bundle included (the builder adds skills): the error messages and the
// writer's guide's test list them.
func DirectiveNames() []string {
	names := []string{"bundle"}
	for n := range directives {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// conditionRefs maps the parent path of a conditional requirement to the
// field list that describes it.
var conditionRefs = map[string]string{
	"manifest":               "manifest_fields",
	"manifest.global_config": "global_config_fields",
	"stages[]":               "stage_fields",
}

// conditions indexes the document's conditional requirements by field list.
func conditions(d *spec.Document, rep diag.Reporter) map[string]spec.Condition {
	out := map[string]spec.Condition{}
	for _, c := range d.ConditionalRequirements {
		i := strings.LastIndex(c.Field, ".")
		ref, ok := conditionRefs[c.Field[:max(i, 0)]]
		if !ok {
			warnf(rep, DocPath(d), 0, "conditional requirement on %s is not shown in any table", c.Field)
			continue
		}
		out[ref+"."+c.Field[i+1:]] = c
	}
	return out
}

func fieldDirective(ref string) func(t *tables) []block.Block {
	return func(t *tables) []block.Block {
		fields, _ := t.doc.FieldList(ref)
		return []block.Block{t.fieldTable(ref, t.fieldRows(fields, t.doc.Required(ref), ref, ""))}
	}
}

func (t *tables) fieldTable(id string, rows []blocks.Row) block.Block {
	m := t.msg
	tb := t.newTable(id, []col{named(m.Field), prose(m.Type), named(m.Required), prose(m.Description)})
	tb.Table.Rows = rows
	return tb
}

// fieldRows describes fields of the list keyed keyPrefix; names are shown
// with namePrefix (for nested objects).
func (t *tables) fieldRows(fields []spec.Field, required []string, keyPrefix, namePrefix string) []blocks.Row {
	rows := make([]blocks.Row, 0, len(fields))
	for _, f := range fields {
		desc := cell(text(t.tx.get(keyPrefix + "." + f.Name)))
		if f.HumanFacing {
			desc = append(desc, text(t.msg.Space), emph(t.msg.HumanFacing))
		}
		rows = append(rows, blocks.Row{ID: FieldAnchor(keyPrefix, f.Name), Cells: []blocks.Cell{
			cell(code(namePrefix + f.Name)), t.typeCell(f), t.requiredCell(keyPrefix, f.Name, required), desc,
		}})
	}
	return rows
}

func (t *tables) requiredCell(ref, name string, required []string) blocks.Cell {
	if slices.Contains(required, name) {
		return cell(text(t.msg.Yes))
	}
	if c, ok := t.conds[ref+"."+name]; ok {
		return cell(text(t.msg.Conditional+t.msg.Colon), text(t.tx.get("conditional_requirements."+c.Rule)))
	}
	return cell(text(t.msg.No))
}

// typeCell shows a field's JSON type followed by its constraints.
func (t *tables) typeCell(f spec.Field) blocks.Cell {
	typ := f.Type
	if f.Items != "" {
		typ = fmt.Sprintf("%s<%s>", f.Type, f.Items)
	}
	c := cell(code(typ))
	if f.Ref != "" {
		c[0].Href = t.refURL(f.Ref)
	}
	for i, part := range t.constraints(f) {
		sep := t.msg.ListSep
		if i == 0 {
			sep = t.msg.Colon
		}
		c = append(append(c, text(sep)), part...)
	}
	return c
}

func (t *tables) constraints(f spec.Field) []blocks.Cell {
	m := t.msg
	var out []blocks.Cell
	add := func(spans ...blocks.Span) { out = append(out, spans) }
	if f.Const != nil {
		add(text(m.Const+" "), code(jsonText(f.Const)))
	}
	if len(f.Values) > 0 {
		add(append(cell(text(m.OneOf+" ")), t.codeList(f.Values)...)...)
	}
	if f.Enum != "" {
		add(text(m.EnumFrom+" "), blocks.Span{Text: f.Enum, Code: true, Href: t.refURL(f.Enum)})
	}
	if r := t.numberRange(f.Minimum, f.Maximum); r != "" {
		add(text(r))
	}
	if f.MinLength != nil && *f.MinLength == 1 {
		add(text(m.NonEmpty))
	} else if f.MinLength != nil {
		add(text(m.MinLength.Format(*f.MinLength)))
	}
	if f.MinItems != nil && f.MaxItems != nil && *f.MinItems == *f.MaxItems {
		add(text(m.ExactItems.Format(*f.MinItems)))
	} else if f.MinItems != nil && f.MaxItems != nil {
		add(text(m.ItemsRange.Format(*f.MinItems, *f.MaxItems)))
	} else if f.MinItems != nil {
		add(text(m.MinItems.Format(*f.MinItems)))
	}
	if f.Unique {
		add(text(m.Unique))
	}
	if f.Pattern != "" {
		add(text(m.Pattern+" "), code(f.Pattern))
	}
	if len(f.Examples) > 0 {
		ex := make([]string, len(f.Examples))
		for i, e := range f.Examples {
			ex[i] = jsonText(e)
		}
		add(append(cell(text(m.Examples+" ")), t.codeList(ex)...)...)
	}
	return out
}

func (t *tables) numberRange(lo, hi *float64) string {
	num := func(f *float64) string { return strconv.FormatFloat(*f, 'f', -1, 64) }
	switch {
	case lo != nil && hi != nil:
		return fmt.Sprintf(t.msg.Range, num(lo), num(hi))
	case lo != nil:
		return fmt.Sprintf(t.msg.Min, num(lo))
	case hi != nil:
		return fmt.Sprintf(t.msg.Max, num(hi))
	}
	return ""
}

func (t *tables) codeList(values []string) []blocks.Span {
	var out []blocks.Span
	for i, v := range values {
		if i > 0 {
			out = append(out, text(t.msg.Comma))
		}
		out = append(out, code(v))
	}
	return out
}

func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func (t *tables) topLevel() []block.Block {
	tl := t.doc.TopLevel
	rows := t.fieldRows(tl.Fields, t.doc.RequiredTopLevelFields, "top_level", "")
	names := make([]string, 0, len(tl.DeprecatedFields))
	for n := range tl.DeprecatedFields {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		rows = append(rows, blocks.Row{ID: FieldAnchor("top_level", n), Muted: true, Cells: []blocks.Cell{
			cell(code(n)), cell(text("—")), cell(text(t.msg.Deprecated)), cell(text(t.tx.get("top_level.deprecated." + n))),
		}})
	}
	return []block.Block{t.fieldTable("top_level", rows)}
}

// contextConstraints shows context_constraints and the keys of its objects.
func (t *tables) contextConstraints() []block.Block {
	const ref = "context_constraints_fields"
	var rows []blocks.Row
	for _, f := range t.doc.ContextConstraintsFields {
		rows = append(rows, t.fieldRows([]spec.Field{f}, t.doc.Required(ref), ref, "")...)
		if sub, ok := t.doc.FieldList(f.Ref); ok {
			rows = append(rows, t.fieldRows(sub, t.doc.Required(f.Ref), f.Ref, f.Name+".")...)
		}
	}
	return []block.Block{t.fieldTable(ref, rows)}
}

// fiatFields shows the stage fields named in points_and_fiat.fiat_fields.
func (t *tables) fiatFields() []block.Block {
	var fields []spec.Field
	for _, f := range t.doc.StageFields {
		if slices.Contains(t.doc.PointsAndFiat.FiatFields, f.Name) {
			fields = append(fields, f)
		}
	}
	rows := t.fieldRows(fields, t.doc.RequiredStageFields, "stage_fields", "")
	for i := range rows {
		rows[i].ID = "" // the rows of stage_fields, which carry the anchors
	}
	return []block.Block{t.fieldTable("fiat_fields", rows)}
}
