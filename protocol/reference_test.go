package protocol

import (
	"fmt"
	"strings"
	"testing"
)

// referenceRule is one sentence of a rule list of the V18 reference
// ("Create Task" page, /work/shared/reference): where it is, what it asks
// in our words, a payload that breaks it, and the finding code that
// enforces it. A rule the engine leaves as a warning or a note, or cannot
// check in a payload at all, names the decision that says so in doc.go
// ("Rules of the reference that are not errors").
type referenceRule struct {
	ref, rule string
	tier      string
	change    func(p map[string]any) // on the document's example, valid for pro
	text      func(b []byte) []byte  // or on its text
	code, ptr string                 // "" when no payload can break the rule
	absent    string                 // a code prefix that must not be reported (rules that allow something)
	decision  string                 // the phrase of doc.go that records a rule left a warning, a note or unchecked
	fix       string                 // the replacement the finding's fix must carry, when the rule says what to write instead
}

func referenceRules() []referenceRule {
	m := manifestOf
	st := stageOf
	stages := func(n int) func(p map[string]any) {
		return func(p map[string]any) {
			list := p["stages"].([]any)
			for i := 0; len(list) < n; i++ {
				c := cloneValue(list[i%3]).(map[string]any)
				c["stage_name"] = fmt.Sprintf("extra_%d", i)
				list = append(list, c)
			}
			p["stages"] = list
		}
	}
	fiat := func(p map[string]any) {
		s := st(p, 1)
		s["fiat_enabled"], s["fiat_list_amount_usd"], s["participant_energy"], s["bounty_energy"] = true, 300, 0, 0
	}
	chinese := func(p map[string]any) {
		mm := m(p)
		mm["name"], mm["description"] = "每周销售报表流水线", "收集门店销售数据，清洗后发布每周看板。"
		mm["detail"] = "各阶段按顺序执行：`plan_report` 负责拆分任务，`clean_sales` 负责清洗数据，`build_dashboard` 负责搭建看板。"
		for i := range 3 {
			s := st(p, i)
			s["role"], s["description"] = "执行者", "完成本阶段的全部工作并交付成果。"
			s["harness_policy"].(map[string]any)["operating_boundary"] = "只负责本阶段范围内的工作。"
			s["agent_skills"].([]any)[0].(map[string]any)["acceptance_criteria"] = []any{"交付物通过评审"}
		}
	}
	return []referenceRule{
		// Purpose of this document.
		{ref: "purpose: usage", rule: "the payload is one object with manifest and stages only", change: func(p map[string]any) { p["notes"] = "x" }, code: "unknown-top-level-field", ptr: "/notes"},
		{ref: "purpose: usage", rule: "keys are snake_case", change: func(p map[string]any) { m(p)["videoConferenceConnection"] = "x" }, code: "key-not-snake-case", ptr: "/manifest/videoConferenceConnection"},
		{ref: "purpose: usage", rule: "the payload is RFC 8259 JSON", text: func(b []byte) []byte { return append([]byte("// model output\n"), b...) }, code: "json-comment", ptr: ""},
		{ref: "purpose: copy language", rule: "human-facing strings are in the language of the task", change: chinese, code: "language-script-mismatch", ptr: "/manifest/language", decision: "Language script checks"},
		{ref: "purpose: do not use", rule: "no deprecated top-level agents array", change: func(p map[string]any) { p["agents"] = []any{} }, code: "deprecated-agents", ptr: "/agents"},

		// Top-level object and manifest fields.
		{ref: "top-level object", rule: "manifest is an object", change: func(p map[string]any) { p["manifest"] = []any{} }, code: "wrong-type", ptr: "/manifest"},
		{ref: "top-level object", rule: "stages is an array", change: func(p map[string]any) { p["stages"] = map[string]any{} }, code: "wrong-type", ptr: "/stages"},
		{ref: "manifest: key set", rule: "the manifest holds every required manifest field", change: func(p map[string]any) { delete(m(p), "name") }, code: "missing-field", ptr: "/manifest"},
		{ref: "manifest: detail", rule: "detail explains how the stages connect, naming stage_name values", change: func(p map[string]any) { st(p, 2)["stage_name"] = "publish" }, code: "detail-missing-stage", ptr: "/manifest/detail", decision: "detail-missing-stage"},
		{ref: "manifest: version", rule: "version is the string 18.0", change: func(p map[string]any) { m(p)["version"] = "18" }, code: "invalid-value", ptr: "/manifest/version", fix: `"18.0"`},
		{ref: "manifest: industry_code", rule: "an ISIC Rev.4 code of any level, section through class", change: func(p map[string]any) { m(p)["industry_code"] = "J6299" }, code: "industry-code-group", ptr: "/manifest/industry_code"},
		{ref: "manifest: industry_code", rule: "alphanumeric: a section letter and digits", change: func(p map[string]any) { m(p)["industry_code"] = "J-62" }, code: "industry-code-shape", ptr: "/manifest/industry_code"},
		{ref: "manifest: ownership", rule: "ownership is 1, 2 or 3", change: func(p map[string]any) { m(p)["ownership"] = 4 }, code: "invalid-enum", ptr: "/manifest/ownership"},
		{ref: "manifest: location", rule: "location is not empty (for tiers above free)", change: func(p map[string]any) { m(p)["location"] = "" }, code: "location-required", ptr: "/manifest/location"},
		{ref: "manifest: token_cost_bearer_type", rule: "always 2, never 1 or 3", change: func(p map[string]any) { m(p)["token_cost_bearer_type"] = 3 }, code: "invalid-value", ptr: "/manifest/token_cost_bearer_type", fix: "2"},
		{ref: "manifest: global_config", rule: "global_config holds message_bus", change: func(p map[string]any) { delete(m(p)["global_config"].(map[string]any), "message_bus") }, code: "missing-field", ptr: "/manifest/global_config"},
		{ref: "global_config: message_bus", rule: "message_bus is usually communication_software_group", change: func(p map[string]any) { m(p)["global_config"].(map[string]any)["message_bus"] = "other" }, code: "message-bus-mismatch", ptr: "/manifest/global_config/message_bus", decision: "message-bus-mismatch"},

		// project_tags, closed enum.
		{ref: "project_tags: constraint 1", rule: "project_tags is present", change: func(p map[string]any) { delete(m(p), "project_tags") }, code: "missing-field", ptr: "/manifest"},
		{ref: "project_tags: constraint 2", rule: "exactly one element", change: func(p map[string]any) { m(p)["project_tags"] = []any{1, 2} }, code: "project-tags-count", ptr: "/manifest/project_tags"},
		{ref: "project_tags: constraint 3", rule: "the element is one of the tag ids 1 to 10", change: func(p map[string]any) { m(p)["project_tags"] = []any{0} }, code: "invalid-enum", ptr: "/manifest/project_tags/0"},
		{ref: "project_tags: constraint 3", rule: "the element is an integer", change: func(p map[string]any) { m(p)["project_tags"] = []any{"1"} }, code: "wrong-type", ptr: "/manifest/project_tags/0"},

		// language.
		{ref: "language: semantics", rule: "a recommended tag or a listed alias", change: func(p map[string]any) { m(p)["language"] = "en-AU" }, code: "language-unknown", ptr: "/manifest/language", decision: "Unknown language tags are errors"},
		{ref: "language: aliases", rule: "an alias maps to its tag; prefer the normalized tag", change: func(p map[string]any) { m(p)["language"] = "zh" }, code: "language-alias", ptr: "/manifest/language", decision: "An alias is a warning", fix: `"zh-CN"`},

		// stages[].
		{ref: "stages: stage_name", rule: "stage_name is unique within the task", change: func(p map[string]any) { st(p, 1)["stage_name"] = "plan_report" }, code: "duplicate-stage-name", ptr: "/stages/1/stage_name"},
		{ref: "stages: stage_type", rule: "new tasks use 1-5, 100-108 or 1000", change: func(p map[string]any) { st(p, 1)["stage_type"] = 109 }, code: "invalid-enum", ptr: "/stages/1/stage_type"},
		{ref: "stages: script_language", rule: "script_language is 1 to 17", change: func(p map[string]any) { st(p, 1)["script_language"] = 0 }, code: "invalid-enum", ptr: "/stages/1/script_language"},
		{ref: "stages: participant_energy", rule: "a non-negative integer of points", change: func(p map[string]any) { st(p, 1)["participant_energy"] = -5 }, code: "below-minimum", ptr: "/stages/1/participant_energy"},
		{ref: "stages: bounty_energy", rule: "a non-negative integer of points", change: func(p map[string]any) { st(p, 1)["bounty_energy"] = 0.5 }, code: "wrong-type", ptr: "/stages/1/bounty_energy"},
		{ref: "stages: output_data_format", rule: "required on every stage", change: func(p map[string]any) { delete(st(p, 1), "output_data_format") }, code: "missing-field", ptr: "/stages/1"},
		{ref: "stages: agent_skills", rule: "at least one item", change: func(p map[string]any) { st(p, 1)["agent_skills"] = []any{} }, code: "too-few-items", ptr: "/stages/1/agent_skills"},
		{ref: "stages: fiat_list_amount_usd", rule: "required when fiat_enabled is true", change: func(p map[string]any) { fiat(p); delete(st(p, 1), "fiat_list_amount_usd") }, code: "fiat-amount-missing", ptr: "/stages/1"},
		{ref: "agent_skills: acceptance_criteria", rule: "required", change: func(p map[string]any) { delete(skillOf(p), "acceptance_criteria") }, code: "missing-field", ptr: "/stages/0/agent_skills/0"},
		{ref: "agent_skills: context_constraints", rule: "required", change: func(p map[string]any) { delete(skillOf(p), "context_constraints") }, code: "missing-field", ptr: "/stages/0/agent_skills/0"},
		{ref: "agent_skills: context_constraints", rule: "holds input_limit and output_limit", change: func(p map[string]any) { delete(skillOf(p)["context_constraints"].(map[string]any), "input_limit") }, code: "missing-field", ptr: "/stages/0/agent_skills/0/context_constraints"},

		// Platform points vs real money.
		{ref: "points vs fiat: rule", rule: "a fiat stage sets both point fields to 0", change: func(p map[string]any) { fiat(p); st(p, 1)["bounty_energy"] = 50 }, code: "fiat-points-not-zero", ptr: "/stages/1/bounty_energy", fix: "0"},
		{ref: "points vs fiat: rule", rule: "fiat only when the user asks for real money; points otherwise", change: fiat, code: "fiat-stripe-reminder", ptr: "/stages/1/fiat_enabled", decision: "fiat-stripe-reminder"},

		// type_criteria.
		{ref: "type_criteria", rule: "its keys depend on stage_type", change: func(p map[string]any) { st(p, 0)["type_criteria"].(map[string]any)["lint_clean"] = true }, code: "criteria-other-type", ptr: "/stages/0/type_criteria/lint_clean", decision: "type_criteria keys"},
		{ref: "type_criteria", rule: "only the keys that apply", change: func(p map[string]any) { st(p, 0)["type_criteria"].(map[string]any)["speed"] = 1 }, code: "criteria-unknown-key", ptr: "/stages/0/type_criteria/speed", decision: "type_criteria keys"},
		{ref: "type_criteria: type 1", rule: "subtask_coverage_pct is an integer 0-100", change: func(p map[string]any) { st(p, 0)["type_criteria"].(map[string]any)["subtask_coverage_pct"] = 101 }, code: "above-maximum", ptr: "/stages/0/type_criteria/subtask_coverage_pct"},
		{ref: "type_criteria: type 1", rule: "dispatch_protocol is sequential, parallel or conditional", change: func(p map[string]any) { st(p, 0)["type_criteria"].(map[string]any)["dispatch_protocol"] = "random" }, code: "invalid-enum", ptr: "/stages/0/type_criteria/dispatch_protocol"},
		{ref: "type_criteria: type 2", rule: "build_target is production or staging", change: func(p map[string]any) { st(p, 2)["type_criteria"].(map[string]any)["build_target"] = "dev" }, code: "invalid-enum", ptr: "/stages/2/type_criteria/build_target"},
		{ref: "type_criteria: type 4", rule: "min_record_count is an integer", change: func(p map[string]any) { st(p, 1)["type_criteria"].(map[string]any)["min_record_count"] = "many" }, code: "wrong-type", ptr: "/stages/1/type_criteria/min_record_count"},

		// Minimum machine-generation checklist.
		{ref: "checklist 1", rule: "only manifest and stages at the top level", change: func(p map[string]any) { p["$schema"] = "x" }, code: "schema-key", ptr: "/$schema"},
		{ref: "checklist 1", rule: "manifest.version is 18.0", change: func(p map[string]any) { m(p)["version"] = 18 }, code: "wrong-type", ptr: "/manifest/version"},
		{ref: "checklist 2", rule: "project_tags has length 1 and its element is in 1..10", change: func(p map[string]any) { m(p)["project_tags"] = []any{11} }, code: "invalid-enum", ptr: "/manifest/project_tags/0"},
		{ref: "checklist 3", rule: "language is a recommended tag or a listed alias", change: func(p map[string]any) { m(p)["language"] = "EN" }, code: "language-case", ptr: "/manifest/language", fix: `"en"`},
		{ref: "checklist 4", rule: "token_cost_bearer_type is 2", change: func(p map[string]any) { m(p)["token_cost_bearer_type"] = 1 }, code: "invalid-value", ptr: "/manifest/token_cost_bearer_type"},
		{ref: "checklist 5", rule: "ownership is in {1, 2, 3}", change: func(p map[string]any) { m(p)["ownership"] = 0 }, code: "invalid-enum", ptr: "/manifest/ownership"},
		{ref: "checklist 6", rule: "every stage has the required stage fields, input_data_format among them", change: func(p map[string]any) { delete(st(p, 2), "input_data_format") }, code: "missing-field", ptr: "/stages/2"},
		{ref: "checklist 7", rule: "every skill has acceptance_criteria and context_constraints with both limits", change: func(p map[string]any) { delete(skillOf(p)["context_constraints"].(map[string]any), "output_limit") }, code: "missing-field", ptr: "/stages/0/agent_skills/0/context_constraints"},
		{ref: "checklist 8", rule: "points by default; fiat fields only on an explicit request for real money", decision: "an explicit request for real money"},
		{ref: "checklist 9", rule: "stage types follow the work; not every stage is type 1", change: func(p map[string]any) {
			for i := range 3 {
				st(p, i)["stage_type"] = 1
				delete(st(p, i), "type_criteria")
			}
		}, code: "all-stages-orchestrator", ptr: "/stages", decision: "all-stages-orchestrator"},
		{ref: "checklist 10", rule: "tier-constrained fields comply with the declared tier", tier: "free", change: stages(6), code: "too-many-stages", ptr: "/stages"},
		{ref: "checklist 11", rule: "participant_energy is described to users as a holding requirement", decision: "how participant_energy is described"},

		// Membership tier constraints.
		{ref: "tiers: location, free", rule: "anywhere only: empty, omitted or the Anywhere value", tier: "free", code: "location-anywhere-only", ptr: "/manifest/location", fix: `"Anywhere"`},
		{ref: "tiers: location, free", rule: "omitting location is fine for free", tier: "free", change: func(p map[string]any) { delete(m(p), "location") }, absent: "location-"},
		{ref: "tiers: location, pro", rule: "country only, no city or sub-region separator", change: func(p map[string]any) { m(p)["location"] = "日本・東京" }, code: "location-country-only", ptr: "/manifest/location"},
		{ref: "tiers: location, ultra", rule: "country, or country and city", tier: "ultra", change: func(p map[string]any) { m(p)["location"] = "China · Shanghai" }, absent: "location-"},
		{ref: "tiers: location, ultra", rule: "anything that is neither", tier: "ultra", change: func(p map[string]any) { m(p)["location"] = "China · Shanghai · Pudong" }, code: "location-unclassified", ptr: "/manifest/location", decision: "is unclassified: a warning where cities are allowed"},
		{ref: "tiers: stages.length", rule: "at most 5 stages for free", tier: "free", change: stages(6), code: "too-many-stages", ptr: "/stages"},
		{ref: "tiers: stages.length", rule: "at most 10 stages for pro", change: stages(11), code: "too-many-stages", ptr: "/stages"},
		{ref: "tiers: stages.length", rule: "at most 20 stages for ultra", tier: "ultra", change: stages(21), code: "too-many-stages", ptr: "/stages"},
		{ref: "tiers: task_duration_days", rule: "at most 3 days for free", tier: "free", change: func(p map[string]any) { m(p)["task_duration_days"] = 4 }, code: "task-duration-too-long", ptr: "/manifest/task_duration_days", fix: "3"},
		{ref: "tiers: task_duration_days", rule: "at most 7 days for pro", change: func(p map[string]any) { m(p)["task_duration_days"] = 8 }, code: "task-duration-too-long", ptr: "/manifest/task_duration_days", fix: "7"},
		{ref: "tiers: task_duration_days", rule: "at most 14 days for ultra", tier: "ultra", change: func(p map[string]any) { m(p)["task_duration_days"] = 15 }, code: "task-duration-too-long", ptr: "/manifest/task_duration_days", fix: "14"},
		{ref: "tiers: fiat, free", rule: "no fiat for free creators", tier: "free", change: fiat, code: "fiat-not-available", ptr: "/stages/1/fiat_enabled"},
		{ref: "tiers: fiat, pro and ultra", rule: "fiat only on request and with Stripe issuer setup done", tier: "ultra", change: fiat, code: "fiat-stripe-reminder", ptr: "/stages/1/fiat_enabled", decision: "fiat-stripe-reminder"},
		{ref: "tiers: points", rule: "no tier cap on points; 0 with fiat", tier: "ultra", change: func(p map[string]any) { st(p, 0)["bounty_energy"] = 1000000 }, absent: "above-maximum"},

		// Generator rules.
		{ref: "generator rules 1", rule: "a missing or unknown tier is treated as free", tier: "gold", code: "unknown-tier", ptr: "", decision: "unknown-tier"},
		{ref: "generator rules 1", rule: "... and judged by free's limits", tier: "gold", code: "location-anywhere-only", ptr: "/manifest/location"},
		{ref: "generator rules 2", rule: "no clarifying question whose answer the tier fixes", decision: "what a generator asks the user"},
		{ref: "generator rules 3", rule: "too granular a location falls back to Anywhere", tier: "free", change: func(p map[string]any) { m(p)["location"] = "Tokyo" }, code: "location-anywhere-only", ptr: "/manifest/location", fix: `"Anywhere"`},
		{ref: "generator rules 3", rule: "too many stages are merged down to the cap", tier: "pro", change: stages(11), code: "too-many-stages", ptr: "/stages"},
		{ref: "generator rules 3", rule: "task_duration_days over the cap is clamped", tier: "free", change: func(p map[string]any) { m(p)["task_duration_days"] = 30 }, code: "task-duration-too-long", ptr: "/manifest/task_duration_days", fix: "3"},
		{ref: "generator rules 3", rule: "a free creator asking for real money gets points", tier: "free", change: fiat, code: "fiat-not-available", ptr: "/stages/1/fiat_enabled"},
		{ref: "generator rules 4", rule: "a legitimate fiat stage comes with the Stripe reminder", change: fiat, code: "fiat-stripe-reminder", ptr: "/stages/1/fiat_enabled", decision: "fiat-stripe-reminder"},
	}
}

// TestReferenceRules holds every sentence of the reference's rule lists to
// the finding code that enforces it: the payload that breaks it gets that
// code at that pointer. A rule left a warning or a note, or not checked,
// names the decision in doc.go that says so, and a rule enforced by an
// error needs no decision.
func TestReferenceRules(t *testing.T) {
	doc := string(readFile(t, "doc.go"))
	// The decisions as one line of words, so phrases may wrap in doc.go.
	decisions := strings.Join(strings.Fields(strings.ReplaceAll(doc[strings.Index(doc, "# Decisions where the reference is open"):], "//", " ")), " ")
	for _, r := range referenceRules() {
		t.Run(r.ref+": "+r.rule, func(t *testing.T) {
			if r.decision != "" && !strings.Contains(decisions, r.decision) {
				t.Errorf("doc.go records no decision %q", r.decision)
			}
			if r.code != "" && severityOf(r.code) != SeverityError && r.decision == "" {
				t.Errorf("%s is a %s: the rule needs a decision in doc.go", r.code, severityOf(r.code))
			}
			if r.code == "" && r.absent == "" {
				if r.decision == "" {
					t.Error("a rule with no code needs a decision")
				}
				return
			}
			p := payload(t)
			if r.change != nil {
				r.change(p)
			}
			text := encode(t, p)
			if r.text != nil {
				text = r.text(text)
			}
			tier := r.tier
			if tier == "" {
				tier = "pro"
			}
			res := Validate(text, Options{Tier: tier})
			checkFindings(t, res)
			if r.absent != "" {
				for _, f := range res.Findings {
					if strings.HasPrefix(f.Code, r.absent) {
						t.Errorf("%s at %s: the rule allows this payload\n%s", f.Code, f.Pointer, describe(res))
					}
				}
				return
			}
			f, ok := findAt(res, want{r.code, r.ptr})
			if !ok {
				t.Fatalf("no %s at %q:\n%s", r.code, r.ptr, describe(res))
			}
			if f.Severity == SeverityError && res.Valid {
				t.Errorf("%s is an error but the payload is valid", r.code)
			}
			if r.fix != "" && (f.Fix == nil || f.Fix.Replacement != r.fix) {
				t.Errorf("%s: fix %+v; want the replacement %s", r.code, f.Fix, r.fix)
			}
		})
	}
}
