package protocol

import "testing"

// TestKeysSnakeCase puts a camelCase, a kebab-case and a PascalCase key in
// every object whose keys the protocol defines, closed field lists and open
// ones (input_limit, output_limit) alike: each is an error at the key, and
// the fix renames it to its snake_case form.
func TestKeysSnakeCase(t *testing.T) {
	places := []struct {
		name string
		obj  func(p map[string]any) map[string]any
		ptr  string
	}{
		{"top level", func(p map[string]any) map[string]any { return p }, ""},
		{"manifest", manifestOf, "/manifest"},
		{"global_config", func(p map[string]any) map[string]any { return manifestOf(p)["global_config"].(map[string]any) }, "/manifest/global_config"},
		{"stage", func(p map[string]any) map[string]any { return stageOf(p, 0) }, "/stages/0"},
		{"data format", func(p map[string]any) map[string]any { return stageOf(p, 0)["input_data_format"].(map[string]any) }, "/stages/0/input_data_format"},
		{"harness_policy", func(p map[string]any) map[string]any { return stageOf(p, 0)["harness_policy"].(map[string]any) }, "/stages/0/harness_policy"},
		{"type_criteria", func(p map[string]any) map[string]any { return stageOf(p, 0)["type_criteria"].(map[string]any) }, "/stages/0/type_criteria"},
		{"agent skill", skillOf, "/stages/0/agent_skills/0"},
		{"context_constraints", func(p map[string]any) map[string]any { return skillOf(p)["context_constraints"].(map[string]any) }, "/stages/0/agent_skills/0/context_constraints"},
		{"input_limit", func(p map[string]any) map[string]any { return limitOf(p, "input_limit") }, "/stages/0/agent_skills/0/context_constraints/input_limit"},
		{"output_limit", func(p map[string]any) map[string]any { return limitOf(p, "output_limit") }, "/stages/0/agent_skills/0/context_constraints/output_limit"},
	}
	shapes := []struct{ key, snake string }{
		{"extraBudget", "extra_budget"},
		{"extra-budget", "extra_budget"},
		{"ExtraBudget", "extra_budget"},
	}
	for _, pl := range places {
		for _, sh := range shapes {
			t.Run(pl.name+"/"+sh.key, func(t *testing.T) {
				p := payload(t)
				pl.obj(p)[sh.key] = 1
				text := encode(t, p)
				res := Validate(text, Options{Tier: "pro"})
				f, ok := findAt(res, want{"key-not-snake-case", pl.ptr + "/" + sh.key})
				if !ok {
					t.Fatalf("no key-not-snake-case at %s/%s:\n%s", pl.ptr, sh.key, describe(res))
				}
				if f.Severity != SeverityError || res.Valid {
					t.Errorf("severity %s, valid %v; want an error that makes the payload invalid", f.Severity, res.Valid)
				}
				if f.Fix == nil || f.Fix.Replacement != `"`+sh.snake+`"` || string(text[f.Fix.Start:f.Fix.End]) != `"`+sh.key+`"` {
					t.Errorf("fix = %+v; want the key %q renamed to %q", f.Fix, sh.key, sh.snake)
				}
				checkFindings(t, res)
			})
		}
	}
}

// TestKeysSnakeCaseKnownFields: a defined field written in another case is
// an error with the fix to the field's name, and the payload is valid once
// fixed; a key whose snake_case form is taken gets no fix.
func TestKeysSnakeCaseKnownFields(t *testing.T) {
	p := payload(t)
	lim := limitOf(p, "input_limit")
	lim["maxTokens"] = lim["max_tokens"]
	delete(lim, "max_tokens")
	m := manifestOf(p)
	m["Industry-Code"] = "J62"
	stageOf(p, 0)["maxTokens"], stageOf(p, 0)["max-tokens"] = 1, 2
	text := encode(t, p)
	res := Validate(text, Options{Tier: "pro"})
	got := findingsOf(res)
	for _, w := range []want{{"key-not-snake-case", "/stages/0/agent_skills/0/context_constraints/input_limit/maxTokens"}, {"key-not-snake-case", "/manifest/Industry-Code"}} {
		if !containsWant(got, w) {
			t.Errorf("findings %v lack %v", got, w)
		}
	}
	for _, w := range []want{{"key-not-snake-case", "/stages/0/maxTokens"}, {"key-not-snake-case", "/stages/0/max-tokens"}} {
		if f, ok := findAt(res, w); !ok || f.Fix != nil {
			t.Errorf("%v: %+v; want a finding without a fix (both keys would become max_tokens)", w, f.Fix)
		}
	}
	f, _ := findAt(res, want{"key-not-snake-case", "/manifest/Industry-Code"})
	if f.Fix != nil {
		t.Errorf("fix %+v would make industry_code a duplicate key", f.Fix)
	}
	f, _ = findAt(res, want{"key-not-snake-case", "/stages/0/agent_skills/0/context_constraints/input_limit/maxTokens"})
	if f.Fix == nil || f.Fix.Replacement != `"max_tokens"` {
		t.Errorf("fix = %+v; want max_tokens", f.Fix)
	}
}

func TestToSnake(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		snake    bool
	}{
		{"max_tokens", "max_tokens", true}, {"maxTokens", "max_tokens", false}, {"MaxTokens", "max_tokens", false},
		{"max-tokens", "max_tokens", false}, {"max tokens", "max_tokens", false}, {"HTTPServer", "http_server", false},
		{"stage2Name", "stage2_name", false}, {"max__tokens", "max__tokens", false}, {"_max", "_max", false},
		{"max_", "max_", false}, {"2fa", "2fa", false}, {"日本", "日本", false}, {"", "", false}, {"a1_b2", "a1_b2", true},
	} {
		if got := toSnake(tt.in); got != tt.want {
			t.Errorf("toSnake(%q) = %q; want %q", tt.in, got, tt.want)
		}
		if got := isSnakeCase(tt.in); got != tt.snake {
			t.Errorf("isSnakeCase(%q) = %v; want %v", tt.in, got, tt.snake)
		}
	}
}

func skillOf(p map[string]any) map[string]any {
	return stageOf(p, 0)["agent_skills"].([]any)[0].(map[string]any)
}

func limitOf(p map[string]any, key string) map[string]any {
	return skillOf(p)["context_constraints"].(map[string]any)[key].(map[string]any)
}
