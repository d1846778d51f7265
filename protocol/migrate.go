package protocol

import (
	"strconv"

	"pairag.com/portal/protocol/internal/format"
	"pairag.com/portal/protocol/jsonpos"
	"pairag.com/portal/protocol/spec"
)

// A payload names its version in manifest.version. Validate judges it
// against that version's document (unless Options force one), and when
// the version is retired it says so and reports, along the changes
// recorded between that version and the current one, each one the payload
// is touched by: a renamed field (fix: the new key), a retired field with
// no replacement (fix: remove it), a retired enum value, a field that became
// required. Other changes (added fields and values, new limits, rules) show
// up when the migrated payload is validated again.

// pickDocument chooses the document the walk follows and reports a
// retired version with what migrating it involves.
func (v *validation) pickDocument() {
	ver := v.root.Child("manifest").Child("version")
	if ver == nil || ver.Kind != '"' {
		return
	}
	declared, ok := spec.Lookup(v.versions, ver.Str)
	if !ok || declared.Version != ver.Str {
		return // not a version we know; the walk reports the value
	}
	if !v.forced {
		v.doc, v.idx = declared, indexOf(declared)
	}
	current := v.versions[len(v.versions)-1]
	if declared == current {
		return
	}
	v.at(ver, "version-retired", "/manifest/version", v.replace(ver, format.Quote(current.Version)), ver.Str, current.Version)
	v.migrate(declared, current)
}

// migrate reports the changes from the version old to the current one that
// the payload is touched by, pair of versions by pair.
func (v *validation) migrate(old, current *spec.Document) {
	for d := old; d != current; {
		next := v.next(d)
		objects := v.objectsOf(d)
		for _, c := range changesBetween(d, next) {
			v.migration(c, d, next, objects)
		}
		d = next
	}
}

// next returns the version after d.
func (v *validation) next(d *spec.Document) *spec.Document {
	for i, x := range v.versions[:len(v.versions)-1] {
		if x == d {
			return v.versions[i+1]
		}
	}
	return v.versions[len(v.versions)-1]
}

// located is an object of the payload with its pointer.
type located struct {
	n   *jsonpos.Node
	ptr string
}

// objectsOf maps each field list of d to the payload's objects it describes.
func (v *validation) objectsOf(d *spec.Document) map[string][]located {
	out := map[string][]located{}
	var walk func(n *jsonpos.Node, ptr, ref string, depth int)
	walk = func(n *jsonpos.Node, ptr, ref string, depth int) {
		if n == nil || n.Kind != '{' || depth > len(spec.FieldListNames)+1 {
			return
		}
		out[ref] = append(out[ref], located{n, ptr})
		fields := topLevelFieldsOr(d, ref)
		for _, f := range fields {
			c := n.Child(f.Name)
			if f.Ref == "" || c == nil {
				continue
			}
			p := ptr + jsonpos.Pointer(f.Name)
			if c.Kind == '[' {
				for i, it := range c.Items {
					walk(it, p+"/"+strconv.Itoa(i), f.Ref, depth+1)
				}
				continue
			}
			walk(c, p, f.Ref, depth+1)
		}
	}
	walk(v.root, "", spec.TopLevelRef, 0)
	return out
}

func topLevelFieldsOr(d *spec.Document, ref string) []spec.Field {
	if ref == spec.TopLevelRef {
		return d.TopLevel.Fields
	}
	fields, _ := d.FieldList(ref)
	return fields
}

// migration reports one change where the payload has what it changes.
func (v *validation) migration(c spec.Change, old, next *spec.Document, objects map[string][]located) {
	for _, o := range objects[c.Where] {
		switch c.Kind {
		case spec.FieldRenamed:
			if i := memberIndex(o.n, c.Old); i >= 0 {
				m := &o.n.Members[i]
				var fix *Fix
				if o.n.Member(c.New) == nil {
					fix = &Fix{Start: m.KeyStart, End: m.KeyEnd, Replacement: format.Quote(c.New)}
				}
				v.atKey(m, "field-renamed", o.ptr+jsonpos.Pointer(c.Old), fix, c.Old, c.New, next.Version)
			}
		case spec.FieldRemoved:
			if i := memberIndex(o.n, c.Name); i >= 0 {
				m := &o.n.Members[i]
				v.reportWith("field-retired", o.ptr+jsonpos.Pointer(c.Name), m.KeyStart, m.KeyEnd, v.removeMemberSuggestion(o.n, i), c.Name, next.Version)
			}
		case spec.FieldRequired:
			if o.n.Member(c.Name) == nil && !renamedPresent(o.n, next, c.Where, c.Name) {
				v.report("field-now-required", o.ptr, o.n.Start, o.n.Start+1, nil, c.Name, next.Version, placeArg(o.ptr))
			}
		}
	}
	if c.Kind == spec.ValueRemoved {
		v.retiredValue(c, old, next, objects)
	}
}

// renamedPresent reports whether obj holds the old name of a field that
// next renamed (the rename is reported on its own).
func renamedPresent(obj *jsonpos.Node, next *spec.Document, list, name string) bool {
	for _, r := range next.RenamedFields {
		if r.List == list && r.To == name && obj.Member(r.From) != nil {
			return true
		}
	}
	return false
}

// retiredValue reports uses of an enum or codebook value that next retired.
func (v *validation) retiredValue(c spec.Change, old, next *spec.Document, objects map[string][]located) {
	for _, ref := range append([]string{spec.TopLevelRef}, spec.FieldListNames...) {
		objs := objects[ref]
		for _, f := range topLevelFieldsOr(old, ref) {
			if f.Enum != c.Where {
				continue
			}
			for _, o := range objs {
				val := o.n.Child(f.Name)
				if val == nil {
					continue
				}
				items, ptr := []*jsonpos.Node{val}, o.ptr+jsonpos.Pointer(f.Name)
				if val.Kind == '[' {
					items = val.Items
				}
				for i, it := range items {
					p := ptr
					if val.Kind == '[' {
						p += "/" + strconv.Itoa(i)
					}
					if (it.Kind == '"' && it.Str == c.Name) || (it.Kind == '0' && it.Str == strconv.Itoa(c.ID)) {
						v.at(it, "value-retired", p, nil, it.Str, c.Where, next.Version)
					}
				}
			}
		}
	}
}

// memberIndex returns the index of the judged member with the key, or -1.
func memberIndex(obj *jsonpos.Node, key string) int {
	for i := len(obj.Members) - 1; i >= 0; i-- {
		if obj.Members[i].Key == key {
			return i
		}
	}
	return -1
}
