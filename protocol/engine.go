package protocol

import (
	"cmp"
	"strconv"
	"strings"
	"unicode/utf8"

	"pairag.com/portal/protocol/jsonpos"
	"pairag.com/portal/protocol/spec"
)

// The engine is one walk over the parsed payload, driven by the document's
// field lists: presence of required keys, JSON types, enums and codebooks,
// constants, lengths, patterns, ranges and item counts, then at the objects
// that carry them the tier limits and cross-field rules. Every check that
// fails reports its own finding; nothing is reported by one check and hidden
// by another, and severities come from the catalogue alone.

// report records a finding located at a byte span. Past the document's
// max_findings only the count is kept, so output stays bounded.
func (v *validation) report(code, ptr string, start, end int, fix *Fix, args ...any) {
	sev := severityOf(code)
	if sev == SeverityError {
		v.errors++
	}
	if v.full() {
		v.dropped++
		if sev == SeverityError {
			v.droppedErrors++
		}
		if fix != nil {
			v.moreFixes = append(v.moreFixes, *fix)
		}
		return
	}
	v.found = append(v.found, pending{code: code, pointer: ptr, start: start, end: end, args: args, fix: fix})
}

// count records a finding past max_findings without its details.
func (v *validation) count(code string) {
	v.dropped++
	if severityOf(code) == SeverityError {
		v.errors++
		v.droppedErrors++
	}
}

// countN records n findings of one code past max_findings.
func (v *validation) countN(code string, n int) {
	v.dropped += n
	if severityOf(code) == SeverityError {
		v.errors += n
		v.droppedErrors += n
	}
}

// full reports whether findings past this one are only counted, so callers
// can skip work that only a shown finding needs.
func (v *validation) full() bool { return len(v.found) >= v.doc.Limits.MaxFindings }

// at reports a finding on a value.
func (v *validation) at(n *jsonpos.Node, code, ptr string, fix *Fix, args ...any) {
	v.report(code, ptr, n.Start, n.End, fix, args...)
}

// atKey reports a finding on an object member's key.
func (v *validation) atKey(m *jsonpos.Member, code, ptr string, fix *Fix, args ...any) {
	v.report(code, ptr, m.KeyStart, m.KeyEnd, fix, args...)
}

// walkPayload checks the top-level object and everything under it.
// The tier's stage count comes first, so a capped list of findings
// never loses it to the findings of the stages themselves.
func (v *validation) walkPayload() {
	v.stageCount()
	v.object(v.root, path{steps: &v.steps}, spec.TopLevelRef)
	v.payloadRules()
}

// object checks an object's members against a field list, then its
// required keys, then the rules of that kind of object.
func (v *validation) object(n *jsonpos.Node, p path, ref string) {
	fields := v.idx.fields[ref]
	for i := range n.Members {
		m := &n.Members[i]
		if m.Shadowed {
			continue // the duplicate was reported; the last value is judged
		}
		mp := p.key(m.Key)
		if f, ok := fields[m.Key]; ok {
			v.value(f, m.Val, mp)
			continue
		}
		v.unknownKey(n, i, mp, ref)
	}
	for _, name := range v.idx.required[ref] {
		switch {
		case n.Member(name) != nil:
		case v.full():
			v.count("missing-field")
		default:
			ptr := p.String()
			v.report("missing-field", ptr, n.Start, n.Start+1, nil, name, placeArg(ptr))
		}
	}
	switch ref {
	case "manifest_fields":
		v.manifestRules(n)
	case "stage_fields":
		v.stageRules(n, p)
	}
}

// placeArg is a message argument naming the object at a pointer, written
// out only for findings that are shown.
type placeArg string

// placeOf names the object at a pointer as messages do: stages[0].agent_skills,
// or the top level.
func placeOf(ptr string) bi {
	if ptr == "" {
		return bi{"the top level", "顶层"}
	}
	var b strings.Builder
	for _, tok := range jsonpos.PointerTokens(ptr) {
		if _, err := strconv.Atoi(tok); err == nil {
			b.WriteString("[" + tok + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	return bi{b.String(), b.String() + " "}
}

// value checks one value against its field.
func (v *validation) value(f *spec.Field, n *jsonpos.Node, p path) {
	switch f.Type {
	case "object":
		if !v.hasKind(f, n, p, '{') {
			return
		}
		if f.Ref != "" {
			v.object(n, p, f.Ref)
		}
	case "array":
		if v.hasKind(f, n, p, '[') {
			v.array(f, n, p)
		}
	case "string":
		if v.hasKind(f, n, p, '"') {
			v.stringValue(f, n, p)
		}
	case "integer", "number":
		if v.hasKind(f, n, p, '0') {
			v.number(f, n, p)
		}
	case "boolean":
		v.hasKind(f, n, p, 't')
	}
}

// hasKind reports a wrong-type finding unless n is of the JSON kind the field
// wants ('t' stands for both booleans).
func (v *validation) hasKind(f *spec.Field, n *jsonpos.Node, p path, kind byte) bool {
	got := n.Kind
	if got == 'f' {
		got = 't'
	}
	if got == kind {
		return true
	}
	v.at(n, "wrong-type", p.String(), nil, typeWord(f.Type), kindWord(n.Kind))
	return false
}

func (v *validation) array(f *spec.Field, n *jsonpos.Node, p path) {
	count := len(n.Items)
	switch {
	case f.Name == "project_tags" && (f.MinItems != nil && count < *f.MinItems || f.MaxItems != nil && count > *f.MaxItems):
		v.at(n, "project-tags-count", p.String(), nil, count)
	case f.MinItems != nil && count < *f.MinItems:
		v.at(n, "too-few-items", p.String(), nil, count, *f.MinItems)
	case f.MaxItems != nil && count > *f.MaxItems:
		v.at(n, "too-many-items", p.String(), nil, count, *f.MaxItems)
	}
	item := spec.Field{Name: f.Name, Type: f.Items, Ref: f.Ref, Enum: f.Enum}
	for i, it := range n.Items {
		v.value(&item, it, p.index(i))
	}
}

func (v *validation) stringValue(f *spec.Field, n *jsonpos.Node, p path) {
	s := n.Str
	switch {
	case f.Const != nil:
		if want, ok := f.Const.(string); ok && s != want {
			v.at(n, "invalid-value", p.String(), v.replace(n, strconv.Quote(want)), strconv.Quote(want), shown(n))
		}
		return
	case f.MinLength != nil && utf8.RuneCountInString(s) < *f.MinLength:
		v.at(n, "empty-string", p.String(), nil)
		return
	}
	switch {
	case len(f.Values) > 0:
		for _, allowed := range f.Values {
			if s == allowed {
				return
			}
		}
		v.at(n, "invalid-enum", p.String(), nil, shown(n), f.Name, quoteAll(f.Values))
	case f.Enum == "language_codebook":
		v.language(n, p)
	case f.Name == "industry_code":
		v.industryCode(f, n, p)
	case f.Pattern != "" && !v.idx.patterns[f.Pattern].MatchString(s):
		v.at(n, "invalid-format", p.String(), nil, shown(n))
	}
}

// number checks a number by its value: 100, 100.0 and 1e2 are one integer.
// A plain integer literal (most numbers of a payload) is read as an int64
// and compared with the bounds as integers; anything else is read as a
// decimal. Both give the same answers (TestPlainIntegerAgrees).
func (v *validation) number(f *spec.Field, n *jsonpos.Node, p path) {
	if limit := v.doc.Limits.MaxNumberLength; len(n.Str) > limit {
		v.at(n, "number-too-long", p.String(), nil, len(n.Str), limit)
		return
	}
	i, plain := plainInt(n.Str)
	var d jsonpos.Decimal
	if !plain || f.Const != nil {
		d = jsonpos.ParseDecimal(n.Str)
	}
	if !plain && f.Type == "integer" && !d.IsInteger() {
		v.at(n, "wrong-type", p.String(), nil, typeWord("integer"), bi{"a number with a fraction", "带小数的数字"})
		return
	}
	if f.Const != nil {
		if c, ok := f.Const.(float64); ok && d.Cmp(jsonpos.DecimalOfFloat(c)) != 0 {
			want := jsonpos.DecimalOfFloat(c).String()
			v.at(n, "invalid-value", p.String(), v.replace(n, want), want, n.Str)
		}
		return
	}
	if f.Enum != "" {
		id, ok := i, plain
		if !plain {
			id, ok = d.Int64Value()
		}
		if !ok || !v.idx.enumIDs[f.Enum][id] {
			v.at(n, "invalid-enum", p.String(), nil, n.Str, f.Name, v.idx.enumShown[f.Enum])
		}
		return
	}
	if f.Minimum != nil && v.idx.cmpBound(d, i, plain, *f.Minimum) < 0 {
		v.at(n, "below-minimum", p.String(), nil, n.Str, v.idx.bounds[*f.Minimum].String())
		return
	}
	switch {
	case f.Maximum != nil && v.idx.cmpBound(d, i, plain, *f.Maximum) > 0:
		v.at(n, "above-maximum", p.String(), nil, n.Str, v.idx.bounds[*f.Maximum].String())
	case f.Maximum == nil && f.Type == "integer" && v.doc.IntegerMax > 0 &&
		(plain && i > v.doc.IntegerMax || !plain && d.Cmp(v.idx.intMax) > 0):
		v.at(n, "integer-too-large", p.String(), nil, n.Str, v.doc.IntegerMax)
	}
}

// plainInt reads a literal of at most 18 digits with an optional minus
// sign, which always fits an int64; any other literal is not plain.
func plainInt(lit string) (int64, bool) {
	s, neg := lit, false
	if len(s) > 0 && s[0] == '-' {
		s, neg = s[1:], true
	}
	if len(s) == 0 || len(s) > 18 {
		return 0, false
	}
	var n int64
	for j := 0; j < len(s); j++ {
		c := s[j]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// cmpBound compares a number with a bound of the document: the decimal d,
// or the integer i when the literal is plain.
func (x *index) cmpBound(d jsonpos.Decimal, i int64, plain bool, bound float64) int {
	if !plain {
		return d.Cmp(x.bounds[bound])
	}
	if b, ok := x.intBounds[bound]; ok {
		return cmp.Compare(i, b)
	}
	return jsonpos.DecimalOf(i).Cmp(x.bounds[bound])
}

// replace returns a fix that replaces a value with JSON text.
func (v *validation) replace(n *jsonpos.Node, jsonText string) *Fix {
	return &Fix{Start: n.Start, End: n.End, Replacement: jsonText}
}

// unknownKey reports a key that the object's field list does not define:
// an error at the top level (the app accepts only the listed keys there), a
// warning with a suggestion elsewhere, nothing in open lists.
func (v *validation) unknownKey(obj *jsonpos.Node, i int, p path, ref string) {
	m := &obj.Members[i]
	switch {
	case ref == spec.TopLevelRef && v.doc.TopLevel.DeprecatedFields[m.Key] != "":
		v.atKey(m, "deprecated-agents", p.String(), nil)
	case ref == spec.TopLevelRef && m.Key == "$schema":
		v.reportWith("schema-key", p.String(), m.KeyStart, m.KeyEnd, v.removeMemberSuggestion(obj, i))
	case !isSnakeCase(m.Key):
		v.notSnakeCase(obj, m, p)
	case ref == spec.TopLevelRef:
		v.atKey(m, "unknown-top-level-field", p.String(), nil, clip(m.Key))
	case v.idx.open[ref]:
	case v.full():
		v.atKey(m, "unknown-field", p.String(), nil) // counted, not shown: skip the suggestion
	default:
		where := placeOf(p.parentString()).en
		if s := suggest(m.Key, v.idx.names[ref]); s != "" {
			v.atKey(m, "unknown-field-typo", p.String(), nil, clip(m.Key), where, s)
		} else {
			v.atKey(m, "unknown-field", p.String(), nil, clip(m.Key), where)
		}
	}
}

// notSnakeCase reports a key that is not written in snake_case, as every
// key the protocol defines is, in closed and open field lists alike. The
// fix renames the key to its snake_case form, unless that would repeat a
// key of the object.
func (v *validation) notSnakeCase(obj *jsonpos.Node, m *jsonpos.Member, p path) {
	if v.full() {
		v.count("key-not-snake-case")
		return
	}
	snake := toSnake(m.Key)
	if !isSnakeCase(snake) {
		v.atKey(m, "key-not-snake-case", p.String(), nil, clip(m.Key), bi{"use lower-case letters, digits and underscores only", "请只使用小写字母、数字和下划线"})
		return
	}
	var fix *Fix
	if !v.snakeTaken(obj, snake) {
		fix = &Fix{Start: m.KeyStart, End: m.KeyEnd, Replacement: strconv.Quote(snake)}
	}
	advice := bi{"write " + strconv.Quote(clip(snake)), "请写作 " + strconv.Quote(clip(snake))}
	v.atKey(m, "key-not-snake-case", p.String(), fix, clip(m.Key), advice)
}

// snakeTaken reports whether renaming m to snake would repeat a key of obj:
// one already written so, or another key with the same snake_case form
// (maxTokens beside max-tokens). The snake_case forms of an object's keys
// are counted once per object, when its first such key is reported.
func (v *validation) snakeTaken(obj *jsonpos.Node, snake string) bool {
	forms, ok := v.snakeForms[obj]
	if !ok {
		forms = map[string]int{}
		for i := range obj.Members {
			if !obj.Members[i].Shadowed {
				forms[toSnake(obj.Members[i].Key)]++
			}
		}
		if v.snakeForms == nil {
			v.snakeForms = map[*jsonpos.Node]map[string]int{}
		}
		v.snakeForms[obj] = forms
	}
	return forms[snake] > 1
}

// maxShown bounds how much of a submitted value a message repeats.
const maxShown = 60

// clip shortens a submitted string for a message.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= maxShown {
		return s
	}
	r := []rune(s)
	return string(r[:maxShown]) + "…"
}

// shown writes a string value as it appears in the payload, shortened.
func shown(n *jsonpos.Node) string { return strconv.Quote(clip(n.Str)) }

func quoteAll(values []string) string {
	q := make([]string, len(values))
	for i, s := range values {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}

var typeWords = map[string]bi{
	"object": {"an object", "对象"}, "array": {"an array", "数组"}, "string": {"a string", "字符串"},
	"integer": {"an integer", "整数"}, "number": {"a number", "数字"}, "boolean": {"true or false", "布尔值"},
	"null": {"null", "null"},
}

func typeWord(t string) bi {
	if w, ok := typeWords[t]; ok {
		return w
	}
	return bi{t, t}
}

// kindWord names the JSON kind of a parsed value.
func kindWord(kind byte) bi {
	switch kind {
	case '{':
		return typeWords["object"]
	case '[':
		return typeWords["array"]
	case '"':
		return typeWords["string"]
	case '0':
		return typeWords["number"]
	case 't', 'f':
		return bi{"a boolean", "布尔值"}
	}
	return typeWords["null"]
}

// removeMember returns a fix deleting the i-th member of obj with its comma.
func removeMember(obj *jsonpos.Node, i int) *Fix {
	m := obj.Members[i]
	if m.Comma >= 0 {
		end := m.Comma + 1
		if i+1 < len(obj.Members) {
			end = obj.Members[i+1].KeyStart
		}
		return &Fix{Start: m.KeyStart, End: end}
	}
	if i > 0 && obj.Members[i-1].Comma >= 0 {
		return &Fix{Start: obj.Members[i-1].Comma, End: m.Val.End}
	}
	return &Fix{Start: m.KeyStart, End: m.Val.End}
}

// stringAt returns the string value of an object's key.
func stringAt(n *jsonpos.Node, key string) (string, bool) {
	c := n.Child(key)
	if c == nil || c.Kind != '"' {
		return "", false
	}
	return c.Str, true
}

// path is where the engine is in the payload. The walk is depth first, so
// one stack of steps serves every path: a path is the stack's first n steps,
// and making a child of a path drops whatever a finished sibling left above
// it. Nothing is allocated until a finding writes the pointer out.
type path struct {
	steps *[]jsonpos.Step
	n     int
}

// key returns the path of an object member under p.
func (p path) key(k string) path {
	*p.steps = append((*p.steps)[:p.n], jsonpos.Step{Key: k})
	return path{p.steps, p.n + 1}
}

// index returns the path of an array item under p.
func (p path) index(i int) path {
	*p.steps = append((*p.steps)[:p.n], jsonpos.Step{Index: i, IsIndex: true})
	return path{p.steps, p.n + 1}
}

// String returns the RFC 6901 pointer of the path; the root is "".
func (p path) String() string { return jsonpos.StepsPointer((*p.steps)[:p.n]) }

// parentString returns the pointer of the path's parent.
func (p path) parentString() string { return jsonpos.StepsPointer((*p.steps)[:max(p.n-1, 0)]) }

// sub returns the pointer of keys under the path.
func (p path) sub(keys ...string) string { return p.String() + jsonpos.Pointer(keys...) }
