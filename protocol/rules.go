package protocol

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// rules runs the protocol's own checks, the ones a JSON Schema cannot say:
// tiers, cross-field rules, codebooks with aliases, and advice.
type rules struct {
	*validation
	out []Finding
}

func (v *validation) checkRules() []Finding {
	r := &rules{validation: v}
	r.topLevel()
	manifest := v.root.child("manifest")
	stages := v.root.child("stages")
	if manifest != nil && manifest.kind == '{' {
		r.unknownFields(manifest, "/manifest", "manifest_fields", "manifest")
		r.manifest(manifest)
	}
	if stages != nil && stages.kind == '[' {
		r.stages(stages)
		if manifest != nil && manifest.kind == '{' {
			r.detailMentionsStages(manifest, stages)
			r.languageScript(manifest, stages)
		}
	}
	return r.out
}

func (r *rules) add(f Finding) {
	n := r.root.lookup(f.Pointer)
	f.start, f.end = n.start, n.end
	r.out = append(r.out, f)
}

func (r *rules) addKey(f Finding, m *member) {
	f.start, f.end = m.keyStart, m.keyEnd
	r.out = append(r.out, f)
}

// topLevel allows only the document's top-level fields.
func (r *rules) topLevel() {
	allowed := r.doc.TopLevel.AllowedFields
	for i := range r.root.members {
		m := &r.root.members[i]
		ptr := pointerTo(m.key)
		switch {
		case slices.Contains(allowed, m.key):
		case r.doc.TopLevel.DeprecatedFields[m.key] != "":
			r.addKey(newFinding("deprecated-agents", ptr), m)
		case m.key == "$schema":
			f := newFinding("schema-key", ptr)
			f.Fix = removeMember(r.root, i)
			r.addKey(f, m)
		default:
			r.addKey(newFinding("unknown-top-level-field", ptr, m.key), m)
		}
	}
}

// removeMember returns a fix deleting the i-th member of obj with its comma.
func removeMember(obj *node, i int) *Fix {
	m := obj.members[i]
	if m.comma >= 0 {
		end := m.comma + 1
		if i+1 < len(obj.members) {
			end = obj.members[i+1].keyStart
		}
		return &Fix{Start: m.keyStart, End: end}
	}
	if i > 0 && obj.members[i-1].comma >= 0 {
		return &Fix{Start: obj.members[i-1].comma, End: m.val.end}
	}
	return &Fix{Start: m.keyStart, End: m.val.end}
}

// unknownFields warns about keys a field list does not define, recursing
// into the objects the list refers to.
func (r *rules) unknownFields(obj *node, ptr, ref, where string) {
	fields, _ := r.doc.FieldList(ref)
	open := slices.Contains(r.doc.OpenFieldLists, ref)
	for i := range obj.members {
		m := &obj.members[i]
		f, known := fieldNamed(fields, m.key)
		if !known && !open {
			r.unknownField(m, ptr+pointerTo(m.key), fields, where)
		}
		if !known || f.Ref == "" {
			continue
		}
		childPtr := ptr + pointerTo(m.key)
		switch m.val.kind {
		case '{':
			r.unknownFields(m.val, childPtr, f.Ref, where+"."+f.Name)
		case '[':
			for j, it := range m.val.items {
				if it.kind == '{' {
					r.unknownFields(it, childPtr+"/"+strconv.Itoa(j), f.Ref, where+"."+f.Name+"[]")
				}
			}
		}
	}
}

func fieldNamed(fields []Field, name string) (Field, bool) {
	for _, f := range fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

func (r *rules) unknownField(m *member, ptr string, fields []Field, where string) {
	if s := suggest(m.key, fields); s != "" {
		r.addKey(newFinding("unknown-field-typo", ptr, m.key, where, s), m)
		return
	}
	r.addKey(newFinding("unknown-field", ptr, m.key, where), m)
}

// suggest returns the defined field a misspelt or camelCase key most likely
// meant, or "".
func suggest(key string, fields []Field) string {
	snake := toSnake(key)
	best, bestDist := "", 3
	for _, f := range fields {
		if strings.EqualFold(f.Name, key) || f.Name == snake {
			return f.Name
		}
		if d := editDistance(strings.ToLower(key), f.Name); d < bestDist {
			best, bestDist = f.Name, d
		}
	}
	return best
}

func toSnake(s string) string {
	var b strings.Builder
	for i, c := range s {
		if unicode.IsUpper(c) {
			if i > 0 {
				b.WriteByte('_')
			}
			c = unicode.ToLower(c)
		}
		if c == '-' || c == ' ' {
			c = '_'
		}
		b.WriteRune(c)
	}
	return b.String()
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

func (r *rules) manifest(m *node) {
	if s, ok := stringAt(m, "industry_code"); ok {
		r.industryCode(s)
	}
	if s, ok := stringAt(m, "language"); ok {
		r.language(s)
	}
	r.messageBus(m)
	r.location(m)
	r.taskDuration(m)
}

func stringAt(n *node, key string) (string, bool) {
	c := n.child(key)
	if c == nil || c.kind != '"' {
		return "", false
	}
	return c.value.(string), true
}

func intAt(n *node, key string) (int64, bool) {
	c := n.child(key)
	if c == nil || c.kind != '0' {
		return 0, false
	}
	i, err := strconv.ParseInt(string(c.value.(json.Number)), 10, 64)
	return i, err == nil
}

func boolAt(n *node, key string) (value, present bool) {
	c := n.child(key)
	if c == nil || (c.kind != 't' && c.kind != 'f') {
		return false, c != nil
	}
	return c.kind == 't', true
}

var isicShape = regexp.MustCompile(`^[A-U]([0-9]{2,4})?$`)
var isicDigits = regexp.MustCompile(`^[0-9]{2,4}$`)

// industryCode checks the ISIC Rev.4 shape and that the division belongs to
// the section.
func (r *rules) industryCode(code string) {
	ptr := "/manifest/industry_code"
	switch {
	case isicDigits.MatchString(code):
		sec, ok := r.sectionOf(code[:2])
		if !ok {
			r.add(newFinding("industry-code-division", ptr, code, code[:2]))
			return
		}
		f := newFinding("industry-code-no-section", ptr, code, sec+code)
		f.Fix = r.replaceFix(ptr, strconv.Quote(sec+code))
		r.add(f)
		return
	case !isicShape.MatchString(code) && isicShape.MatchString(strings.ToUpper(code)):
		f := newFinding("industry-code-case", ptr, code, strings.ToUpper(code))
		f.Fix = r.replaceFix(ptr, strconv.Quote(strings.ToUpper(code)))
		r.add(f)
		return
	case !isicShape.MatchString(code):
		r.add(newFinding("industry-code-shape", ptr, code))
		return
	case len(code) == 1:
		return
	}
	div := code[1:3]
	sec, ok := r.sectionOf(div)
	switch {
	case !ok:
		r.add(newFinding("industry-code-division", ptr, code, div))
	case sec != code[:1]:
		r.add(newFinding("industry-code-section", ptr, code, code[:1], div, sec))
	}
}

func (r *rules) sectionOf(division string) (string, bool) {
	n, err := strconv.Atoi(division)
	if err != nil {
		return "", false
	}
	for _, s := range r.doc.ISICSections {
		for _, rg := range s.Divisions {
			if n >= rg[0] && n <= rg[1] {
				return s.Section, true
			}
		}
	}
	return "", false
}

// language accepts preferred tags, warns on aliases with a fix, and warns on
// unknown tags.
func (r *rules) language(tag string) {
	ptr := "/manifest/language"
	if _, ok := r.doc.Language(tag); ok {
		return
	}
	if preferred, ok := r.doc.LanguageAliases[tag]; ok {
		f := newFinding("language-alias", ptr, tag, preferred)
		f.Fix = r.replaceFix(ptr, strconv.Quote(preferred))
		r.add(f)
		return
	}
	for _, l := range r.doc.LanguageCodebook {
		if strings.EqualFold(l.BCP47, tag) {
			f := newFinding("language-case", ptr, tag, l.BCP47)
			f.Fix = r.replaceFix(ptr, strconv.Quote(l.BCP47))
			r.add(f)
			return
		}
	}
	for alias, preferred := range r.doc.LanguageAliases {
		if strings.EqualFold(alias, tag) {
			f := newFinding("language-alias", ptr, tag, preferred)
			f.Fix = r.replaceFix(ptr, strconv.Quote(preferred))
			r.add(f)
			return
		}
	}
	r.add(newFinding("language-unknown", ptr, tag))
}

func (r *rules) messageBus(m *node) {
	gc := m.child("global_config")
	if gc == nil || gc.kind != '{' {
		return
	}
	bus, ok1 := stringAt(gc, "message_bus")
	group, ok2 := stringAt(m, "communication_software_group")
	if ok1 && ok2 && bus != group {
		r.add(newFinding("message-bus-mismatch", "/manifest/global_config/message_bus", bus, group))
	}
}

func (r *rules) tierLimit() TierLimit { return r.doc.TierLimits[r.tier] }

func (r *rules) taskDuration(m *node) {
	days, ok := intAt(m, "task_duration_days")
	limit := r.tierLimit().MaxTaskDurationDays
	if ok && limit > 0 && days > int64(limit) {
		ptr := "/manifest/task_duration_days"
		f := newFinding("task-duration-too-long", ptr, append([]any{days, limit}, r.tierNames()...)...)
		f.Fix = r.replaceFix(ptr, strconv.Itoa(limit))
		r.add(f)
	}
}

func (r *rules) stages(stages *node) {
	limit := r.tierLimit().MaxStages
	if n := len(stages.items); limit > 0 && n > limit {
		r.add(newFinding("too-many-stages", "/stages", append([]any{n, limit}, r.tierNames()...)...))
	}
	names := map[string]string{}
	allOrchestrators := len(stages.items) > 0
	stripeReminded := false
	for i, st := range stages.items {
		if st.kind != '{' {
			allOrchestrators = false
			continue
		}
		ptr := "/stages/" + strconv.Itoa(i)
		r.unknownFields(st, ptr, "stage_fields", "stages[]")
		if name, ok := stringAt(st, "stage_name"); ok {
			if first, dup := names[name]; dup {
				r.add(newFinding("duplicate-stage-name", ptr+"/stage_name", name, first))
			} else {
				names[name] = ptr
			}
		}
		typ, ok := intAt(st, "stage_type")
		if !ok || typ != 1 {
			allOrchestrators = false
		}
		if ok {
			r.typeCriteria(st, ptr, int(typ))
		}
		r.dataFormats(st, ptr)
		if r.fiat(st, ptr) && !stripeReminded && r.tierLimit().FiatAvailable {
			r.add(newFinding("fiat-stripe-reminder", ptr+"/fiat_enabled"))
			stripeReminded = true
		}
	}
	if allOrchestrators {
		r.add(newFinding("all-stages-orchestrator", "/stages"))
	}
}

// dataFormats warns when a format of type "other" does not explain itself,
// on the stage and on each skill.
func (r *rules) dataFormats(st *node, ptr string) {
	check := func(n *node, p string) {
		for _, key := range []string{"input_data_format", "output_data_format"} {
			df := n.child(key)
			if df == nil || df.kind != '{' {
				continue
			}
			t, ok := intAt(df, "type")
			schema, _ := stringAt(df, "schema")
			if ok && int(t) == r.doc.DataFormatTypeEnum["other"] && r.doc.DataFormatOtherNeedsSchema && strings.TrimSpace(schema) == "" {
				r.add(newFinding("data-format-other-no-schema", p+"/"+key+"/type"))
			}
		}
	}
	check(st, ptr)
	if skills := st.child("agent_skills"); skills != nil && skills.kind == '[' {
		for j, sk := range skills.items {
			if sk.kind == '{' {
				check(sk, ptr+"/agent_skills/"+strconv.Itoa(j))
			}
		}
	}
}

// fiat applies the points-versus-fiat rule and the tier's fiat availability.
// It reports whether the stage pays in fiat.
func (r *rules) fiat(st *node, ptr string) bool {
	enabled, _ := boolAt(st, "fiat_enabled")
	amount := st.child("fiat_list_amount_usd")
	if !enabled {
		if amount != nil {
			r.add(newFinding("fiat-amount-without-fiat", ptr+"/fiat_list_amount_usd"))
		}
		return false
	}
	if !r.tierLimit().FiatAvailable {
		r.add(newFinding("fiat-not-available", ptr+"/fiat_enabled", r.tierNames()...))
	}
	if amount == nil {
		r.add(newFinding("fiat-amount-missing", ptr))
	}
	for _, key := range r.doc.PointsAndFiat.PointsFields {
		p := st.child(key)
		if p != nil && p.kind == '0' && string(p.value.(json.Number)) != "0" {
			fp := ptr + "/" + key
			f := newFinding("fiat-points-not-zero", fp, key, string(p.value.(json.Number)))
			f.Fix = r.replaceFix(fp, "0")
			r.add(f)
		}
	}
	return true
}

// tierNames returns the tier's name in English and Chinese, as messages
// show it: from Options.TierLabels, else the key with a capital letter.
func (v *validation) tierNames() []any {
	l, ok := v.labels[v.tier]
	if !ok || l.EN == "" || l.ZH == "" {
		name := strings.ToUpper(v.tier[:1]) + v.tier[1:]
		return []any{name, name}
	}
	return []any{l.EN, l.ZH}
}

// typeCriteria checks that type_criteria keys belong to the stage's type.
// Value types and ranges are checked by the schema.
func (r *rules) typeCriteria(st *node, ptr string, stageType int) {
	tc := st.child("type_criteria")
	if tc == nil || tc.kind != '{' {
		return
	}
	own := r.doc.CriteriaFor(stageType)
	typeName := r.stageTypeName(stageType)
	if _, known := r.doc.StageTypeKey(stageType); !known {
		return // the schema reports the stage type itself
	}
	if len(own) == 0 && len(tc.members) > 0 {
		r.add(newFinding("criteria-none-defined", ptr+"/type_criteria", typeName))
		return
	}
	for i := range tc.members {
		m := &tc.members[i]
		if _, ok := fieldNamed(own, m.key); ok {
			continue
		}
		kp := ptr + "/type_criteria" + pointerTo(m.key)
		if other := r.criteriaOwner(m.key); other != 0 {
			r.addKey(newFinding("criteria-other-type", kp, m.key, typeName, r.stageTypeName(other)), m)
		} else {
			r.addKey(newFinding("criteria-unknown-key", kp, m.key, typeName), m)
		}
	}
}

func (r *rules) stageTypeName(id int) string {
	key, _ := r.doc.StageTypeKey(id)
	return fmt.Sprintf("%d (%s)", id, key)
}

func (r *rules) criteriaOwner(key string) int {
	for _, e := range SortedEnum(r.doc.StageTypeEnum) {
		if _, ok := fieldNamed(r.doc.CriteriaFor(e.ID), key); ok {
			return e.ID
		}
	}
	return 0
}

// detailMentionsStages warns for each stage_name that manifest.detail does
// not mention: the detail must explain how the stages connect.
func (r *rules) detailMentionsStages(m, stages *node) {
	detail, ok := stringAt(m, "detail")
	if !ok {
		return
	}
	for _, st := range stages.items {
		if st.kind != '{' {
			continue
		}
		if name, ok := stringAt(st, "stage_name"); ok && name != "" && !strings.Contains(detail, name) {
			r.add(newFinding("detail-missing-stage", "/manifest/detail", name))
		}
	}
}
