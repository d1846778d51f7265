package main

import (
	"encoding/json"

	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/jsonpos"
)

// webFinding is a finding as the page needs it: the CLI's JSON fields plus
// the offending span in UTF-16 code units, which is how JavaScript indexes
// strings.
type webFinding struct {
	protocol.Finding
	From int `json:"from"`
	To   int `json:"to"`
}

// webResult is protocol.Result with web findings.
type webResult struct {
	Valid    bool         `json:"valid"`
	Tier     string       `json:"tier"`
	Findings []webFinding `json:"findings"`
}

// config is what pairagConfigure received; the worker calls it once, after
// the module is ready and before the first validation.
var config struct {
	TierLabels map[string]protocol.Label `json:"tierLabels"`
	Docs       *protocol.DocsIndex       `json:"docs"`
}

// configureJSON stores the page's settings (tier labels in both languages,
// from content/labels.yaml, and the index linking findings to the reference) and answers {"ok":true} or {"error":"..."}.
// Unknown keys are ignored, so a newer page can talk to an older module.
func configureJSON(text string) string {
	var c struct {
		TierLabels map[string]protocol.Label `json:"tierLabels"`
		Docs       *protocol.DocsIndex       `json:"docs"`
	}
	if err := json.Unmarshal([]byte(text), &c); err != nil {
		return encode(struct {
			Error string `json:"error"`
		}{"pairagConfigure: " + err.Error()})
	}
	config.TierLabels, config.Docs = c.TierLabels, c.Docs
	return `{"ok":true}`
}

// options are the protocol options of one call.
func options(tier, lang string) protocol.Options {
	return protocol.Options{Tier: tier, Lang: lang, TierLabels: config.TierLabels, Docs: config.Docs}
}

// validateJSON runs protocol.Validate and encodes the result for the page.
func validateJSON(text, tier, lang string) string {
	b := []byte(text)
	res := protocol.Validate(b, options(tier, lang))
	out := webResult{Valid: res.Valid, Tier: res.Tier, Findings: make([]webFinding, 0, len(res.Findings))}
	offsets := make([]int, 0, 2*len(res.Findings))
	for _, f := range res.Findings {
		s, e := f.Span()
		offsets = append(offsets, s, e)
	}
	pos := jsonpos.Positions(b, offsets)
	for i, f := range res.Findings {
		out.Findings = append(out.Findings, webFinding{Finding: f, From: pos[2*i].UTF16, To: pos[2*i+1].UTF16})
	}
	return encode(out)
}

// applyFixesJSON applies mechanical fixes with protocol.FixAll and returns
// the new text with how many fixes were applied.
func applyFixesJSON(text, tier, lang string) string {
	fixed, applied, _ := protocol.FixAll([]byte(text), options(tier, lang))
	return encode(struct {
		Text    string `json:"text"`
		Applied int    `json:"applied"`
	}{string(fixed), applied})
}

func encode(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return `{"error":` + string(mustQuote(err.Error())) + `}`
	}
	return string(b)
}

func mustQuote(s string) []byte {
	b, _ := json.Marshal(s)
	return b
}
