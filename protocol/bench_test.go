package protocol

import (
	"strings"
	"testing"

	"pairag.com/portal/protocol/jsonpos"
)

// BenchmarkValidateExample validates the document's example payload (3 stages).
func BenchmarkValidateExample(b *testing.B) {
	text := Default().Example.Payload
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Validate(text, Options{Tier: "pro"})
	}
}

// BenchmarkValidate20Stages validates the 20-stage payload from testdata as
// Ultra, the largest legal task.
func BenchmarkValidate20Stages(b *testing.B) {
	text := readTestdata(b, "payloads/twenty-stages.json")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Validate(text, Options{Tier: "ultra"})
	}
}

// BenchmarkHostile times the inputs issue 9 saw take seconds to minutes;
// each must be answered in well under a second.
func BenchmarkHostile(b *testing.B) {
	for _, h := range hostileInputs() {
		b.Run(strings.ReplaceAll(h.name, " ", "_"), func(b *testing.B) {
			b.SetBytes(int64(len(h.text)))
			for b.Loop() {
				Validate(h.text, Options{Tier: "ultra"})
			}
		})
	}
}

// BenchmarkParse20Stages reads the 20-stage payload as Validate does (with
// an arena, at most max_findings duplicates kept): the reader's share of
// BenchmarkValidate20Stages.
func BenchmarkParse20Stages(b *testing.B) {
	text := readTestdata(b, "payloads/twenty-stages.json")
	lim := Default().Limits
	var a jsonpos.Arena
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		jsonpos.ParseIn(&a, text, 0, lim.MaxDepth, lim.MaxFindings)
	}
}
