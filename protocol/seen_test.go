package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"pairag.com/portal/protocol/catalog"
)

// TestSeen holds the verdicts issue 9 saw wrong, one case each: payloads the
// published schema rejects that were called valid, tier limits let through,
// "must" rules that only warned, false errors, and duplicate keys.
func TestSeen(t *testing.T) {
	type change = func(p map[string]any)
	stageWithoutFiat := func(amount any) change {
		return func(p map[string]any) { stageOf(p, 0)["fiat_list_amount_usd"] = amount }
	}
	noDuration := func(p map[string]any) { delete(manifestOf(p), "task_duration_days") }
	tests := []struct {
		name  string
		tier  string
		text  string // used instead of the example when set
		edit  change
		valid bool
		want  []want // each must be among the findings, as an error unless advice
	}{
		{"empty detail on ultra", "ultra", "", func(p map[string]any) { manifestOf(p)["detail"] = "" }, false, []want{{"empty-string", "/manifest/detail"}}},
		{"industry code without section", "ultra", "", func(p map[string]any) { manifestOf(p)["industry_code"] = "62" }, false, []want{{"industry-code-no-section", "/manifest/industry_code"}}},
		{"empty language", "ultra", "", func(p map[string]any) { manifestOf(p)["language"] = "" }, false, []want{{"empty-string", "/manifest/language"}}},
		{"empty message bus", "ultra", "", func(p map[string]any) { manifestOf(p)["global_config"].(map[string]any)["message_bus"] = "" }, false, []want{{"empty-string", "/manifest/global_config/message_bus"}}},
		{"negative amount without fiat", "ultra", "", stageWithoutFiat(-5), false, []want{{"below-minimum", "/stages/0/fiat_list_amount_usd"}, {"fiat-amount-without-fiat", "/stages/0/fiat_list_amount_usd"}}},
		{"string amount without fiat", "ultra", "", stageWithoutFiat("100"), false, []want{{"wrong-type", "/stages/0/fiat_list_amount_usd"}}},
		{"zero amount without fiat", "ultra", "", stageWithoutFiat(0), false, []want{{"below-minimum", "/stages/0/fiat_list_amount_usd"}}},
		{"pro without location, name and version", "pro", "", func(p map[string]any) {
			m := manifestOf(p)
			delete(m, "location")
			delete(m, "name")
			delete(m, "version")
		}, false, []want{{"location-required", "/manifest"}, {"missing-field", "/manifest"}}},
		{"fiat stage also missing role and skills", "ultra", "", func(p map[string]any) {
			s := stageOf(p, 1)
			s["fiat_enabled"], s["participant_energy"], s["bounty_energy"] = true, 0, 0
			delete(s, "role")
			delete(s, "agent_skills")
		}, false, []want{{"fiat-amount-missing", "/stages/1"}, {"missing-field", "/stages/1"}}},
		{"duration 100.0 on free", "free", `{"manifest":{"task_duration_days":100.0}}`, nil, false, []want{{"task-duration-too-long", "/manifest/task_duration_days"}}},
		{"duration 1e2 on free", "free", `{"manifest":{"task_duration_days":1e2}}`, nil, false, []want{{"task-duration-too-long", "/manifest/task_duration_days"}}},
		{"room and city on free", "free", "", func(p map[string]any) { noDuration(p); manifestOf(p)["location"] = "Room 5, Shanghai" }, false, []want{{"location-anywhere-only", "/manifest/location"}}},
		{"three parts on free", "free", "", func(p map[string]any) { noDuration(p); manifestOf(p)["location"] = "China · Shanghai · Pudong" }, false, []want{{"location-anywhere-only", "/manifest/location"}}},
		{"three parts on pro", "pro", "", func(p map[string]any) { manifestOf(p)["location"] = "China · Shanghai · Pudong" }, false, []want{{"location-country-only", "/manifest/location"}}},
		{"klingon", "pro", "", func(p map[string]any) { manifestOf(p)["language"] = "klingon" }, false, []want{{"language-unknown", "/manifest/language"}}},
		{"$schema at the top level", "pro", "", func(p map[string]any) { p["$schema"] = "https://example.com/s.json" }, false, []want{{"schema-key", "/$schema"}}},
		{"0.0 points on a fiat stage", "pro", `{"stages":[{"fiat_enabled":true,"fiat_list_amount_usd":5,"participant_energy":0.0,"bounty_energy":-0}]}`, nil, false, nil},
		{"duplicate key, last value wrong", "pro", "", nil, false, []want{{"json-duplicate-key", "/manifest/ownership"}, {"invalid-enum", "/manifest/ownership"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := []byte(tt.text)
			switch {
			case tt.edit != nil:
				p := payload(t)
				tt.edit(p)
				text = encode(t, p)
			case tt.text == "":
				text = bytes.Replace(encode(t, payload(t)), []byte(`"ownership": 1,`), []byte(`"ownership": 1, "ownership": 9,`), 1)
			}
			res := Validate(text, Options{Tier: tt.tier})
			checkFindings(t, res)
			if res.Valid != tt.valid {
				t.Errorf("Valid = %v; want %v\n%s", res.Valid, tt.valid, describe(res))
			}
			for _, w := range tt.want {
				f, ok := findAt(res, w)
				if !ok {
					t.Errorf("no %s at %q\n%s", w.code, w.pointer, describe(res))
				} else if row(f.Code).Class != catalog.ClassAdvice && f.Severity != SeverityError {
					t.Errorf("%s is a %s; want an error", f.Code, f.Severity)
				}
			}
			if tt.name == "0.0 points on a fiat stage" {
				if _, ok := findCode(res, "fiat-points-not-zero"); ok {
					t.Errorf("0.0 and -0 reported as non-zero\n%s", describe(res))
				}
			}
		})
	}
}

// TestDuplicateKeyJudgesLastValue: with a wrong first value and a right last
// one, only the duplicate is reported, as the app reads the last.
func TestDuplicateKeyJudgesLastValue(t *testing.T) {
	text := bytes.Replace(encode(t, payload(t)), []byte(`"ownership": 1,`), []byte(`"ownership": 9, "ownership": 1,`), 1)
	res := Validate(text, Options{Tier: "pro"})
	var codes []string
	for _, f := range res.Findings {
		codes = append(codes, f.Code+" "+f.Pointer)
	}
	if fmt.Sprint(codes) != "[json-duplicate-key /manifest/ownership]" {
		t.Errorf("findings = %v; want only the duplicate key", codes)
	}
}

// TestSameValueSameFinding: numbers are judged by value, whatever their spelling.
func TestSameValueSameFinding(t *testing.T) {
	for _, group := range [][]string{{"1e400", "1e999999999999", "10e399"}, {"100", "100.0", "1e2", "1000e-1"}, {"0", "-0", "0.0", "0e5"}} {
		var first string
		for _, lit := range group {
			text := fmt.Sprintf(`{"manifest":{"task_duration_days":%s}}`, lit)
			res := Validate([]byte(text), Options{Tier: "free"})
			var got []string
			for _, f := range res.Findings {
				if strings.HasPrefix(f.Pointer, "/manifest/task_duration_days") {
					got = append(got, f.Code)
				}
			}
			if first == "" {
				first = fmt.Sprint(got)
			} else if fmt.Sprint(got) != first {
				t.Errorf("task_duration_days %s: %v; %s gave %s", lit, got, group[0], first)
			}
		}
	}
}

// TestHostileSizes: the inputs that took minutes now answer with bounded
// findings. Their time is measured in BenchmarkHostile.
func TestHostileSizes(t *testing.T) {
	limits := Default().Limits
	for _, h := range hostileInputs() {
		t.Run(h.name, func(t *testing.T) {
			res := Validate(h.text, Options{Tier: "ultra"})
			checkFindings(t, res)
			if res.Valid {
				t.Errorf("Valid = true")
			}
			if len(res.Findings) > limits.MaxFindings+1 {
				t.Errorf("%d findings; at most %d expected", len(res.Findings), limits.MaxFindings+1)
			}
			if h.code != "" {
				if _, ok := findCode(res, h.code); !ok {
					t.Errorf("no %s finding\n%s", h.code, describe(res))
				}
			}
			out, _ := json.Marshal(res)
			if len(out) > 1<<20 {
				t.Errorf("JSON result is %d bytes", len(out))
			}
		})
	}
}

type hostile struct {
	name string
	text []byte
	code string // a finding that must be there
}

// hostileInputs are the inputs issue 9 timed in seconds to minutes.
func hostileInputs() []hostile {
	stub := `{"stage_name":"s","stage_type":1}`
	var stages bytes.Buffer
	stages.WriteString(`{"manifest":{},"stages":[`)
	for i := range 150000 {
		if i > 0 {
			stages.WriteByte(',')
		}
		stages.WriteString(stub)
	}
	stages.WriteString("]}")
	var named bytes.Buffer
	named.WriteString(`{"manifest":{"detail":"` + strings.Repeat("x", 3500000) + `"},"stages":[`)
	for i := range 20000 {
		if i > 0 {
			named.WriteByte(',')
		}
		fmt.Fprintf(&named, `{"stage_name":"stage_%d"}`, i)
	}
	named.WriteString("]}")
	var keys bytes.Buffer
	keys.WriteString(`{"manifest":{`)
	for i := range 400000 {
		if i > 0 {
			keys.WriteByte(',')
		}
		fmt.Fprintf(&keys, `"k%d":1`, i)
	}
	keys.WriteString("}}")
	var camel bytes.Buffer
	camel.WriteString(`{"stages":[{"agent_skills":[{"context_constraints":{"input_limit":{`)
	for i := range 300000 {
		if i > 0 {
			camel.WriteByte(',')
		}
		fmt.Fprintf(&camel, `"maxTokens%d":1`, i)
	}
	camel.WriteString("}}}]}]}")
	return []hostile{
		{"1 MB number", []byte(`{"manifest":{"task_duration_days":` + strings.Repeat("9", 1<<20) + `}}`), "number-too-long"},
		{"4 MB number", []byte(`{"stages":[{"participant_energy":1` + strings.Repeat("0", 4<<20) + `}]}`), "number-too-long"},
		{"150,000 stub stages", stages.Bytes(), "findings-truncated"},
		{"3.5 MB detail and many stages", named.Bytes(), "too-many-stages"},
		{"400,000 unknown keys", keys.Bytes(), "findings-truncated"},
		{"300,000 camelCase keys in an open list", camel.Bytes(), "findings-truncated"},
	}
}

// findAt returns the first finding with the code at the pointer.
func findAt(res Result, w want) (Finding, bool) {
	for _, f := range res.Findings {
		if f.Code == w.code && f.Pointer == w.pointer {
			return f, true
		}
	}
	return Finding{}, false
}

// TestNumbersEchoedAsWritten: a message quotes the number the creator
// wrote, not the engine's reading of it (issue 25: 1e+99999999999999999999
// was echoed as 1e1099511627776, the saturated exponent).
func TestNumbersEchoedAsWritten(t *testing.T) {
	for _, lit := range []string{"1e+99999999999999999999", "1e2", "100.0", "8", "12345678901234567890123"} {
		text := fmt.Sprintf(`{"manifest":{"task_duration_days":%s}}`, lit)
		res := Validate([]byte(text), Options{Tier: "free"})
		found := false
		for _, f := range res.Findings {
			if f.Pointer == "/manifest/task_duration_days" {
				found = true
				if !strings.Contains(f.MessageEN, lit) || !strings.Contains(f.MessageZH, lit) {
					t.Errorf("task_duration_days %s: %s: %q / %q; want the number as written", lit, f.Code, f.MessageEN, f.MessageZH)
				}
			}
		}
		if !found {
			t.Errorf("task_duration_days %s: no finding", lit)
		}
	}
}
