package protocol

import (
	"encoding/json"
	"testing"

	"pairag.com/portal/protocol/catalog"
)

// TestDocsLinkTheFieldNamed checks that a finding naming a field links the
// row of that field: the missing one, the suggested one, the object holding
// an unknown key, and a type_criteria key of the stage's type (issue 19:
// they all linked #manifest-fields).
func TestDocsLinkTheFieldNamed(t *testing.T) {
	docs := catalog.NewDocsIndex(Default(), "", map[string]string{"en": "/ref/", "zh-CN": "/zh-CN/ref/"})
	for _, tt := range []struct {
		name   string
		change func(p map[string]any)
		code   string
		want   string
	}{
		{"missing stage field", func(p map[string]any) { delete(stage0(p), "stage_name") }, "missing-field", "/ref/#stage.stage_name"},
		{"missing manifest field", func(p map[string]any) { delete(p["manifest"].(map[string]any), "language") }, "missing-field", "/ref/#manifest.language"},
		{"typo in a stage", func(p map[string]any) { s := stage0(p); s["stage_nam"] = s["stage_name"]; delete(s, "stage_name") }, "unknown-field-typo", "/ref/#stage.stage_name"},
		{"unknown stage key", func(p map[string]any) { stage0(p)["zz_not_a_field"] = 1 }, "unknown-field", "/ref/#top_level.stages"},
		{"type_criteria value", func(p map[string]any) {
			s := stage0(p)
			s["stage_type"] = 2
			s["type_criteria"] = map[string]any{"ci_required": "yes"}
		}, "wrong-type", "/ref/#type_criteria.software.ci_required"},
		{"value of a manifest field", func(p map[string]any) { p["manifest"].(map[string]any)["language"] = 3 }, "wrong-type", "/ref/#manifest.language"},
	} {
		p := payload(t)
		tt.change(p)
		text, _ := json.Marshal(p)
		var got []string
		for _, f := range Validate(text, Options{Tier: "ultra", Docs: docs}).Findings {
			if f.Code == tt.code {
				got = append(got, f.Docs)
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: %s links %q; want [%q]", tt.name, tt.code, got, tt.want)
		}
	}
}

func stage0(p map[string]any) map[string]any { return p["stages"].([]any)[0].(map[string]any) }
