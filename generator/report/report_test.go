package report

import (
	"testing"

	"pairag.com/portal/internal/diag"
)

// TestCollector: Report keeps errors and warnings and leaves notes to
// gen check; Note keeps a note; Merge carries all three.
func TestCollector(t *testing.T) {
	var r Collector
	r.Report(&diag.Finding{File: "a.md", Severity: diag.SeverityError, Msg: "e"})
	r.Report(&diag.Finding{File: "a.md", Severity: diag.SeverityWarning, Msg: "w"})
	r.Report(&diag.Finding{File: "a.md", Severity: diag.SeverityInfo, Msg: "dropped"})
	r.Note(&diag.Finding{File: "a.md", Severity: diag.SeverityInfo, Msg: "n"})
	var all Collector
	all.Merge(&r)
	for _, c := range []*Collector{&r, &all} {
		if len(c.Errors) != 1 || len(c.Warnings) != 1 || len(c.Notes) != 1 || c.Notes[0].Msg != "n" {
			t.Errorf("errors %v, warnings %v, notes %v; want e, w and n", c.Errors, c.Warnings, c.Notes)
		}
	}
	if !all.Failed() {
		t.Error("Failed() = false after an error")
	}
}
