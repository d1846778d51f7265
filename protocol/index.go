package protocol

import (
	"slices"
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
	fields    map[string]map[string]*spec.Field // field list → name → field (pointers: a Field is about 200 bytes, copied per value otherwise)
	names     map[string][]string               // field list → its names in byte order, as suggest tries them
	required  map[string][]string               // field list → required names
	open      map[string]bool                   // field lists whose other keys are allowed
	enumIDs   map[string]map[int64]bool         // enum → ids
	enumShown map[string]string                 // enum → "1, 2, 3" for messages
	patterns  map[string]*pattern.Pattern       // pattern text → compiled
	bounds    map[float64]jsonpos.Decimal       // minimum and maximum values as decimals
	intBounds map[float64]int64                 // the bounds whose decimal is an integer that fits an int64
	intMax    jsonpos.Decimal
	human     map[string][]*spec.Field // field list → the fields humanText follows

	tags      map[string]bool   // preferred language tags
	tagFold   map[string]string // lower-case tag or alias → preferred tag
	criteria  map[int64]map[string]*spec.Field
	criterion map[string]int64 // type_criteria key → the first stage type that defines it

	otherFormat  int64 // data_format_type_enum "other"
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
		fields: map[string]map[string]*spec.Field{}, names: map[string][]string{}, required: map[string][]string{}, open: map[string]bool{},
		enumIDs: map[string]map[int64]bool{}, enumShown: map[string]string{}, patterns: map[string]*pattern.Pattern{},
		bounds: map[float64]jsonpos.Decimal{}, intBounds: map[float64]int64{}, intMax: jsonpos.DecimalOf(d.IntegerMax),
		tags: map[string]bool{}, tagFold: map[string]string{}, criteria: map[int64]map[string]*spec.Field{}, criterion: map[string]int64{},
	}
	x.addFields(spec.TopLevelRef, d.TopLevel.Fields, d.RequiredTopLevelFields)
	x.human = map[string][]*spec.Field{}
	for _, ref := range spec.FieldListNames {
		fields, _ := d.FieldList(ref)
		x.addFields(ref, fields, d.Required(ref))
		x.human[ref] = humanFields(d, ref)
	}
	for _, ref := range d.OpenFieldLists {
		x.open[ref] = true
	}
	for _, name := range spec.EnumNames {
		values, _ := d.Enum(name)
		ids := map[int64]bool{}
		shown := make([]string, len(values))
		for i, v := range values {
			ids[int64(v.ID)] = true
			shown[i] = strconv.Itoa(v.ID)
		}
		x.enumIDs[name], x.enumShown[name] = ids, strings.Join(shown, ", ")
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
		x.addFields("type_criteria/"+strconv.Itoa(e.ID), crit, nil)
		x.criteria[int64(e.ID)] = x.fields["type_criteria/"+strconv.Itoa(e.ID)]
		for _, f := range crit {
			if _, ok := x.criterion[f.Name]; !ok {
				x.criterion[f.Name] = int64(e.ID)
			}
		}
	}
	x.otherFormat = int64(d.DataFormatTypeEnum["other"])
	for _, t := range d.TierLimits {
		x.maxAnyStages = max(x.maxAnyStages, t.MaxStages)
	}
	return x
}

func (x *index) addFields(ref string, fields []spec.Field, required []string) {
	m := make(map[string]*spec.Field, len(fields))
	names := make([]string, 0, len(fields))
	for i := range fields {
		f := &fields[i]
		if m[f.Name] == nil {
			names = append(names, f.Name)
		}
		m[f.Name] = f
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
	x.fields[ref] = m
	sortStrings(names)
	x.names[ref] = names
	x.required[ref] = slices.Clone(required)
}
