package protocol

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"pairag.com/portal/protocol/internal/format"
	"pairag.com/portal/protocol/jsonpos"
	"pairag.com/portal/protocol/location"
	"pairag.com/portal/protocol/spec"
)

// The protocol's rules beyond a field's own value: tier limits, cross-field
// rules and advice. The engine calls them at the objects that carry them.

// manifestRules checks manifest values against each other and the tier.
func (v *validation) manifestRules(m *jsonpos.Node) {
	v.manifest = m
	v.messageBus(m)
	v.location(m)
	v.taskDuration(m)
}

// stageRules checks one stage: unique name, type_criteria of its type,
// data formats and the points-versus-fiat rule.
func (v *validation) stageRules(st *jsonpos.Node, p path) {
	if name := st.Child("stage_name"); name != nil && name.Kind == '"' {
		if first, dup := v.stageNames[name.Str]; dup {
			v.at(name, "duplicate-stage-name", p.sub("stage_name"), nil, clip(name.Str), placeOf(jsonpos.StepsPointer(v.stageSteps[first.start:first.end])).en)
		} else {
			// The path is kept, and written out only for a duplicate:
			// naming every stage's place cost 4% of a validation. The
			// paths share one slice.
			if v.stageNames == nil {
				v.stageNames = map[string]span{}
			}
			from := len(v.stageSteps)
			v.stageSteps = append(v.stageSteps, (*p.steps)[:p.n]...)
			v.stageNames[name.Str] = span{from, len(v.stageSteps)}
		}
	}
	typ, typed := intValue(st.Child("stage_type"))
	if !typed || typ != v.idx.orchestrator {
		v.notAllOrchestrators = true
	}
	if typed {
		v.typeCriteria(st, p, typ)
	}
	v.dataFormats(st, p)
	if v.fiat(st, p) && !v.stripeReminded && v.tierLimit().FiatAvailable {
		key := v.doc.PointsAndFiat.FiatFields[0]
		v.at(st.Child(key), "fiat-stripe-reminder", p.sub(key), nil)
		v.stripeReminded = true
	}
}

// stageCount applies the tier's max_stages.
func (v *validation) stageCount() {
	stages := v.root.Child("stages")
	if stages != nil && stages.Kind == '[' {
		// Room for the stages' names and paths at once, as far as a tier
		// allows stages: growing them cost 12 allocations on 20 stages.
		// The last validation's paths are used again (kept).
		n := min(len(stages.Items), v.idx.maxAnyStages+1)
		v.stageNames = make(map[string]span, n)
		if cap(v.stageSteps) < 2*n {
			v.stageSteps = make([]jsonpos.Step, 0, 2*n)
		}
	}
	limit := v.tierLimit().MaxStages
	if stages != nil && stages.Kind == '[' && limit > 0 && len(stages.Items) > limit {
		v.at(stages, "too-many-stages", "/stages", nil, len(stages.Items), limit, v.tierName())
	}
}

// payloadRules checks what spans manifest and stages.
func (v *validation) payloadRules() {
	stages := v.root.Child("stages")
	if stages == nil || stages.Kind != '[' {
		return
	}
	if len(stages.Items) > 0 && !v.notAllOrchestrators {
		v.at(stages, "all-stages-orchestrator", "/stages", nil)
	}
	if v.manifest != nil {
		v.detailMentionsStages(v.manifest, stages)
		v.languageScript(v.manifest, stages)
	}
}

// intValue returns a number node's value when it is an integer that fits.
func intValue(n *jsonpos.Node) (int64, bool) {
	if n == nil || n.Kind != '0' || len(n.Str) > 64 {
		return 0, false
	}
	if i, plain := plainInt(n.Str); plain {
		return i, true // as ParseDecimal reads it (TestPlainIntegerAgrees), without the decimal
	}
	return jsonpos.ParseDecimal(n.Str).Int64Value()
}

// suggest returns the defined field a misspelt or camelCase key most likely
// meant, or "". Keys longer than any field name plus the distance allowed
// are not compared, which keeps hostile keys cheap.
func suggest(key string, names []string) string {
	if len(key) > 64 {
		return ""
	}
	snake := toSnake(key)
	best, bestDist := "", 3
	for _, name := range names {
		if strings.EqualFold(name, key) || name == snake {
			return name
		}
		if d := editDistance(strings.ToLower(key), name); d < bestDist {
			best, bestDist = name, d
		}
	}
	return best
}

// sortStrings sorts a list of the document's names (tens of them, once
// per document) by insertion: slices.Sort would add a sort of strings of
// its own to the WebAssembly module (about 17 KB of code).
func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// toSnake writes a camelCase, PascalCase, kebab-case or spaced key in
// snake_case: maxTokens, MaxTokens, max-tokens and "max tokens" all become
// max_tokens, and a run of capitals is one word (HTTPServer: http_server).
// Only ASCII letters change: a key with other letters is never snake_case.
func toSnake(s string) string {
	upper := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	lower := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '-' || c == ' ' || c == '.':
			c = '_'
		case upper(c):
			if i > 0 && (lower(s[i-1]) || upper(s[i-1]) && i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z') {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// isSnakeCase reports whether key is written as the protocol writes every
// key: lower-case ASCII words and digits joined by single underscores,
// starting with a letter.
func isSnakeCase(key string) bool {
	if key == "" || key[0] < 'a' || key[0] > 'z' || key[len(key)-1] == '_' {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == '_' && key[i-1] != '_':
		default:
			return false
		}
	}
	return true
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
// the repair is certain), then that ISIC Rev.4 has it at every level: the
// division in that section, the group in that division, the class in that
// group (isic-rev4.tsv).
func (v *validation) industryCode(f *field, n *jsonpos.Node, p path) {
	code := n.Str
	shape := f.pattern
	if shape == nil {
		return
	}
	if !shape.MatchString(code) {
		upper := strings.ToUpper(code)
		if sec, ok := isicSectionOf(code); ok && len(code) >= 2 && len(code) <= 4 && allDigits(code) {
			v.atPath(n, "industry-code-no-section", p, v.replace(n, format.Quote(sec+code)), code, sec+code)
			return
		}
		if shape.MatchString(upper) {
			v.atPath(n, "industry-code-case", p, v.replace(n, format.Quote(upper)), clip(code), upper)
			return
		}
		v.atPath(n, "industry-code-shape", p, nil, clip(code))
		return
	}
	if len(code) == 1 {
		return
	}
	switch c := checkISIC(code); {
	case c.level == "division" && c.otherParent != "":
		v.atPath(n, "industry-code-section", p, nil, code, c.parent, c.code, c.otherParent)
	case c.level == "division":
		v.atPath(n, "industry-code-division", p, nil, code, c.code)
	case c.level == "group":
		v.atPath(n, "industry-code-group", p, nil, code, c.code, c.parent, strings.Join(c.existing, ", "))
	case c.level == "class":
		v.atPath(n, "industry-code-class", p, nil, code, c.code, c.parent, strings.Join(c.existing, ", "))
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

// language accepts preferred tags, warns on aliases with a fix, and rejects
// everything else: a tag written in other letter case gets a fix, an unknown
// tag does not.
func (v *validation) language(n *jsonpos.Node, p path) {
	tag := n.Str
	if v.idx.tags[tag] {
		return
	}
	if preferred, ok := v.doc.LanguageAliases[tag]; ok {
		v.atPath(n, "language-alias", p, v.replace(n, format.Quote(preferred)), tag, preferred)
		return
	}
	if preferred, ok := v.idx.tagFold[strings.ToLower(tag)]; ok {
		v.atPath(n, "language-case", p, v.replace(n, format.Quote(preferred)), tag, preferred)
		return
	}
	v.atPath(n, "language-unknown", p, nil, clip(tag))
}

func (v *validation) messageBus(m *jsonpos.Node) {
	gc := m.Child("global_config")
	bus := gc.Child("message_bus")
	group := m.Child("communication_software_group")
	if gc == nil || gc.Kind != '{' || bus == nil || group == nil || bus.Kind != '"' || group.Kind != '"' {
		return
	}
	if bus.Str != "" && bus.Str != group.Str {
		v.at(bus, "message-bus-mismatch", "/manifest/global_config/message_bus", nil, clip(bus.Str), clip(group.Str))
	}
}

func (v *validation) tierLimit() spec.TierLimit { return v.doc.TierLimits[v.tier] }

// taskDuration caps task_duration_days by value, so 100.0 and 1e2 are 100.
func (v *validation) taskDuration(m *jsonpos.Node) {
	n := m.Child("task_duration_days")
	limit := v.tierLimit().MaxTaskDurationDays
	if n == nil || n.Kind != '0' || limit <= 0 || len(n.Str) > v.doc.Limits.MaxNumberLength {
		return
	}
	d := jsonpos.ParseDecimal(n.Str)
	if !d.IsInteger() || d.Cmp(jsonpos.DecimalOf(int64(limit))) <= 0 {
		return
	}
	v.at(n, "task-duration-too-long", "/manifest/task_duration_days", v.replace(n, strconv.Itoa(limit)), n.Str, limit, v.tierName())
}

// dataFormats warns when a format of type "other" does not explain itself,
// on the stage and on each skill.
func (v *validation) dataFormats(st *jsonpos.Node, p path) {
	check := func(n *jsonpos.Node, at path) {
		for _, key := range []string{"input_data_format", "output_data_format"} {
			df := n.Child(key)
			if df == nil || df.Kind != '{' {
				continue
			}
			// The schema is looked for only for a format of type "other".
			typ := df.Child("type")
			if t, ok := intValue(typ); !ok || t != v.idx.otherFormat || !v.doc.DataFormatOtherNeedsSchema {
				continue
			}
			if schema := df.Child("schema"); schema == nil || schema.Kind != '"' || strings.TrimSpace(schema.Str) == "" {
				v.at(typ, "data-format-other-no-schema", at.sub(key, "type"), nil)
			}
		}
	}
	check(st, p)
	if skills := st.Child("agent_skills"); skills != nil && skills.Kind == '[' {
		for j, sk := range skills.Items {
			if sk.Kind == '{' {
				check(sk, p.key("agent_skills").index(j))
			}
		}
	}
}

// fiat applies the points-versus-fiat rule and the tier's fiat availability.
// It reports whether the stage pays in fiat.
func (v *validation) fiat(st *jsonpos.Node, p path) bool {
	enabledKey, amountKey := v.doc.PointsAndFiat.FiatFields[0], v.doc.PointsAndFiat.FiatFields[1]
	enabled, amount := st.Child(enabledKey), st.Child(amountKey)
	if enabled == nil || enabled.Kind != 't' {
		if amount != nil {
			v.at(amount, "fiat-amount-without-fiat", p.sub(amountKey), nil)
		}
		return false
	}
	if !v.tierLimit().FiatAvailable {
		v.at(enabled, "fiat-not-available", p.sub(enabledKey), nil, v.tierName())
	}
	if amount == nil {
		v.report("fiat-amount-missing", p.String(), st.Start, st.Start+1, nil)
	}
	for _, key := range v.doc.PointsAndFiat.PointsFields {
		pts := st.Child(key)
		if pts == nil || pts.Kind != '0' || len(pts.Str) > v.doc.Limits.MaxNumberLength {
			continue
		}
		d := jsonpos.ParseDecimal(pts.Str)
		if d.IsZero() || d.IsNegative() || !d.IsInteger() {
			continue // zero is right; a negative or fractional value has its own error
		}
		var fix *Fix
		if v.tierLimit().FiatAvailable {
			fix = v.replace(pts, "0") // where fiat is not available, the points are the only payment left
		}
		v.at(pts, "fiat-points-not-zero", p.sub(key), fix, key, pts.Str)
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
func (v *validation) typeCriteria(st *jsonpos.Node, p path, stageType int64) {
	tc := st.Child("type_criteria")
	own, known := v.idx.criteria[stageType]
	if tc == nil || tc.Kind != '{' || !known {
		return // a wrong type or an unknown stage type has its own error
	}
	base := p.key("type_criteria")
	if len(own.order) == 0 && len(tc.Members) > 0 {
		v.atPath(tc, "criteria-none-defined", base, nil, v.stageTypeName(stageType))
		return
	}
	hint := 0
	for i := range tc.Members {
		m := &tc.Members[i]
		if m.Shadowed {
			continue
		}
		kp := base.key(m.Key)
		if f, at := own.find(m.Key, hint); f != nil {
			hint = at + 1
			v.value(f, m.Val, kp)
			continue
		}
		if !isSnakeCase(m.Key) {
			v.notSnakeCase(tc, m, kp)
			continue
		}
		if other, ok := v.idx.criterion[m.Key]; ok {
			v.atKeyPath(m, "criteria-other-type", kp, nil, m.Key, v.stageTypeName(stageType), v.stageTypeName(other))
		} else {
			v.atKeyPath(m, "criteria-unknown-key", kp, nil, clip(m.Key), v.stageTypeName(stageType))
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
func (v *validation) detailMentionsStages(m, stages *jsonpos.Node) {
	detail := m.Child("detail")
	if detail == nil || detail.Kind != '"' || detail.Str == "" {
		return
	}
	for i, st := range stages.Items {
		if i >= v.idx.maxAnyStages {
			return
		}
		name := st.Child("stage_name")
		if st.Kind == '{' && name != nil && name.Kind == '"' && name.Str != "" && !mentions(detail.Str, name.Str) {
			v.at(detail, "detail-missing-stage", "/manifest/detail", nil, clip(name.Str))
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

// location checks manifest.location against the tier's granularity. A tier
// that allows less than a city refuses what it cannot classify; a tier that
// allows cities only warns about it.
func (v *validation) location(m *jsonpos.Node) {
	allowed := v.tierLimit().LocationGranularity
	order := v.doc.LocationPolicy.GranularityOrder
	n := m.Child("location")
	if n == nil || n.Kind == '"' && strings.TrimSpace(n.Str) == "" {
		switch {
		case allowed == location.Anywhere:
		case n == nil:
			v.report("location-required", "/manifest", m.Start, m.Start+1, nil, v.tierName())
		default:
			v.at(n, "location-required", "/manifest/location", nil, v.tierName())
		}
		return
	}
	if n.Kind != '"' {
		return // the type has its own error
	}
	loc := clip(n.Str)
	ptr := "/manifest/location"
	shape := location.Classify(n.Str, v.doc.LocationPolicy)
	switch {
	case shape.Granularity != "" && slices.Index(order, shape.Granularity) <= slices.Index(order, allowed):
	case allowed == location.Anywhere:
		v.at(n, "location-anywhere-only", ptr, v.replace(n, format.Quote(v.doc.LocationPolicy.AnywhereValues[0])), loc, v.tierName())
	case shape.Granularity == "" && slices.Index(order, allowed) >= slices.Index(order, location.City):
		v.at(n, "location-unclassified", ptr, nil, loc)
	case shape.PlatformID:
		v.at(n, "location-platform-id", ptr, nil, loc, v.tierName())
	default:
		v.at(n, "location-country-only", ptr, nil, loc, v.tierName())
	}
}
