package reference

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/protocol/spec"
	"pairag.com/portal/templates/blocks"
)

func (t *tables) label(kind, key string) string { return t.labels.Get(kind, key, t.lang) }

// table builds a table whose anchor is id (the protocol name it shows);
// ids, when given, are the anchors of its rows.
func (t *tables) table(id string, cols []col, rows [][]blocks.Cell, ids ...string) block.Block {
	tb := t.newTable(id, cols)
	for i, r := range rows {
		row := blocks.Row{Cells: r}
		if i < len(ids) {
			row.ID = ids[i]
		}
		tb.Table.Rows = append(tb.Table.Rows, row)
	}
	return tb
}

// newTable starts a table labelled in the page's language, with the role
// of each column for the site search.
func (t *tables) newTable(id string, cols []col) block.Table {
	tb := block.Table{Table: blocks.Table{Msg: t.msg, ID: id, Caption: fmt.Sprintf(t.msg.TableLabel, id)}}
	for _, c := range cols {
		tb.Table.Columns = append(tb.Table.Columns, c.head)
		tb.Roles = append(tb.Roles, c.role)
	}
	return tb
}

// col is a column of a generated table: its heading and what it holds.
type col struct {
	head string
	role block.Role
}

// named is a column whose code spans name the row; labelled one whose
// text does (display names, terms); prose one that names nothing (types,
// descriptions, defaults, where a rule is enforced).
func named(head string) col    { return col{head, block.RoleName} }
func labelled(head string) col { return col{head, block.RoleLabel} }
func prose(head string) col    { return col{head, block.RoleProse} }

// enumDirective shows an integer enum with its labels.
func enumDirective(kind, enum string) func(t *tables) []block.Block {
	return func(t *tables) []block.Block {
		values, _ := t.doc.Enum(enum)
		var rows [][]blocks.Cell
		var ids []string
		for _, v := range values {
			id := strconv.Itoa(v.ID)
			rows = append(rows, []blocks.Cell{cell(code(id)), cell(code(v.Key)), cell(text(t.label(kind, id)))})
			ids = append(ids, enumAnchor(enum, v.Key))
		}
		return []block.Block{t.table(enum, []col{named(t.msg.ID), named(t.msg.Key), labelled(t.msg.Label)}, rows, ids...)}
	}
}

func (t *tables) projectTags() []block.Block {
	var rows [][]blocks.Cell
	var ids []string
	for _, tag := range t.doc.ProjectTags {
		id := strconv.Itoa(tag.ID)
		rows = append(rows, []blocks.Cell{cell(code(id)), cell(text(t.label("project_tags", id)))})
		ids = append(ids, enumAnchor("project_tags", id))
	}
	return []block.Block{t.table("project_tags", []col{named(t.msg.ID), labelled(t.msg.Label)}, rows, ids...)}
}

func (t *tables) languages() []block.Block {
	m := t.msg
	var rows [][]blocks.Cell
	var ids []string
	for _, l := range t.doc.LanguageCodebook {
		id := strconv.Itoa(l.ID)
		rows = append(rows, []blocks.Cell{
			cell(code(id)), cell(code(l.BCP47)), cell(code(l.ISO6391)), cell(text(t.label("language", id))), cell(code(l.Script)),
		})
		ids = append(ids, enumAnchor("language_codebook", l.BCP47))
	}
	return []block.Block{t.table("language_codebook", []col{named(m.ID), named(m.Tag), named(m.ISO6391), labelled(m.Label), named(m.Script)}, rows, ids...)}
}

func (t *tables) languageAliases() []block.Block {
	aliases := make([]string, 0, len(t.doc.LanguageAliases))
	for a := range t.doc.LanguageAliases {
		aliases = append(aliases, a)
	}
	slices.Sort(aliases)
	var rows [][]blocks.Cell
	var ids []string
	for _, a := range aliases {
		tag := t.doc.LanguageAliases[a]
		l, _ := t.doc.Language(tag)
		rows = append(rows, []blocks.Cell{cell(code(a)), cell(code(tag)), cell(text(t.label("language", strconv.Itoa(l.ID))))})
		ids = append(ids, enumAnchor("language_aliases", a))
	}
	return []block.Block{t.table("language_aliases", []col{named(t.msg.Alias), named(t.msg.PreferredTag), labelled(t.msg.Language)}, rows, ids...)}
}

func (t *tables) stageTypes() []block.Block {
	m := t.msg
	var rows [][]blocks.Cell
	var ids []string
	for _, v := range spec.SortedEnum(t.doc.StageTypeEnum) {
		id := strconv.Itoa(v.ID)
		rows = append(rows, []blocks.Cell{
			cell(code(id)), cell(code(v.Key)), cell(text(t.label("stage_type", id))),
			cell(text(t.tx.get("stage_type_enum_descriptions." + v.Key))),
		})
		ids = append(ids, enumAnchor("stage_type_enum", v.Key))
	}
	return []block.Block{t.table("stage_type_enum", []col{named(m.ID), named(m.Key), labelled(m.Label), prose(m.Description)}, rows, ids...)}
}

// stageTypeRef shows a stage type as id, key and label.
func (t *tables) stageTypeRef(id int) blocks.Cell {
	key, _ := t.doc.StageTypeKey(id)
	return cell(code(strconv.Itoa(id)), text(" "), code(key), text(fmt.Sprintf(t.msg.Parens, t.label("stage_type", strconv.Itoa(id)))))
}

func (t *tables) stageTypeChoice() []block.Block {
	var rows [][]blocks.Cell
	for _, c := range t.doc.StageTypeSelection {
		rows = append(rows, []blocks.Cell{
			cell(text(t.tx.get("stage_type_selection." + strconv.Itoa(c.StageType)))), t.stageTypeRef(c.StageType),
		})
	}
	return []block.Block{t.table("stage_type_selection", []col{named(t.msg.UseWhen), named(t.msg.StageType)}, rows)}
}

func (t *tables) ownership() []block.Block {
	m := t.msg
	var rows [][]blocks.Cell
	var ids []string
	for _, v := range spec.SortedEnum(t.doc.OwnershipEnum) {
		id := strconv.Itoa(v.ID)
		rows = append(rows, []blocks.Cell{
			cell(code(id)), cell(code(v.Key)), cell(text(t.label("ownership", id))),
			cell(text(t.tx.get("ownership_enum_descriptions." + v.Key))),
		})
		ids = append(ids, enumAnchor("ownership_enum", v.Key))
	}
	return []block.Block{t.table("ownership_enum", []col{named(m.ID), named(m.Key), labelled(m.Label), prose(m.Description)}, rows, ids...)}
}

// contextDefaults shows context_constraints_defaults in field-list order.
func (t *tables) contextDefaults() []block.Block {
	var rows [][]blocks.Cell
	var ids []string
	for _, f := range t.doc.ContextConstraintsFields {
		values, ok := t.doc.ContextConstraintsDefaults[f.Name]
		if !ok {
			continue
		}
		for _, key := range orderedKeys(values, t.subFields(f.Ref)) {
			rows = append(rows, []blocks.Cell{cell(code(f.Name + "." + key)), cell(code(jsonText(values[key])))})
			ids = append(ids, enumAnchor("context_constraints_defaults", f.Name+"."+key))
		}
	}
	return []block.Block{t.table("context_constraints_defaults", []col{named(t.msg.KeyPath), prose(t.msg.Default)}, rows, ids...)}
}

func (t *tables) subFields(ref string) []string {
	fields, _ := t.doc.FieldList(ref)
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	return names
}

// orderedKeys returns the keys of m: those in order first, the rest sorted.
func orderedKeys(m map[string]any, order []string) []string {
	var out, rest []string
	for _, k := range order {
		if _, ok := m[k]; ok {
			out = append(out, k)
		}
	}
	for k := range m {
		if !slices.Contains(order, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// typeCriteria shows one heading and table per stage type with criteria.
func (t *tables) typeCriteria() []block.Block {
	m := t.msg
	var out []block.Block
	for _, v := range spec.SortedEnum(t.doc.StageTypeEnum) {
		fields := t.doc.CriteriaFor(v.ID)
		if len(fields) == 0 {
			continue
		}
		id := strconv.Itoa(v.ID)
		out = append(out, block.Heading(blocks.Heading{Msg: m, Level: 3, ID: "type-criteria-" + v.Key, Text: t.stageTypeRef(v.ID)}))
		var rows [][]blocks.Cell
		var ids []string
		for _, f := range fields {
			rows = append(rows, []blocks.Cell{cell(code(f.Name)), t.typeCell(f), cell(text(t.tx.get("type_criteria." + id + "." + f.Name)))})
			ids = append(ids, criteriaAnchor(v.Key, f.Name))
		}
		tb := t.table("", []col{named(m.Field), prose(m.Type), prose(m.Description)}, rows, ids...).(block.Table)
		tb.Table.Caption = fmt.Sprintf(m.CriteriaCaption, v.ID, v.Key)
		out = append(out, tb)
	}
	return out
}

func (t *tables) tierLimits() []block.Block {
	m := t.msg
	cols := []col{labelled(m.Limit)}
	for _, tier := range t.doc.Tiers {
		cols = append(cols, named(t.label("tier", tier)))
	}
	cols = append(cols, prose(m.EnforcedBy))
	type limit struct {
		name, key, enforcement string
		value                  func(spec.TierLimit) blocks.Cell
	}
	limits := []limit{
		{m.LocationGranularity, "manifest.location", m.EnforceLocation, func(l spec.TierLimit) blocks.Cell { return cell(text(t.granularity(l.LocationGranularity))) }},
		{m.MaxStages, "stages.length", m.EnforceStages, func(l spec.TierLimit) blocks.Cell { return cell(text(strconv.Itoa(l.MaxStages))) }},
		{m.MaxDuration, "task_duration_days", m.EnforceDuration, func(l spec.TierLimit) blocks.Cell { return cell(text(strconv.Itoa(l.MaxTaskDurationDays))) }},
		{m.Fiat, "fiat", m.EnforceFiat, func(l spec.TierLimit) blocks.Cell { return cell(text(t.availability(l.FiatAvailable))) }},
	}
	var rows [][]blocks.Cell
	var ids []string
	for _, l := range limits {
		row := []blocks.Cell{cell(text(l.name))}
		for _, tier := range t.doc.Tiers {
			row = append(row, l.value(t.doc.TierLimits[tier]))
		}
		row = append(row, t.enforcement(l.key, l.enforcement))
		rows = append(rows, row)
		ids = append(ids, enumAnchor("tier_limits", l.key))
	}
	return []block.Block{t.table("tier_limits", cols, rows, ids...)}
}

// enforcement says in reader words what enforces the limit at key, when
// the document says something enforces it. The document's own entry names
// the app's internal functions (membership.MaxStagesForTier), which tell a
// reader nothing, so the page shows the rule instead.
func (t *tables) enforcement(key, rule string) blocks.Cell {
	if _, ok := t.doc.TierEnforcement[key]; !ok {
		return cell(text("—"))
	}
	return cell(text(rule))
}

func (t *tables) granularity(g string) string {
	switch g {
	case "anywhere":
		return t.msg.Anywhere
	case "country":
		return t.msg.Country
	case "city":
		return t.msg.City
	}
	return g
}

func (t *tables) availability(ok bool) string {
	if ok {
		return t.msg.Available
	}
	return t.msg.NotAvailable
}

func (t *tables) checklist() []block.Block {
	l := blocks.List{Ordered: true}
	for i := range t.doc.Notes {
		l.Items = append(l.Items, cell(text(t.tx.get("notes."+strconv.Itoa(i)))))
	}
	return []block.Block{block.List(l)}
}

// example shows the example payload, pretty-printed, and its tier.
func (t *tables) example() []block.Block {
	ex := t.doc.Example
	pretty, err := indentJSON(ex.Payload)
	if err != nil {
		pretty = string(ex.Payload)
	}
	return []block.Block{
		block.Paragraph(cell(text(t.tx.get("example.description")))),
		block.Paragraph(cell(text(fmt.Sprintf(t.msg.ExampleValidFor, t.label("tier", ex.Tier))))),
		block.Code("json", pretty, t.msg, t.hl),
	}
}

func indentJSON(raw []byte) (string, error) {
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return "", err
	}
	return buf.String() + "\n", nil
}
