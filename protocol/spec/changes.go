package spec

import (
	"bytes"
	"slices"
	"strconv"

	"pairag.com/portal/protocol/jsonpos"
)

// ChangeKind names one kind of difference between two versions of the
// protocol document.
type ChangeKind string

// The kinds of change [Changes] reports.
const (
	FieldAdded      ChangeKind = "field-added"
	FieldRemoved    ChangeKind = "field-removed" // retired, with no replacement
	FieldRenamed    ChangeKind = "field-renamed" // declared in the newer document's renamed_fields
	FieldRequired   ChangeKind = "field-required"
	FieldOptional   ChangeKind = "field-optional"
	ValueAdded      ChangeKind = "value-added"
	ValueRemoved    ChangeKind = "value-removed"
	ValueRelabelled ChangeKind = "value-relabelled" // same id, another key or name
	LimitChanged    ChangeKind = "limit-changed"
	RuleAdded       ChangeKind = "rule-added"
	RuleRetired     ChangeKind = "rule-retired"
	ExampleChanged  ChangeKind = "example-changed"
)

// Change is one difference between two versions, stated with the names the
// documents use, so the docs can label it in either language.
//
//	kind                          Where                 Name              Old / New
//	field-added/removed           field list            field name        -
//	field-renamed                 field list            new name          old name / new name
//	field-required/optional       field list            field name        -
//	value-added/removed           enum or codebook      key (tag, name)   id
//	value-relabelled              enum or codebook      new key           old key / new key
//	limit-changed                 tier                  limit name        old / new value (JSON)
//	rule-added/retired            rule list             rule id or ""     rule text
//	example-changed               RFC 6901 pointer      -                 old / new value (JSON; "" when absent)
type Change struct {
	Kind  ChangeKind `json:"kind"`
	Where string     `json:"where"`
	Name  string     `json:"name,omitempty"`
	ID    int        `json:"id,omitempty"` // enum or codebook id of a value change
	Old   string     `json:"old,omitempty"`
	New   string     `json:"new,omitempty"`
}

// Changes lists what changed from the document old to the document new,
// computed from the two documents alone: fields, required lists, enum and
// codebook values, tier limits, rules and the example. The order is stable:
// fields by list, then values by enum, limits by tier, rules, example.
func Changes(old, new *Document) []Change {
	var out []Change
	out = append(out, fieldChanges(old, new)...)
	out = append(out, valueChanges(old, new)...)
	out = append(out, limitChanges(old, new)...)
	out = append(out, ruleChanges(old, new)...)
	return append(out, exampleChanges(old, new)...)
}

// fieldListsOf returns every field list of a document by name, the top level
// and each stage type's type_criteria ("type_criteria.2") included.
func fieldListsOf(d *Document) (names []string, lists map[string][]Field, required map[string][]string) {
	lists = map[string][]Field{TopLevelRef: d.TopLevel.Fields}
	required = map[string][]string{TopLevelRef: d.RequiredTopLevelFields}
	names = append(names, TopLevelRef)
	for _, ref := range FieldListNames {
		lists[ref], _ = d.FieldList(ref)
		required[ref] = d.Required(ref)
		names = append(names, ref)
	}
	var ids []int
	for k := range d.TypeCriteria {
		if n, err := strconv.Atoi(k); err == nil {
			ids = append(ids, n)
		}
	}
	slices.SortStableFunc(ids, func(a, b int) int { return a - b }) // the module's one sort of ints
	for _, id := range ids {
		name := "type_criteria." + strconv.Itoa(id)
		lists[name] = d.CriteriaFor(id)
		names = append(names, name)
	}
	return names, lists, required
}

func fieldChanges(old, new *Document) []Change {
	oldNames, oldLists, oldReq := fieldListsOf(old)
	newNames, newLists, newReq := fieldListsOf(new)
	renamedTo := map[string]map[string]string{} // list → new name → old name
	for _, r := range new.RenamedFields {
		if renamedTo[r.List] == nil {
			renamedTo[r.List] = map[string]string{}
		}
		renamedTo[r.List][r.To] = r.From
	}
	var out []Change
	for _, list := range unionOrder(oldNames, newNames) {
		was := namesOf(oldLists[list])
		renamedFrom := map[string]bool{}
		for to, from := range renamedTo[list] {
			if was[from] && namesOf(newLists[list])[to] {
				renamedFrom[from] = true
			}
		}
		for _, f := range newLists[list] {
			switch from, ok := renamedTo[list][f.Name]; {
			case ok && renamedFrom[from]:
				out = append(out, Change{Kind: FieldRenamed, Where: list, Name: f.Name, Old: from, New: f.Name})
			case !was[f.Name]:
				out = append(out, Change{Kind: FieldAdded, Where: list, Name: f.Name})
			}
		}
		is := namesOf(newLists[list])
		for _, f := range oldLists[list] {
			if !is[f.Name] && !renamedFrom[f.Name] {
				out = append(out, Change{Kind: FieldRemoved, Where: list, Name: f.Name})
			}
		}
		out = append(out, requiredChanges(list, oldReq[list], newReq[list], renamedTo[list], is)...)
	}
	return out
}

// requiredChanges compares the required lists of one field list, reading
// the old list through the declared renames. Fields added or retired are
// not reported again as made required or optional.
func requiredChanges(list string, oldReq, newReq []string, renamedTo map[string]string, exists map[string]bool) []Change {
	was := map[string]bool{}
	for _, n := range oldReq {
		was[n] = true
	}
	is := map[string]bool{}
	var out []Change
	for _, n := range newReq {
		is[n] = true
		old := n
		if from, ok := renamedTo[n]; ok {
			old = from
		}
		if !was[old] {
			out = append(out, Change{Kind: FieldRequired, Where: list, Name: n})
		}
	}
	now := map[string]bool{}
	for n := range is {
		now[n] = true
		if from, ok := renamedTo[n]; ok {
			now[from] = true
		}
	}
	for _, n := range oldReq {
		if !now[n] && exists[n] {
			out = append(out, Change{Kind: FieldOptional, Where: list, Name: n})
		}
	}
	return out
}

// namesOf returns the names of a field list as a set.
func namesOf(fields []Field) map[string]bool {
	m := make(map[string]bool, len(fields))
	for _, f := range fields {
		m[f.Name] = true
	}
	return m
}

// unionOrder lists a's names, then b's names not in a.
func unionOrder(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range append(append([]string(nil), a...), b...) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func valueChanges(old, new *Document) []Change {
	var out []Change
	for _, name := range EnumNames {
		ov, _ := old.Enum(name)
		nv, _ := new.Enum(name)
		byID := map[int]string{}
		for _, v := range ov {
			byID[v.ID] = v.Key
		}
		seen := map[int]bool{}
		for _, v := range nv {
			seen[v.ID] = true
			key, ok := byID[v.ID]
			switch {
			case !ok:
				out = append(out, Change{Kind: ValueAdded, Where: name, Name: v.Key, ID: v.ID})
			case key != v.Key:
				out = append(out, Change{Kind: ValueRelabelled, Where: name, Name: v.Key, ID: v.ID, Old: key, New: v.Key})
			}
		}
		for _, v := range ov {
			if !seen[v.ID] {
				out = append(out, Change{Kind: ValueRemoved, Where: name, Name: v.Key, ID: v.ID})
			}
		}
	}
	return out
}

func limitChanges(old, new *Document) []Change {
	var out []Change
	for _, tier := range unionOrder(old.Tiers, new.Tiers) {
		o, n := limitValues(old.TierLimits, tier), limitValues(new.TierLimits, tier)
		for _, name := range tierLimitNames {
			if o[name] != n[name] {
				out = append(out, Change{Kind: LimitChanged, Where: tier, Name: name, Old: o[name], New: n[name]})
			}
		}
	}
	return out
}

// tierLimitNames are the keys of a tier_limits entry, in document order.
var tierLimitNames = []string{"location_granularity", "max_stages", "max_task_duration_days", "fiat_available"}

// limitValues returns a tier's limits as JSON texts by key; empty when the
// document has no such tier.
func limitValues(limits map[string]TierLimit, tier string) map[string]string {
	l, ok := limits[tier]
	if !ok {
		return map[string]string{}
	}
	return map[string]string{
		"location_granularity":   strconv.Quote(l.LocationGranularity),
		"max_stages":             strconv.Itoa(l.MaxStages),
		"max_task_duration_days": strconv.Itoa(l.MaxTaskDurationDays),
		"fiat_available":         strconv.FormatBool(l.FiatAvailable),
	}
}

func ruleChanges(old, new *Document) []Change {
	var out []Change
	oc, nc := map[string]string{}, map[string]bool{}
	for _, c := range old.ConditionalRequirements {
		oc[c.Rule] = c.Description
	}
	for _, c := range new.ConditionalRequirements {
		nc[c.Rule] = true
		if _, ok := oc[c.Rule]; !ok {
			out = append(out, Change{Kind: RuleAdded, Where: "conditional_requirements", Name: c.Rule, New: c.Description})
		}
	}
	for _, c := range old.ConditionalRequirements {
		if !nc[c.Rule] {
			out = append(out, Change{Kind: RuleRetired, Where: "conditional_requirements", Name: c.Rule, Old: c.Description})
		}
	}
	out = append(out, textRuleChanges("tier_rules", old.TierRules, new.TierRules)...)
	out = append(out, textRuleChanges("points_and_fiat.rules", old.PointsAndFiat.Rules, new.PointsAndFiat.Rules)...)
	return append(out, textRuleChanges("location_policy.rules", old.LocationPolicy.Rules, new.LocationPolicy.Rules)...)
}

// textRuleChanges compares two lists of rules stated as sentences; a
// reworded rule is a retired rule and an added one.
func textRuleChanges(where string, old, new []string) []Change {
	var out []Change
	was, is := map[string]bool{}, map[string]bool{}
	for _, s := range old {
		was[s] = true
	}
	for _, s := range new {
		is[s] = true
		if !was[s] {
			out = append(out, Change{Kind: RuleAdded, Where: where, New: s})
		}
	}
	for _, s := range old {
		if !is[s] {
			out = append(out, Change{Kind: RuleRetired, Where: where, Old: s})
		}
	}
	return out
}

// exampleChanges compares the example payloads value by value: every
// pointer whose scalar value, or whose presence, differs.
func exampleChanges(old, new *Document) []Change {
	o, oOrder := flattenJSON(old.Example.Payload)
	n, nOrder := flattenJSON(new.Example.Payload)
	var out []Change
	for _, p := range unionOrder(oOrder, nOrder) {
		if o[p] != n[p] {
			out = append(out, Change{Kind: ExampleChanged, Where: p, Old: o[p], New: n[p]})
		}
	}
	if old.Example.Tier != new.Example.Tier {
		out = append(out, Change{Kind: ExampleChanged, Where: "tier", Old: strconv.Quote(old.Example.Tier), New: strconv.Quote(new.Example.Tier)})
	}
	return out
}

// flattenJSON maps each scalar (and each empty object or array) of a JSON
// value to its compact JSON text, by RFC 6901 pointer, in document order.
// Text that is not JSON maps to itself at the root pointer.
func flattenJSON(raw []byte) (map[string]string, []string) {
	values := map[string]string{}
	var order []string
	put := func(ptr, text string) {
		values[ptr] = text
		order = append(order, ptr)
	}
	root, issues := jsonpos.Parse(raw, 0, decodeMaxDepth)
	if root == nil || len(issues) > 0 {
		put("", string(bytes.TrimSpace(raw)))
		return values, order
	}
	var walk func(ptr string, n *jsonpos.Node)
	walk = func(ptr string, n *jsonpos.Node) {
		switch {
		case n.Kind == '{' && len(n.Members) > 0:
			for _, m := range n.Members {
				walk(ptr+jsonpos.Pointer(m.Key), m.Val)
			}
		case n.Kind == '[' && len(n.Items) > 0:
			for i, it := range n.Items {
				walk(ptr+"/"+strconv.Itoa(i), it)
			}
		case n.Kind == '{':
			put(ptr, "{}")
		case n.Kind == '[':
			put(ptr, "[]")
		default:
			put(ptr, string(raw[n.Start:n.End]))
		}
	}
	walk("", root)
	return values, order
}
