package protocol

import (
	"strings"
	"unicode/utf8"

	"pairag.com/portal/protocol/internal/format"
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

// atPath reports a finding on a value at path p, writing the pointer out
// only when the finding is shown.
func (v *validation) atPath(n *jsonpos.Node, code string, p path, fix *Fix, args ...any) {
	ptr := ""
	if !v.full() {
		ptr = p.String()
	}
	v.report(code, ptr, n.Start, n.End, fix, args...)
}

// atKeyPath reports a finding on the key of a member at path p, writing
// the pointer out only when the finding is shown.
func (v *validation) atKeyPath(m *jsonpos.Member, code string, p path, fix *Fix, args ...any) {
	ptr := ""
	if !v.full() {
		ptr = p.String()
	}
	v.report(code, ptr, m.KeyStart, m.KeyEnd, fix, args...)
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
	v.object(v.root, path{steps: &v.steps}, v.idx.lists[spec.TopLevelRef])
	v.payloadRules()
}

// object checks an object's members against a field list, then its
// required keys, then the rules of that kind of object.
func (v *validation) object(n *jsonpos.Node, p path, l *fieldList) {
	var seen [2]uint64 // positions in l.order of the defined keys present
	hint := 0
	// The members' paths share one step, rewritten per member (what
	// p.key does, without a call: package protocol is compiled without
	// inlining, and in WebAssembly a call costs several loop steps). A
	// member's walk only adds steps past it.
	*p.steps = append((*p.steps)[:p.n], jsonpos.Step{})
	mp := path{p.steps, p.n + 1}
	for i := range n.Members {
		m := &n.Members[i]
		if m.Shadowed {
			continue // the duplicate was reported; the last value is judged
		}
		(*p.steps)[p.n] = jsonpos.Step{Key: m.Key}
		var f *field
		at := hint
		if hint < len(l.order) && len(l.order[hint].Name) == len(m.Key) && jsonpos.Equal(l.order[hint].Name, m.Key) {
			f = l.order[hint] // find's first try, written out
		} else {
			f, at = l.find(m.Key, hint)
		}
		if f != nil {
			hint = at + 1
			if f.pos < 128 {
				seen[f.pos>>6] |= 1 << (f.pos & 63)
			}
			// What value does, without its call (a field of a type the
			// walk does not check, kind 0, accepts anything).
			switch c := m.Val; {
			case c.Kind != f.kind && f.kind != 0 && (c.Kind != 'f' || f.kind != 't'):
				v.wrongKind(f, c, mp)
			case f.kind == '"':
				if f.stringRest || len(c.Str) < f.minBytes {
					v.stringValue(f, c, mp)
				}
			case f.kind == '0':
				v.number(f, c, mp)
			case f.kind == '{':
				if f.list != nil {
					v.object(c, mp, f.list)
				}
			case f.kind == '[':
				v.array(f, c, mp)
			}
			continue
		}
		v.unknownKey(n, i, mp, l)
	}
	for _, r := range l.required {
		switch {
		case r.pos >= 0 && r.pos < 128 && seen[r.pos>>6]&(1<<(r.pos&63)) != 0:
		case r.pos >= 0 && r.pos < 128:
			v.missing(n, p, r.name)
		case n.Member(r.name) != nil:
		default:
			v.missing(n, p, r.name)
		}
	}
	switch l.ref {
	case "manifest_fields":
		v.manifestRules(n)
	case "stage_fields":
		v.stageRules(n, p)
	}
}

// missing reports a required key that object n lacks.
func (v *validation) missing(n *jsonpos.Node, p path, name string) {
	if v.full() {
		v.count("missing-field")
		return
	}
	ptr := p.String()
	v.report("missing-field", ptr, n.Start, n.Start+1, nil, name, placeArg(ptr))
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
		if _, ok := format.Atoi(tok); ok {
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
func (v *validation) value(f *field, n *jsonpos.Node, p path) {
	if got := n.Kind; got != f.kind && f.kind != 0 && (got != 'f' || f.kind != 't') {
		v.wrongKind(f, n, p)
		return
	}
	switch f.kind {
	case '{':
		if f.list != nil {
			v.object(n, p, f.list)
		}
	case '[':
		v.array(f, n, p)
	case '"':
		v.stringValue(f, n, p)
	case '0':
		v.number(f, n, p)
	}
}

// wrongKind reports a value that is not of the JSON kind its field wants
// ('t' stands for both booleans; a field of a type the walk does not
// check accepts anything, so value never calls it for one).
func (v *validation) wrongKind(f *field, n *jsonpos.Node, p path) {
	v.atPath(n, "wrong-type", p, nil, typeWord(f.Type), kindWord(n.Kind))
}

func (v *validation) array(f *field, n *jsonpos.Node, p path) {
	count := len(n.Items)
	switch {
	case f.projectTags && (f.MinItems != nil && count < *f.MinItems || f.MaxItems != nil && count > *f.MaxItems):
		v.atPath(n, "project-tags-count", p, nil, count)
	case f.MinItems != nil && count < *f.MinItems:
		v.atPath(n, "too-few-items", p, nil, count, *f.MinItems)
	case f.MaxItems != nil && count > *f.MaxItems:
		v.atPath(n, "too-many-items", p, nil, count, *f.MaxItems)
	}
	// The items' paths share one step, as the members' do in object.
	*p.steps = append((*p.steps)[:p.n], jsonpos.Step{IsIndex: true})
	ip := path{p.steps, p.n + 1}
	for i, it := range n.Items {
		(*p.steps)[p.n] = jsonpos.Step{Index: i, IsIndex: true}
		v.value(f.item, it, ip)
	}
}

func (v *validation) stringValue(f *field, n *jsonpos.Node, p path) {
	s := n.Str
	switch {
	case f.Const != nil:
		if want, ok := f.Const.(string); ok && s != want {
			v.atPath(n, "invalid-value", p, v.replace(n, format.Quote(want)), format.Quote(want), shown(n))
		}
		return
	// A character is at most 4 bytes (an invalid byte counts as one), so
	// a string of 4×min bytes is long enough without counting.
	case f.MinLength != nil && len(s)/4 < *f.MinLength && utf8.RuneCountInString(s) < *f.MinLength:
		v.atPath(n, "empty-string", p, nil)
		return
	}
	switch {
	case len(f.Values) > 0:
		for _, allowed := range f.Values {
			if s == allowed {
				return
			}
		}
		v.atPath(n, "invalid-enum", p, nil, shown(n), f.Name, quoteAll(f.Values))
	case f.language:
		v.language(n, p)
	case f.industryCode:
		v.industryCode(f, n, p)
	case f.Pattern != "" && !f.pattern.MatchString(s):
		v.atPath(n, "invalid-format", p, nil, shown(n))
	}
}

// number checks a number by its value: 100, 100.0 and 1e2 are one integer.
// A plain integer literal (most numbers of a payload) is read as an int64
// and compared with the bounds as integers; anything else is read as a
// decimal. Both give the same answers (TestPlainIntegerAgrees).
func (v *validation) number(f *field, n *jsonpos.Node, p path) {
	if limit := v.doc.Limits.MaxNumberLength; len(n.Str) > limit {
		v.atPath(n, "number-too-long", p, nil, len(n.Str), limit)
		return
	}
	// plainInt, written out: a call fewer per number.
	i, plain := int64(0), false
	if s := n.Str; len(s) > 0 && len(s) <= 18 && s[0] != '-' {
		plain = true
		for j := 0; j < len(s); j++ {
			c := s[j]
			if c < '0' || c > '9' {
				plain = false
				break
			}
			i = i*10 + int64(c-'0')
		}
	} else {
		i, plain = plainInt(s)
	}
	var d jsonpos.Decimal
	if !plain || f.Const != nil {
		d = jsonpos.ParseDecimal(n.Str)
	}
	if !plain && f.Type == "integer" && !d.IsInteger() {
		v.atPath(n, "wrong-type", p, nil, typeWord("integer"), bi{"a number with a fraction", "带小数的数字"})
		return
	}
	if f.Const != nil {
		if c, ok := f.Const.(float64); ok && d.Cmp(jsonpos.DecimalOfFloat(c)) != 0 {
			want := jsonpos.DecimalOfFloat(c).String()
			v.atPath(n, "invalid-value", p, v.replace(n, want), want, n.Str)
		}
		return
	}
	if f.Enum != "" {
		id, ok := i, plain
		if !plain {
			id, ok = d.Int64Value()
		}
		if !ok || !f.hasEnum(id) {
			v.atPath(n, "invalid-enum", p, nil, n.Str, f.Name, v.idx.enumShown[f.Enum])
		}
		return
	}
	// A plain integer against an integer bound, the common case, is
	// compared here without bound.cmp's call.
	if b := f.min; b != nil && (plain && b.isInt && i < b.i || !(plain && b.isInt) && b.cmp(d, i, plain) < 0) {
		v.atPath(n, "below-minimum", p, nil, n.Str, f.min.dec.String())
		return
	}
	switch b := f.max; {
	case b != nil && (plain && b.isInt && i > b.i || !(plain && b.isInt) && b.cmp(d, i, plain) > 0):
		v.atPath(n, "above-maximum", p, nil, n.Str, f.max.dec.String())
	case f.Maximum == nil && f.Type == "integer" && v.doc.IntegerMax > 0 &&
		(plain && i > v.doc.IntegerMax || !plain && d.Cmp(v.idx.intMax) > 0):
		v.atPath(n, "integer-too-large", p, nil, n.Str, v.doc.IntegerMax)
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

// cmp compares a number with a bound of the document: the decimal d, or
// the integer i when the literal is plain.
func (b *bound) cmp(d jsonpos.Decimal, i int64, plain bool) int {
	if !plain {
		return d.Cmp(b.dec)
	}
	if b.isInt {
		// cmp.Compare, written out: package protocol is compiled without
		// inlining, and its generic int64 copy called isNaN twice.
		switch {
		case i < b.i:
			return -1
		case i > b.i:
			return 1
		}
		return 0
	}
	return jsonpos.DecimalOf(i).Cmp(b.dec)
}

// replace returns a fix that replaces a value with JSON text.
func (v *validation) replace(n *jsonpos.Node, jsonText string) *Fix {
	return &Fix{Start: n.Start, End: n.End, Replacement: jsonText}
}

// unknownKey reports a key that the object's field list does not define:
// an error at the top level (the app accepts only the listed keys there), a
// warning with a suggestion elsewhere, nothing in open lists.
func (v *validation) unknownKey(obj *jsonpos.Node, i int, p path, l *fieldList) {
	m, ref := &obj.Members[i], l.ref
	switch {
	case ref == spec.TopLevelRef && v.doc.TopLevel.DeprecatedFields[m.Key] != "":
		v.atKeyPath(m, "deprecated-agents", p, nil)
	case ref == spec.TopLevelRef && m.Key == "$schema":
		v.reportWith("schema-key", p.String(), m.KeyStart, m.KeyEnd, v.removeMemberSuggestion(obj, i))
	case !isSnakeCase(m.Key):
		v.notSnakeCase(obj, m, p)
	case ref == spec.TopLevelRef:
		v.atKeyPath(m, "unknown-top-level-field", p, nil, clip(m.Key))
	case l.open:
	case v.full():
		v.atKeyPath(m, "unknown-field", p, nil) // counted, not shown: skip the suggestion
	default:
		where := placeOf(p.parentString()).en
		if s := suggest(m.Key, l.names); s != "" {
			v.atKeyPath(m, "unknown-field-typo", p, nil, clip(m.Key), where, s)
		} else {
			v.atKeyPath(m, "unknown-field", p, nil, clip(m.Key), where)
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
		v.atKeyPath(m, "key-not-snake-case", p, nil, clip(m.Key), bi{"use lower-case letters, digits and underscores only", "请只使用小写字母、数字和下划线"})
		return
	}
	var fix *Fix
	if !v.snakeTaken(obj, snake) {
		fix = &Fix{Start: m.KeyStart, End: m.KeyEnd, Replacement: format.Quote(snake)}
	}
	advice := bi{"write " + format.Quote(clip(snake)), "请写作 " + format.Quote(clip(snake))}
	v.atKeyPath(m, "key-not-snake-case", p, fix, clip(m.Key), advice)
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
func shown(n *jsonpos.Node) string { return format.Quote(clip(n.Str)) }

func quoteAll(values []string) string {
	q := make([]string, len(values))
	for i, s := range values {
		q[i] = format.Quote(s)
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
