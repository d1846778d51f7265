package pipeline

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"pairag.com/portal/generator/site"
	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/catalog"
	"pairag.com/portal/protocol/spec"
)

// documentedCodes returns the finding codes of protocol's table.
func documentedCodes(t *testing.T) []string {
	t.Helper()
	var codes []string
	for _, c := range catalog.Codes() {
		codes = append(codes, c.Code)
	}
	if len(codes) < 50 {
		t.Fatalf("found %d codes in protocol's table; the table changed?", len(codes))
	}
	return codes
}

// TestFindingAnchors checks that every documented finding code maps to one
// anchor that exists on the built field reference in both languages, and
// that no code is mapped without being documented.
func TestFindingAnchors(t *testing.T) {
	codes := documentedCodes(t)
	anchors := findingAnchors()
	for _, c := range codes {
		if _, ok := anchors[c]; !ok {
			t.Errorf("finding code %s (protocol's table) has no anchor in findingAnchors", c)
		}
	}
	for c := range anchors {
		if !slices.Contains(codes, c) {
			t.Errorf("findingAnchors maps %s, which protocol's table does not document", c)
		}
	}
	dir := realSite(t)
	for _, lang := range languages {
		doc := referencePage(t, dir, lang)
		for _, c := range codes {
			if a := anchors[c]; a != "" && !hasID(doc, a) {
				t.Errorf("%s: anchor %q of finding code %s is not on the page", lang, a, c)
			}
		}
	}
}

// referencePage parses the built field reference of a language.
func referencePage(t *testing.T, dir, lang string) *html.Node {
	t.Helper()
	u := pageURL(lang, referenceRel(protocol.Default()))
	doc, err := html.Parse(strings.NewReader(readFile(t, dir, site.OutputPath(u))))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestFindingDocsOfMutations validates single mutations of the example (each
// key removed, given a value of the wrong type, misspelt, joined by an
// unknown key, and every type_criteria key of each stage's type given a
// wrong value) and checks that every docs URL the findings carry names an
// anchor of the built reference page in its language, and that a finding
// naming a field outside the manifest never links the manifest's table
// (issue 19: they all linked #manifest-fields).
func TestFindingDocsOfMutations(t *testing.T) {
	dir := realSite(t)
	d := protocol.Default()
	pages := map[string]*html.Node{}
	for _, lang := range languages {
		pages[lang] = referencePage(t, dir, lang)
	}
	docs := site.FindingDocs(d, "")
	seen := map[string]bool{}
	checked := 0
	for _, text := range exampleMutations(t, d) {
		for _, lang := range languages {
			res := protocol.Validate(text, protocol.Options{Tier: "ultra", Lang: lang, Docs: docs})
			for _, f := range res.Findings {
				_, anchor, ok := strings.Cut(f.Docs, "#")
				if !ok {
					t.Errorf("%s %s at %s: docs %q has no anchor", lang, f.Code, f.Pointer, f.Docs)
					continue
				}
				checked++
				if key := lang + "#" + anchor; !seen[key] {
					seen[key] = true
					if !hasID(pages[lang], anchor) {
						t.Errorf("%s %s at %s: docs %q: no such anchor on the page", lang, f.Code, f.Pointer, f.Docs)
					}
				}
				switch f.Code {
				case "missing-field", "unknown-field", "unknown-field-typo", "wrong-type", "invalid-enum", "invalid-value":
					if anchor == "manifest-fields" && f.Pointer != "/manifest" && !strings.HasPrefix(f.Pointer, "/manifest/") {
						t.Errorf("%s %s at %s links #manifest-fields; want the row of the field it names", lang, f.Code, f.Pointer)
					}
				}
			}
		}
	}
	if checked < 200 {
		t.Errorf("checked %d docs links; the mutations no longer reach the engine", checked)
	}
}

// exampleMutations returns the document's example changed in one place at a
// time, as JSON texts.
func exampleMutations(t *testing.T, d *spec.Document) [][]byte {
	t.Helper()
	var out [][]byte
	add := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	fresh := func() map[string]any {
		var v map[string]any
		if err := json.Unmarshal(d.Example.Payload, &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	// objects lists the pointers of every object of the example.
	var objects func(v any, ptr string, into *[]string)
	objects = func(v any, ptr string, into *[]string) {
		switch v := v.(type) {
		case map[string]any:
			*into = append(*into, ptr)
			for k, c := range v {
				objects(c, ptr+"/"+k, into)
			}
		case []any:
			for i, c := range v {
				objects(c, ptr+"/"+strconv.Itoa(i), into)
			}
		}
	}
	var ptrs []string
	objects(fresh(), "", &ptrs)
	slices.Sort(ptrs)
	for _, ptr := range ptrs {
		for _, k := range slices.Sorted(maps.Keys(at(fresh(), ptr).(map[string]any))) {
			for _, change := range []func(o map[string]any){
				func(o map[string]any) { delete(o, k) },
				func(o map[string]any) { o[k] = []any{true} },
				func(o map[string]any) { o[k[:len(k)-1]] = o[k]; delete(o, k) },
			} {
				v := fresh()
				change(at(v, ptr).(map[string]any))
				add(v)
			}
		}
		v := fresh()
		at(v, ptr).(map[string]any)["zz_not_a_field"] = 1
		add(v)
	}
	for i := range fresh()["stages"].([]any) {
		v := fresh()
		st := v["stages"].([]any)[i].(map[string]any)
		id, _ := st["stage_type"].(float64)
		crit := map[string]any{}
		for _, f := range d.CriteriaFor(int(id)) {
			crit[f.Name] = []any{"wrong"}
		}
		st["type_criteria"] = crit
		add(v)
	}
	return out
}

// at returns the value at a pointer of plain decoded JSON (no escapes).
func at(v any, ptr string) any {
	for _, tok := range strings.Split(ptr, "/")[1:] {
		switch c := v.(type) {
		case map[string]any:
			v = c[tok]
		case []any:
			i, _ := strconv.Atoi(tok)
			v = c[i]
		}
	}
	return v
}

func TestFindingURL(t *testing.T) {
	doc, err := spec.Parse(protocol.Default().Raw())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ lang, code, pointer, want string }{
		{"en", "language-alias", "/manifest/language", "/docs/task-publish-v18/#aliases"},
		{"zh-CN", "language-alias", "/manifest/language", "/zh-CN/docs/task-publish-v18/#aliases"},
		{"en", "invalid-enum", "/stages/2/stage_type", "/docs/task-publish-v18/#stage.stage_type"},
		{"en", "wrong-type", "/manifest/global_config/message_bus", "/docs/task-publish-v18/#global_config.message_bus"},
		{"en", "below-minimum", "/stages/0/agent_skills/1/context_constraints/input_limit/max_tokens", "/docs/task-publish-v18/#input_limit.max_tokens"},
		{"en", "wrong-type", "/nonsense", "/docs/task-publish-v18/#manifest-fields"},
		{"en", "fiat-not-available", "/stages/0/fiat_enabled", "/docs/task-publish-v18/#tier_limits.fiat"},
		{"en", "no-such-code", "", ""},
	} {
		if got := site.FindingDocs(doc, "").URL(tt.lang, tt.code, tt.pointer); got != tt.want {
			t.Errorf("FindingURL(%s, %s, %s) = %q; want %q", tt.lang, tt.code, tt.pointer, got, tt.want)
		}
	}
}
