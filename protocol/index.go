package protocol

import (
	"strconv"
	"strings"

	"pairag.com/portal/protocol/internal/pattern"
	"pairag.com/portal/protocol/jsonpos"
	"pairag.com/portal/protocol/spec"
)

// index is what the engine needs from a document in the shape it needs it:
// field lists as maps, enums as sets, patterns compiled, bounds as decimals.
// It is built once per document and only read afterwards.
type index struct {
	lists     map[string]*fieldList       // field list → the list resolved for the walk
	enumIDs   map[string]map[int64]bool   // enum → ids
	enumBits  map[string]uint64           // enum → its ids from 0 to 63 as bits
	enumShown map[string]string           // enum → "1, 2, 3" for messages
	patterns  map[string]*pattern.Pattern // pattern text → compiled
	bounds    map[float64]jsonpos.Decimal // minimum and maximum values as decimals
	intBounds map[float64]int64           // the bounds whose decimal is an integer that fits an int64
	intMax    jsonpos.Decimal

	tags      map[string]bool      // preferred language tags
	tagFold   map[string]string    // lower-case tag or alias → preferred tag
	criteria  map[int64]*fieldList // stage type → its type_criteria keys
	criterion map[string]int64     // type_criteria key → the first stage type that defines it

	otherFormat  int64 // data_format_type_enum "other"
	orchestrator int64 // stage_type_enum "orchestrator"
	maxAnyStages int   // the largest max_stages of any tier
}

// indexKey is the key of the engine's index among what is derived from a
// document (spec.Document.Memo).
type indexKey struct{}

// indexOf returns the document's index, building it on first use.
func indexOf(d *spec.Document) *index {
	return d.Memo(indexKey{}, func() any { return buildIndex(d) }).(*index)
}

func buildIndex(d *spec.Document) *index {
	x := &index{
		lists:   map[string]*fieldList{},
		enumIDs: map[string]map[int64]bool{}, enumBits: map[string]uint64{}, enumShown: map[string]string{}, patterns: map[string]*pattern.Pattern{},
		bounds: map[float64]jsonpos.Decimal{}, intBounds: map[float64]int64{}, intMax: jsonpos.DecimalOf(d.IntegerMax),
		tags: map[string]bool{}, tagFold: map[string]string{}, criteria: map[int64]*fieldList{}, criterion: map[string]int64{},
	}
	for _, name := range spec.EnumNames {
		values, _ := d.Enum(name)
		ids := map[int64]bool{}
		shown := make([]string, len(values))
		for i, v := range values {
			ids[int64(v.ID)] = true
			if v.ID >= 0 && v.ID < 64 {
				x.enumBits[name] |= 1 << v.ID
			}
			shown[i] = strconv.Itoa(v.ID)
		}
		x.enumIDs[name], x.enumShown[name] = ids, strings.Join(shown, ", ")
	}
	open := map[string]bool{}
	for _, ref := range d.OpenFieldLists {
		open[ref] = true
	}
	x.addFields(spec.TopLevelRef, d.TopLevel.Fields, d.RequiredTopLevelFields, open)
	for _, ref := range spec.FieldListNames {
		fields, _ := d.FieldList(ref)
		x.addFields(ref, fields, d.Required(ref), open)
	}
	for _, l := range d.LanguageCodebook {
		x.tags[l.BCP47] = true
		x.tagFold[strings.ToLower(l.BCP47)] = l.BCP47
	}
	for alias, tag := range d.LanguageAliases {
		if _, taken := x.tagFold[strings.ToLower(alias)]; !taken {
			x.tagFold[strings.ToLower(alias)] = tag
		}
	}
	for _, e := range spec.SortedEnum(d.StageTypeEnum) {
		crit := d.CriteriaFor(e.ID)
		x.criteria[int64(e.ID)] = x.addFields("type_criteria/"+strconv.Itoa(e.ID), crit, nil, open)
		for _, f := range crit {
			if _, ok := x.criterion[f.Name]; !ok {
				x.criterion[f.Name] = int64(e.ID)
			}
		}
	}
	for _, l := range x.lists {
		for _, f := range l.resolved {
			x.resolve(f)
		}
		for _, f := range l.human {
			x.resolve(f)
		}
	}
	x.otherFormat = int64(d.DataFormatTypeEnum["other"])
	x.orchestrator = int64(d.StageTypeEnum["orchestrator"])
	for _, t := range d.TierLimits {
		x.maxAnyStages = max(x.maxAnyStages, t.MaxStages)
	}
	return x
}

// fieldList is a field list resolved for the walk: each key found with
// one comparison when the payload writes the keys in the document's order
// (as the reference example and the payloads models write from it do), by
// a map otherwise; required keys as positions, so an object's members are
// not searched again for each of them.
type fieldList struct {
	ref      string
	order    []*field       // the list's fields in the document's order (the last of a repeated name)
	byName   map[string]int // name → position in order of its first occurrence
	resolved []*field       // one per name
	names    []string       // the names in byte order, as suggest tries them
	required []requiredKey
	open     bool // other keys are allowed
	// human are the fields humanText follows, in the list's order: those
	// written in manifest.language and those with a field list of their
	// own. The others cannot lead to human-facing text, and looking each
	// up in the object cost a search of its members.
	human []*field
}

// requiredKey is a required key of a field list with its position in
// fieldList.order, or -1 when the list does not define it.
type requiredKey struct {
	name string
	pos  int
	_    [0]func() // not comparable: no equality function in the module
}

// field is a field of the document with what checking a value needs,
// looked up once per document instead of once per value.
type field struct {
	*spec.Field
	kind     byte       // the JSON kind wanted ('t' for booleans), 0 for a type the walk does not check
	pos      int        // position in its list's order of the name's first occurrence
	list     *fieldList // the object's field list (f.Ref), for objects and arrays of objects
	item     *field     // an array's item
	pattern  *pattern.Pattern
	enum     map[int64]bool // the ids of f.Enum
	enumBits uint64         // the ids of f.Enum from 0 to 63, looked up without the map
	// The fields with rules of their own, told once instead of by a
	// comparison of names per value.
	projectTags, language, industryCode bool
	min, max                            *bound
	// What stringValue checks of a string beyond its length (stringRest),
	// and the bytes under which its min_length needs a count (minBytes,
	// four per character): object skips the call for a string that needs
	// neither, most strings of a payload (in WebAssembly a call costs more
	// than the checks).
	stringRest bool
	minBytes   int
}

// hasEnum reports whether id is one of the field's enum ids.
func (f *field) hasEnum(id int64) bool {
	if id >= 0 && id < 64 {
		return f.enumBits&(1<<id) != 0
	}
	return f.enum[id]
}

// bound is a minimum or maximum of the document as a decimal, and as an
// int64 when it is an integer that fits.
type bound struct {
	dec   jsonpos.Decimal
	i     int64
	isInt bool
	_     [0]func() // not comparable: no equality function in the module
}

// find returns the field of key and its position in l.order, trying
// position hint first; nil and -1 when the list does not define key.
func (l *fieldList) find(key string, hint int) (*field, int) {
	if hint < len(l.order) && jsonpos.Equal(l.order[hint].Name, key) {
		return l.order[hint], hint
	}
	if i, ok := l.byName[key]; ok {
		return l.order[i], i
	}
	return nil, -1
}

// kindOf returns the JSON kind a field type wants, 0 for a type the walk
// does not check.
func kindOf(typ string) byte {
	switch typ {
	case "object":
		return '{'
	case "array":
		return '['
	case "string":
		return '"'
	case "integer", "number":
		return '0'
	case "boolean":
		return 't'
	}
	return 0
}

// resolve fills what the walk needs of f from the index.
func (x *index) resolve(f *field) {
	f.kind = kindOf(f.Type)
	f.projectTags, f.language, f.industryCode = f.Name == "project_tags", f.Enum == "language_codebook", f.Name == "industry_code"
	f.list = x.lists[f.Ref]
	f.pattern = x.patterns[f.Pattern]
	f.enum, f.enumBits = x.enumIDs[f.Enum], x.enumBits[f.Enum]
	f.min, f.max = x.boundOf(f.Minimum), x.boundOf(f.Maximum)
	f.stringRest = f.Const != nil || len(f.Values) > 0 || f.language || f.industryCode || f.Pattern != ""
	if f.MinLength != nil {
		f.minBytes = 4 * min(max(*f.MinLength, 0), 1<<40)
	}
	if f.Type == "array" {
		f.item = &field{Field: &spec.Field{Name: f.Name, Type: f.Items, Ref: f.Ref, Enum: f.Enum}}
		x.resolve(f.item)
	}
}

func (x *index) boundOf(b *float64) *bound {
	if b == nil {
		return nil
	}
	i, isInt := x.intBounds[*b]
	return &bound{dec: x.bounds[*b], i: i, isInt: isInt}
}

func (x *index) addFields(ref string, fields []spec.Field, required []string, open map[string]bool) *fieldList {
	l := &fieldList{ref: ref, byName: make(map[string]int, len(fields)), open: open[ref]}
	last := make(map[string]*field, len(fields))
	for i := range fields {
		f := &fields[i]
		if last[f.Name] == nil {
			l.names = append(l.names, f.Name)
			l.byName[f.Name] = i
		}
		last[f.Name] = &field{Field: f, pos: l.byName[f.Name]}
		if f.Pattern != "" && x.patterns[f.Pattern] == nil {
			x.patterns[f.Pattern], _ = pattern.Compile(f.Pattern) // checked by spec.Parse
		}
		for _, b := range []*float64{f.Minimum, f.Maximum} {
			if b != nil {
				d := jsonpos.DecimalOfFloat(*b)
				x.bounds[*b] = d
				if i, ok := d.Int64Value(); ok {
					x.intBounds[*b] = i
				}
			}
		}
	}
	for i := range fields {
		if f := &fields[i]; f.HumanFacing || f.Ref != "" {
			l.human = append(l.human, &field{Field: f})
		}
	}
	l.order = make([]*field, len(fields))
	for i := range fields {
		l.order[i] = last[fields[i].Name]
	}
	for _, name := range l.names {
		l.resolved = append(l.resolved, last[name])
	}
	sortStrings(l.names)
	for _, name := range required {
		pos, ok := l.byName[name]
		if !ok {
			pos = -1
		}
		l.required = append(l.required, requiredKey{name: name, pos: pos})
	}
	x.lists[ref] = l
	return l
}
