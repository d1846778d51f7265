package protocol

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The protocol's rules beyond a field's own value: tier limits, cross-field
// rules and advice. The engine calls them at the objects that carry them.

// manifestRules checks manifest values against each other and the tier.
func (v *validation) manifestRules(m *node) {
	v.manifest = m
	v.messageBus(m)
	v.location(m)
	v.taskDuration(m)
}

// stageRules checks one stage: unique name, type_criteria of its type,
// data formats and the points-versus-fiat rule.
func (v *validation) stageRules(st *node, p path) {
	if name := st.child("stage_name"); name != nil && name.kind == '"' {
		if first, dup := v.stageNames[name.str]; dup {
			v.at(name, "duplicate-stage-name", p.sub("stage_name"), nil, clip(name.str), first)
		} else {
			v.stageNames[name.str] = placeOf(p.String()).en
		}
	}
	typ, typed := intValue(st.child("stage_type"))
	if !typed || typ != int64(v.doc.StageTypeEnum["orchestrator"]) {
		v.notAllOrchestrators = true
	}
	if typed {
		v.typeCriteria(st, p, typ)
	}
	v.dataFormats(st, p)
	if v.fiat(st, p) && !v.stripeReminded && v.tierLimit().FiatAvailable {
		key := v.doc.PointsAndFiat.FiatFields[0]
		v.at(st.child(key), "fiat-stripe-reminder", p.sub(key), nil)
		v.stripeReminded = true
	}
}

// stageCount applies the tier's max_stages.
func (v *validation) stageCount() {
	stages := v.root.child("stages")
	limit := v.tierLimit().MaxStages
	if stages != nil && stages.kind == '[' && limit > 0 && len(stages.items) > limit {
		v.at(stages, "too-many-stages", "/stages", nil, len(stages.items), limit, v.tierName())
	}
}

// payloadRules checks what spans manifest and stages.
func (v *validation) payloadRules() {
	stages := v.root.child("stages")
	if stages == nil || stages.kind != '[' {
		return
	}
	if len(stages.items) > 0 && !v.notAllOrchestrators {
		v.at(stages, "all-stages-orchestrator", "/stages", nil)
	}
	if v.manifest != nil {
		v.detailMentionsStages(v.manifest, stages)
		v.languageScript(v.manifest, stages)
	}
}

// intValue returns a number node's value when it is an integer that fits.
func intValue(n *node) (int64, bool) {
	if n == nil || n.kind != '0' || len(n.str) > 64 {
		return 0, false
	}
	return parseDecimal(n.str).int64Value()
}

// suggest returns the defined field a misspelt or camelCase key most likely
// meant, or "". Keys longer than any field name plus the distance allowed
// are not compared, which keeps hostile keys cheap.
func suggest(key string, fields map[string]Field) string {
	if len(key) > 64 {
		return ""
	}
	snake := toSnake(key)
	best, bestDist := "", 3
	for _, name := range sortedNames(fields) {
		if strings.EqualFold(name, key) || name == snake {
			return name
		}
		if d := editDistance(strings.ToLower(key), name); d < bestDist {
			best, bestDist = name, d
		}
	}
	return best
}

func sortedNames(fields map[string]Field) []string {
	names := make([]string, 0, len(fields))
	for n := range fields {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
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

// industryCode checks the ISIC Rev.4 code: the document's pattern first (a
// code that fails it gets the most helpful of three errors, with a fix where
// the repair is certain), then that the division belongs to the section.
func (v *validation) industryCode(f Field, n *node, p path) {
	code := n.str
	shape := v.idx.patterns[f.Pattern]
	if shape == nil {
		return
	}
	if !shape.MatchString(code) {
		upper := strings.ToUpper(code)
		if sec, ok := v.sectionOf(code); ok && len(code) >= 2 && len(code) <= 4 && allDigits(code) {
			v.at(n, "industry-code-no-section", p.String(), v.replace(n, strconv.Quote(sec+code)), code, sec+code)
			return
		}
		if shape.MatchString(upper) {
			v.at(n, "industry-code-case", p.String(), v.replace(n, strconv.Quote(upper)), clip(code), upper)
			return
		}
		v.at(n, "industry-code-shape", p.String(), nil, clip(code))
		return
	}
	if len(code) == 1 {
		return
	}
	div := code[1:3]
	sec, ok := v.sectionOf(div)
	switch {
	case !ok:
		v.at(n, "industry-code-division", p.String(), nil, code, div)
	case sec != code[:1]:
		v.at(n, "industry-code-section", p.String(), nil, code, code[:1], div, sec)
	}
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// sectionOf returns the ISIC section of the division named by the first two
// digits of s.
func (v *validation) sectionOf(s string) (string, bool) {
	if len(s) < 2 || !allDigits(s[:2]) {
		return "", false
	}
	n, _ := strconv.Atoi(s[:2])
	for _, sec := range v.doc.ISICSections {
		for _, rg := range sec.Divisions {
			if n >= rg[0] && n <= rg[1] {
				return sec.Section, true
			}
		}
	}
	return "", false
}

// language accepts preferred tags, warns on aliases with a fix, and rejects
// everything else: a tag written in other letter case gets a fix, an unknown
// tag does not.
func (v *validation) language(n *node, p path) {
	tag := n.str
	if v.idx.tags[tag] {
		return
	}
	if preferred, ok := v.doc.LanguageAliases[tag]; ok {
		v.at(n, "language-alias", p.String(), v.replace(n, strconv.Quote(preferred)), tag, preferred)
		return
	}
	if preferred, ok := v.idx.tagFold[strings.ToLower(tag)]; ok {
		v.at(n, "language-case", p.String(), v.replace(n, strconv.Quote(preferred)), tag, preferred)
		return
	}
	v.at(n, "language-unknown", p.String(), nil, clip(tag))
}

func (v *validation) messageBus(m *node) {
	gc := m.child("global_config")
	bus := gc.child("message_bus")
	group := m.child("communication_software_group")
	if gc == nil || gc.kind != '{' || bus == nil || group == nil || bus.kind != '"' || group.kind != '"' {
		return
	}
	if bus.str != "" && bus.str != group.str {
		v.at(bus, "message-bus-mismatch", "/manifest/global_config/message_bus", nil, clip(bus.str), clip(group.str))
	}
}

func (v *validation) tierLimit() TierLimit { return v.doc.TierLimits[v.tier] }

// taskDuration caps task_duration_days by value, so 100.0 and 1e2 are 100.
func (v *validation) taskDuration(m *node) {
	n := m.child("task_duration_days")
	limit := v.tierLimit().MaxTaskDurationDays
	if n == nil || n.kind != '0' || limit <= 0 || len(n.str) > v.doc.Limits.MaxNumberLength {
		return
	}
	d := parseDecimal(n.str)
	if !d.isInteger() || d.cmp(decimalOf(int64(limit))) <= 0 {
		return
	}
	v.at(n, "task-duration-too-long", "/manifest/task_duration_days", v.replace(n, strconv.Itoa(limit)), d.String(), limit, v.tierName())
}

// dataFormats warns when a format of type "other" does not explain itself,
// on the stage and on each skill.
func (v *validation) dataFormats(st *node, p path) {
	check := func(n *node, at path) {
		for _, key := range []string{"input_data_format", "output_data_format"} {
			df := n.child(key)
			if df == nil || df.kind != '{' {
				continue
			}
			t, ok := intValue(df.child("type"))
			schema := df.child("schema")
			explained := schema != nil && schema.kind == '"' && strings.TrimSpace(schema.str) != ""
			if ok && t == v.idx.otherFormat && v.doc.DataFormatOtherNeedsSchema && !explained {
				v.at(df.child("type"), "data-format-other-no-schema", at.sub(key, "type"), nil)
			}
		}
	}
	check(st, p)
	if skills := st.child("agent_skills"); skills != nil && skills.kind == '[' {
		for j, sk := range skills.items {
			if sk.kind == '{' {
				check(sk, p.key("agent_skills").index(j))
			}
		}
	}
}

// fiat applies the points-versus-fiat rule and the tier's fiat availability.
// It reports whether the stage pays in fiat.
func (v *validation) fiat(st *node, p path) bool {
	enabledKey, amountKey := v.doc.PointsAndFiat.FiatFields[0], v.doc.PointsAndFiat.FiatFields[1]
	enabled, amount := st.child(enabledKey), st.child(amountKey)
	if enabled == nil || enabled.kind != 't' {
		if amount != nil {
			v.at(amount, "fiat-amount-without-fiat", p.sub(amountKey), nil)
		}
		return false
	}
	if !v.tierLimit().FiatAvailable {
		v.at(enabled, "fiat-not-available", p.sub(enabledKey), nil, v.tierName())
	}
	if amount == nil {
		v.report("fiat-amount-missing", p.String(), st.start, st.start+1, nil)
	}
	for _, key := range v.doc.PointsAndFiat.PointsFields {
		pts := st.child(key)
		if pts == nil || pts.kind != '0' || len(pts.str) > v.doc.Limits.MaxNumberLength {
			continue
		}
		d := parseDecimal(pts.str)
		if d.isZero() || d.neg || !d.isInteger() {
			continue // zero is right; a negative or fractional value has its own error
		}
		v.at(pts, "fiat-points-not-zero", p.sub(key), v.replace(pts, "0"), key, d.String())
	}
	return true
}

// tierName returns the tier's label in both languages, as messages show it:
// from Options.TierLabels, else the key with a capital letter. A Chinese
// label ending in a Latin letter gets a space before the Chinese that
// follows it.
func (v *validation) tierName() bi {
	l := TierLabel(v.labels, v.tier)
	zh := l.ZH
	if last, _ := utf8.DecodeLastRuneInString(zh); last < utf8.RuneSelf {
		zh += " "
	}
	return bi{l.EN, zh}
}

// typeCriteria checks type_criteria against the stage's type: its own keys
// by value, keys of other types and unknown keys as warnings.
func (v *validation) typeCriteria(st *node, p path, stageType int64) {
	tc := st.child("type_criteria")
	own, known := v.idx.criteria[stageType]
	if tc == nil || tc.kind != '{' || !known {
		return // a wrong type or an unknown stage type has its own error
	}
	base := p.key("type_criteria")
	if len(own) == 0 && len(tc.members) > 0 {
		v.at(tc, "criteria-none-defined", base.String(), nil, v.stageTypeName(stageType))
		return
	}
	for i := range tc.members {
		m := &tc.members[i]
		if m.shadowed {
			continue
		}
		kp := base.key(m.key)
		if f, ok := own[m.key]; ok {
			v.value(f, m.val, kp)
			continue
		}
		if other, ok := v.idx.criterion[m.key]; ok {
			v.atKey(m, "criteria-other-type", kp.String(), nil, m.key, v.stageTypeName(stageType), v.stageTypeName(other))
		} else {
			v.atKey(m, "criteria-unknown-key", kp.String(), nil, clip(m.key), v.stageTypeName(stageType))
		}
	}
}

// stageTypeName writes a stage type as messages show it, with full-width
// brackets in Chinese.
func (v *validation) stageTypeName(id int64) bi {
	key, _ := v.doc.StageTypeKey(int(id))
	n := strconv.FormatInt(id, 10)
	return bi{n + " (" + key + ")", n + "（" + key + "）"}
}

// detailMentionsStages warns for each stage_name that manifest.detail does
// not mention: the detail must explain how the stages connect. Only the
// first stages up to the largest tier's max_stages are looked for, which
// keeps the check linear in the detail; more stages are an error anyway.
func (v *validation) detailMentionsStages(m, stages *node) {
	detail := m.child("detail")
	if detail == nil || detail.kind != '"' || detail.str == "" {
		return
	}
	for i, st := range stages.items {
		if i >= v.idx.maxAnyStages {
			return
		}
		name := st.child("stage_name")
		if st.kind == '{' && name != nil && name.kind == '"' && name.str != "" && !mentions(detail.str, name.str) {
			v.at(detail, "detail-missing-stage", "/manifest/detail", nil, clip(name.str))
		}
	}
}

// TierLabel returns a tier's label from labels, or the tier key with a
// capital letter in both languages when labels do not name it.
func TierLabel(labels map[string]Label, tier string) Label {
	if l, ok := labels[tier]; ok && l.EN != "" && l.ZH != "" {
		return l
	}
	if tier == "" {
		return Label{}
	}
	name := strings.ToUpper(tier[:1]) + tier[1:]
	return Label{EN: name, ZH: name}
}

// mentions reports whether name occurs in text. It finds candidates by the
// name's first byte and compares from there, which in WebAssembly (where
// strings.Contains falls back to Rabin-Karp hashing) is several times faster.
func mentions(text, name string) bool {
	first := name[0]
	for i := 0; i+len(name) <= len(text); i++ {
		j := strings.IndexByte(text[i:len(text)-len(name)+1], first)
		if j < 0 {
			return false
		}
		i += j
		if text[i:i+len(name)] == name {
			return true
		}
	}
	return false
}
