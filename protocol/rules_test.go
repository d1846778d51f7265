package protocol

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"pairag.com/portal/protocol/catalog"
)

// payload is the document's example decoded into plain values, for tests to
// change one thing at a time.
func payload(t testing.TB) map[string]any {
	t.Helper()
	var p map[string]any
	if err := json.Unmarshal(Default().Example.Payload, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func manifestOf(p map[string]any) map[string]any { return p["manifest"].(map[string]any) }
func stageOf(p map[string]any, i int) map[string]any {
	return p["stages"].([]any)[i].(map[string]any)
}

func encode(t testing.TB, p any) []byte {
	t.Helper()
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// want names a finding expected at a pointer; severity is checked through the
// catalogue.
type want struct{ code, pointer string }

func TestRules(t *testing.T) {
	tests := []struct {
		name   string
		tier   string
		change func(p map[string]any)
		want   []want
	}{
		{"example is clean for pro", "pro", func(p map[string]any) {}, nil},
		{"extra top-level key", "pro", func(p map[string]any) { p["extra"] = 1 }, []want{{"unknown-top-level-field", "/extra"}}},
		{"deprecated agents", "pro", func(p map[string]any) { p["agents"] = []any{} }, []want{{"deprecated-agents", "/agents"}}},
		{"$schema key", "pro", func(p map[string]any) { p["$schema"] = "x" }, []want{{"schema-key", "/$schema"}}},
		{"version not 18.0", "pro", func(p map[string]any) { manifestOf(p)["version"] = "17.0" }, []want{{"invalid-value", "/manifest/version"}}},
		{"industry code section mismatch", "pro", func(p map[string]any) { manifestOf(p)["industry_code"] = "A62" }, []want{{"industry-code-section", "/manifest/industry_code"}}},
		{"industry code section only", "pro", func(p map[string]any) { manifestOf(p)["industry_code"] = "A" }, nil},
		{"industry code class", "pro", func(p map[string]any) { manifestOf(p)["industry_code"] = "J6201" }, nil},
		{"industry code bad shape", "pro", func(p map[string]any) { manifestOf(p)["industry_code"] = "J6" }, []want{{"industry-code-shape", "/manifest/industry_code"}}},
		{"industry code no division", "pro", func(p map[string]any) { manifestOf(p)["industry_code"] = "C04" }, []want{{"industry-code-division", "/manifest/industry_code"}}},
		{"industry code digits only", "pro", func(p map[string]any) { manifestOf(p)["industry_code"] = "62" }, []want{{"industry-code-no-section", "/manifest/industry_code"}}},
		{"industry code lower case", "pro", func(p map[string]any) { manifestOf(p)["industry_code"] = "j62" }, []want{{"industry-code-case", "/manifest/industry_code"}}},
		{"two project tags", "pro", func(p map[string]any) { manifestOf(p)["project_tags"] = []any{1, 2} }, []want{{"project-tags-count", "/manifest/project_tags"}}},
		{"no project tag", "pro", func(p map[string]any) { manifestOf(p)["project_tags"] = []any{} }, []want{{"project-tags-count", "/manifest/project_tags"}}},
		{"project tag 11", "pro", func(p map[string]any) { manifestOf(p)["project_tags"] = []any{11} }, []want{{"invalid-enum", "/manifest/project_tags/0"}}},
		{"language alias", "pro", func(p map[string]any) { manifestOf(p)["language"] = "en-GB" }, []want{{"language-alias", "/manifest/language"}}},
		{"language case", "pro", func(p map[string]any) { manifestOf(p)["language"] = "EN" }, []want{{"language-case", "/manifest/language"}}},
		{"language unknown", "pro", func(p map[string]any) { manifestOf(p)["language"] = "xx-YY" }, []want{{"language-unknown", "/manifest/language"}}},
		{"token cost bearer 1", "pro", func(p map[string]any) { manifestOf(p)["token_cost_bearer_type"] = 1 }, []want{{"invalid-value", "/manifest/token_cost_bearer_type"}}},
		{"message bus missing", "pro", func(p map[string]any) { delete(manifestOf(p)["global_config"].(map[string]any), "message_bus") }, []want{{"missing-field", "/manifest/global_config"}}},
		{"message bus differs", "pro", func(p map[string]any) { manifestOf(p)["global_config"].(map[string]any)["message_bus"] = "other" }, []want{{"message-bus-mismatch", "/manifest/global_config/message_bus"}}},
		{"duplicate stage name", "pro", func(p map[string]any) { stageOf(p, 1)["stage_name"] = "plan_report" }, []want{{"duplicate-stage-name", "/stages/1/stage_name"}}},
		{"unknown stage type", "pro", func(p map[string]any) { stageOf(p, 1)["stage_type"] = 6 }, []want{{"invalid-enum", "/stages/1/stage_type"}}},
		{"unknown script language", "pro", func(p map[string]any) { stageOf(p, 1)["script_language"] = 18 }, []want{{"invalid-enum", "/stages/1/script_language"}}},
		{"negative points", "pro", func(p map[string]any) { stageOf(p, 0)["bounty_energy"] = -1 }, []want{{"below-minimum", "/stages/0/bounty_energy"}}},
		{"fractional points", "pro", func(p map[string]any) { stageOf(p, 0)["participant_energy"] = 2.5 }, []want{{"wrong-type", "/stages/0/participant_energy"}}},
		{"huge points", "pro", func(p map[string]any) { stageOf(p, 0)["participant_energy"] = json.Number("100000000000000000000") }, []want{{"integer-too-large", "/stages/0/participant_energy"}}},
		{"data format 5", "pro", func(p map[string]any) { stageOf(p, 0)["input_data_format"] = map[string]any{"type": 5} }, []want{{"invalid-enum", "/stages/0/input_data_format/type"}}},
		{"data format other without schema", "pro", func(p map[string]any) { stageOf(p, 0)["input_data_format"] = map[string]any{"type": 4} }, []want{{"data-format-other-no-schema", "/stages/0/input_data_format/type"}}},
		{"no agent skills", "pro", func(p map[string]any) { stageOf(p, 0)["agent_skills"] = []any{} }, []want{{"too-few-items", "/stages/0/agent_skills"}}},
		{"skill without criteria", "pro", func(p map[string]any) {
			delete(stageOf(p, 0)["agent_skills"].([]any)[0].(map[string]any), "acceptance_criteria")
		}, []want{{"missing-field", "/stages/0/agent_skills/0"}}},
		{"skill without output limit", "pro", func(p map[string]any) {
			delete(stageOf(p, 0)["agent_skills"].([]any)[0].(map[string]any)["context_constraints"].(map[string]any), "output_limit")
		}, []want{{"missing-field", "/stages/0/agent_skills/0/context_constraints"}}},
		{"fiat without amount", "pro", func(p map[string]any) {
			s := stageOf(p, 0)
			s["fiat_enabled"], s["participant_energy"], s["bounty_energy"] = true, 0, 0
		}, []want{{"fiat-amount-missing", "/stages/0"}, {"fiat-stripe-reminder", "/stages/0/fiat_enabled"}}},
		{"fiat with points", "pro", func(p map[string]any) {
			s := stageOf(p, 0)
			s["fiat_enabled"], s["fiat_list_amount_usd"] = true, 300
		}, []want{{"fiat-points-not-zero", "/stages/0/bounty_energy"}, {"fiat-stripe-reminder", "/stages/0/fiat_enabled"}, {"fiat-points-not-zero", "/stages/0/participant_energy"}}},
		{"fiat for free", "free", func(p map[string]any) {
			s := stageOf(p, 0)
			s["fiat_enabled"], s["fiat_list_amount_usd"], s["participant_energy"], s["bounty_energy"] = true, 300, 0, 0
			manifestOf(p)["location"] = "Anywhere"
			delete(manifestOf(p), "task_duration_days")
		}, []want{{"fiat-not-available", "/stages/0/fiat_enabled"}}},
		{"fiat amount alone", "pro", func(p map[string]any) { stageOf(p, 0)["fiat_list_amount_usd"] = 10 }, []want{{"fiat-amount-without-fiat", "/stages/0/fiat_list_amount_usd"}}},
		{"six stages for free", "free", func(p map[string]any) {
			manifestOf(p)["location"] = ""
			delete(manifestOf(p), "task_duration_days")
			st := p["stages"].([]any)
			for i := 0; len(st) < 6; i++ {
				c := cloneValue(st[i%3]).(map[string]any)
				c["stage_name"] = fmt.Sprintf("extra_%d", i)
				st = append(st, c)
			}
			p["stages"] = st
		}, []want{{"detail-missing-stage", "/manifest/detail"}, {"detail-missing-stage", "/manifest/detail"}, {"detail-missing-stage", "/manifest/detail"}, {"too-many-stages", "/stages"}}},
		{"free with country", "free", func(p map[string]any) { delete(manifestOf(p), "task_duration_days") }, []want{{"location-anywhere-only", "/manifest/location"}}},
		{"free with empty location", "free", func(p map[string]any) { manifestOf(p)["location"] = ""; delete(manifestOf(p), "task_duration_days") }, nil},
		{"free without location", "free", func(p map[string]any) { delete(manifestOf(p), "location"); delete(manifestOf(p), "task_duration_days") }, nil},
		{"free with chinese anywhere", "free", func(p map[string]any) {
			manifestOf(p)["location"] = "任意地点都可以"
			delete(manifestOf(p), "task_duration_days")
		}, nil},
		{"pro without location", "pro", func(p map[string]any) { delete(manifestOf(p), "location") }, []want{{"location-required", "/manifest"}}},
		{"pro with anywhere", "pro", func(p map[string]any) { manifestOf(p)["location"] = "anywhere" }, nil},
		{"pro with city", "pro", func(p map[string]any) { manifestOf(p)["location"] = "China · Shanghai" }, []want{{"location-country-only", "/manifest/location"}}},
		{"pro with platform id", "pro", func(p map[string]any) { manifestOf(p)["location"] = "Asia-East-HongKong" }, []want{{"location-platform-id", "/manifest/location"}}},
		{"pro with hyphenated country", "pro", func(p map[string]any) { manifestOf(p)["location"] = "Guinea-Bissau" }, nil},
		{"ultra with city", "ultra", func(p map[string]any) { manifestOf(p)["location"] = "Shanghai, China" }, nil},
		{"ultra with platform id", "ultra", func(p map[string]any) { manifestOf(p)["location"] = "Asia-East-HongKong" }, nil},
		{"unclassified location", "ultra", func(p map[string]any) { manifestOf(p)["location"] = "A, B, C" }, []want{{"location-unclassified", "/manifest/location"}}},
		{"duration over pro cap", "pro", func(p map[string]any) { manifestOf(p)["task_duration_days"] = 8 }, []want{{"task-duration-too-long", "/manifest/task_duration_days"}}},
		{"duration at ultra cap", "ultra", func(p map[string]any) { manifestOf(p)["task_duration_days"] = 14 }, nil},
		{"criteria of another type", "pro", func(p map[string]any) { stageOf(p, 0)["type_criteria"].(map[string]any)["ci_required"] = true },
			[]want{{"criteria-other-type", "/stages/0/type_criteria/ci_required"}}},
		{"criteria unknown key", "pro", func(p map[string]any) { stageOf(p, 0)["type_criteria"].(map[string]any)["speed"] = 1 },
			[]want{{"criteria-unknown-key", "/stages/0/type_criteria/speed"}}},
		{"criteria out of range", "pro", func(p map[string]any) { stageOf(p, 0)["type_criteria"].(map[string]any)["subtask_coverage_pct"] = 120 },
			[]want{{"above-maximum", "/stages/0/type_criteria/subtask_coverage_pct"}}},
		{"criteria bad enum", "pro", func(p map[string]any) { stageOf(p, 2)["type_criteria"].(map[string]any)["build_target"] = "dev" },
			[]want{{"invalid-enum", "/stages/2/type_criteria/build_target"}}},
		{"criteria for type without keys", "pro", func(p map[string]any) { stageOf(p, 1)["stage_type"] = 103 },
			[]want{{"criteria-none-defined", "/stages/1/type_criteria"}}},
		{"every stage orchestrator", "pro", func(p map[string]any) {
			for i := range 3 {
				s := stageOf(p, i)
				s["stage_type"] = 1
				delete(s, "type_criteria")
			}
		}, []want{{"all-stages-orchestrator", "/stages"}}},
		{"detail misses a stage", "pro", func(p map[string]any) { stageOf(p, 2)["stage_name"] = "ship_it" }, []want{{"detail-missing-stage", "/manifest/detail"}}},
		{"chinese text with language en", "pro", func(p map[string]any) {
			m := manifestOf(p)
			m["name"], m["description"] = "每周销售报表流水线", "收集门店销售数据，清洗后发布每周看板。"
			m["detail"] = "各阶段按顺序执行：`plan_report` 负责拆分任务，`clean_sales` 负责清洗数据，`build_dashboard` 负责搭建看板。"
			for i := range 3 {
				s := stageOf(p, i)
				s["role"], s["description"] = "执行者", "完成本阶段的全部工作并交付成果。"
				s["harness_policy"].(map[string]any)["operating_boundary"] = "只负责本阶段范围内的工作。"
				s["agent_skills"].([]any)[0].(map[string]any)["acceptance_criteria"] = []any{"交付物通过评审"}
			}
		}, []want{{"language-script-mismatch", "/manifest/language"}}},
		{"spanish text with language en is not flagged", "pro", func(p map[string]any) {
			manifestOf(p)["description"] = "Recoger las ventas de las tiendas y publicar un panel semanal."
		}, nil},
		{"camelCase manifest key", "pro", func(p map[string]any) { manifestOf(p)["industryCode"] = "J62" }, []want{{"key-not-snake-case", "/manifest/industryCode"}}},
		{"unknown manifest key with typo", "pro", func(p map[string]any) { manifestOf(p)["industry_cod"] = "J62" }, []want{{"unknown-field-typo", "/manifest/industry_cod"}}},
		{"unknown stage key", "pro", func(p map[string]any) { stageOf(p, 0)["colour"] = "red" }, []want{{"unknown-field", "/stages/0/colour"}}},
		{"open input_limit keys are fine", "pro", func(p map[string]any) {
			stageOf(p, 0)["agent_skills"].([]any)[0].(map[string]any)["context_constraints"].(map[string]any)["input_limit"].(map[string]any)["temperature"] = 1
		}, nil},
		{"unknown tier", "gold", func(p map[string]any) { manifestOf(p)["location"] = ""; delete(manifestOf(p), "task_duration_days") }, []want{{"unknown-tier", ""}}},
		{"missing manifest", "pro", func(p map[string]any) { delete(p, "manifest") }, []want{{"missing-field", ""}}},
		{"stages not an array", "pro", func(p map[string]any) { p["stages"] = map[string]any{} }, []want{{"wrong-type", "/stages"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := payload(t)
			tt.change(p)
			res := Validate(encode(t, p), Options{Tier: tt.tier})
			var got []want
			for _, f := range res.Findings {
				got = append(got, want{f.Code, f.Pointer})
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("Validate findings = %v; want %v\n%s", got, tt.want, describe(res))
			}
			checkFindings(t, res)
		})
	}
}

func cloneValue(v any) any {
	b, _ := json.Marshal(v)
	var out any
	json.Unmarshal(b, &out)
	return out
}

func describe(r Result) string {
	var b strings.Builder
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "  %d:%d %s %s %s: %s\n", f.Line, f.Column, f.Severity, f.Code, f.Pointer, f.MessageEN)
	}
	return b.String()
}

// checkFindings asserts what must hold for every finding: a known code with
// both messages fully formatted, a position inside the text.
func checkFindings(t testing.TB, r Result) {
	t.Helper()
	for _, f := range r.Findings {
		if _, ok := catalog.Find(f.Code); !ok {
			t.Errorf("finding code %q is not in the catalogue", f.Code)
		}
		for _, m := range []string{f.MessageEN, f.MessageZH} {
			if m == "" || strings.Contains(m, "%!") {
				t.Errorf("finding %s has a broken message %q", f.Code, m)
			}
		}
		if f.Line < 1 || f.Column < 1 {
			t.Errorf("finding %s at %d:%d; want 1-based positions", f.Code, f.Line, f.Column)
		}
		if f.Severity != row(f.Code).Severity {
			t.Errorf("finding %s has severity %s; catalogue says %s", f.Code, f.Severity, row(f.Code).Severity)
		}
	}
}

// TestCodesDocumented keeps the table of codes whole and the only list:
// every row has a severity, a class that agrees with it, an anchor and both
// messages, no code appears twice, and doc.go points at the table instead
// of listing codes by hand (a second list would drift).
func TestCodesDocumented(t *testing.T) {
	doc := string(readFile(t, "doc.go"))
	if !strings.Contains(doc, "codes.go") {
		t.Errorf("doc.go does not point at the table of codes in codes.go")
	}
	seen := map[string]bool{}
	for _, m := range catalog.Codes() {
		code := m.Code
		if seen[code] {
			t.Errorf("code %q has two rows", code)
		}
		seen[code] = true
		if regexp.MustCompile(`(?m)^//\t` + regexp.QuoteMeta(code) + `\s`).MatchString(doc) {
			t.Errorf("doc.go lists finding code %q (%s) by hand; the table in codes.go is the list", code, m.Severity)
		}
		if m.EN == "" || m.ZH == "" {
			t.Errorf("code %q lacks a message in one language", code)
		}
		if m.Anchor == "" {
			t.Errorf("code %q has no docs anchor", code)
		}
		if (m.Severity != SeverityError) != (m.Class == catalog.ClassAdvice) {
			t.Errorf("code %q: severity %s with class %d; warnings and notes, and only they, are advice", code, m.Severity, m.Class)
		}
		if m.Severity.Rank() > 2 || (m.Severity != SeverityInfo && m.Severity.Rank() == 2) {
			t.Errorf("code %q: unknown severity %q", code, m.Severity)
		}
	}
}

// row returns the table's row of a finding code (the zero row, of
// ClassShape, for an unknown one).
func row(code string) catalog.Code {
	c, _ := catalog.Find(code)
	return c
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestMentions compares mentions with strings.Contains.
func TestMentions(t *testing.T) {
	for _, c := range [][2]string{{"plan_report then clean", "clean"}, {"abc", "abcd"}, {"aaab", "aab"}, {"x", "x"}, {"", "a"}, {"ba", "a"}, {"ab", "b"}, {"abab", "bab"}} {
		if got, want := mentions(c[0], c[1]), strings.Contains(c[0], c[1]); got != want {
			t.Errorf("mentions(%q, %q) = %v; want %v", c[0], c[1], got, want)
		}
	}
	if letterClasses[0].code != "Latn" {
		t.Errorf("countLetters counts ASCII letters as letterClasses[0], which is %s", letterClasses[0].code)
	}
}
