package protocol

import (
	"fmt"
	"strings"
	"testing"

	"pairag.com/portal/protocol/spec"
)

// TestDuplicatesPastLimitCounted checks that the duplicate keys the reader
// only counts (past max_findings) are counted as before: the summary names
// exactly the findings a validation without the bound would have listed
// past the first max_findings, and validity does not change.
func TestDuplicatesPastLimitCounted(t *testing.T) {
	d := Default()
	unbounded, err := spec.Parse(readTestdata(t, "../"+d.FileName()))
	if err != nil {
		t.Fatal(err)
	}
	unbounded.Limits.MaxFindings = 1 << 30
	for _, n := range []int{d.Limits.MaxFindings - 1, d.Limits.MaxFindings, d.Limits.MaxFindings + 1, 3 * d.Limits.MaxFindings} {
		text := []byte("\xEF\xBB\xBF{" + strings.Repeat(`"a": 1, /* c */ `, n) + `"a": 1}`)
		all := Validate(text, Options{Document: unbounded})
		errs := 0
		for _, f := range all.Findings {
			if f.Severity == SeverityError {
				errs++
			}
		}
		res := Validate(text, Options{Document: d})
		shown := min(len(all.Findings), d.Limits.MaxFindings)
		want := len(all.Findings) - shown
		last := res.Findings[len(res.Findings)-1]
		switch {
		case want == 0 && last.Code == "findings-truncated":
			t.Errorf("%d duplicates: %q; want no summary", n, last.MessageEN)
		case want > 0 && (last.Code != "findings-truncated" || !strings.HasPrefix(last.MessageEN, fmt.Sprintf("%d more findings", want))):
			t.Errorf("%d duplicates: last finding %s %q; want %d more findings", n, last.Code, last.MessageEN, want)
		}
		if res.Valid != all.Valid || len(res.Findings) != shown+min(want, 1) {
			t.Errorf("%d duplicates: %d findings, valid %v; want %d, valid %v", n, len(res.Findings), res.Valid, shown+min(want, 1), all.Valid)
		}
		seen := map[string]int{}
		for _, f := range all.Findings {
			seen[fmt.Sprint(f.Code, f.Line, f.Column)]++
		}
		for _, f := range res.Findings[:shown] {
			if k := fmt.Sprint(f.Code, f.Line, f.Column); seen[k] == 0 {
				t.Errorf("%d duplicates: %s at %d:%d is not a finding of the unbounded validation", n, f.Code, f.Line, f.Column)
			} else {
				seen[k]--
			}
		}
	}
}
