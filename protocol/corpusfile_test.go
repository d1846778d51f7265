package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pairag.com/portal/protocol/corpus"
	"pairag.com/portal/protocol/internal/format"
)

// readCorpus reads the generated corpus (see package corpus).
func readCorpus(t testing.TB) []corpus.Case {
	t.Helper()
	cases, err := corpus.Read("testdata/corpus/payloads.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// corpusVerdict is what the golden file keeps of the engine's answer on a
// case: validity, and every finding as severity, code and pointer.
type corpusVerdict struct {
	Name     string   `json:"name"`
	Valid    bool     `json:"valid"`
	Findings []string `json:"findings"`
}

func verdictOf(c corpus.Case) corpusVerdict {
	res := Validate([]byte(c.Text), Options{Tier: c.Tier})
	v := corpusVerdict{Name: c.Name, Valid: res.Valid, Findings: []string{}}
	for _, f := range res.Findings {
		v.Findings = append(v.Findings, string(f.Severity)+" "+f.Code+" "+f.Pointer)
	}
	return v
}

// TestCorpusVerdicts holds the engine's verdict on every case of the
// corpus to testdata/corpus/verdicts.golden.jsonl (one case a line, so a
// change of verdict shows as a readable diff). Run with -update to rewrite
// it after a deliberate change, and read the diff.
func TestCorpusVerdicts(t *testing.T) {
	const golden = "testdata/corpus/verdicts.golden.jsonl"
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	valid := 0
	for _, c := range readCorpus(t) {
		v := verdictOf(c)
		if v.Valid {
			valid++
		}
		enc.Encode(v)
	}
	t.Logf("%d valid", valid)
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./protocol -run TestCorpusVerdicts -update)", err)
	}
	got, wantLines := strings.Split(buf.String(), "\n"), strings.Split(string(want), "\n")
	if len(got) != len(wantLines) {
		t.Fatalf("%s holds %d verdicts, the corpus %d: run go test ./protocol -run TestCorpusVerdicts -update", golden, len(wantLines)-1, len(got)-1)
	}
	for i := range got {
		if got[i] != wantLines[i] {
			t.Errorf("%s:%d: verdict changed\n got %s\nwant %s", golden, i+1, got[i], wantLines[i])
		}
	}
}

// TestCorpusFileFixKeeps holds the fixer's promise on every case of the
// generated corpus at its tier: FixAll keeps every byte it does not fix.
func TestCorpusFileFixKeeps(t *testing.T) {
	fixed := 0
	for _, c := range readCorpus(t) {
		if err := fixKeeps([]byte(c.Text), c.Tier); err != nil {
			t.Errorf("%s (%s): %v\n%s", c.Name, c.Tier, err, abbreviate(c.Text))
			continue
		}
		if fr, _ := FixAll([]byte(c.Text), Options{Tier: c.Tier}); fr.Applied > 0 {
			fixed++
		}
	}
	t.Logf("%d cases had fixes applied", fixed)
	if fixed == 0 {
		t.Error("no case of the corpus had a fix to check")
	}
}

// TestCorpusTierMatrix judges the tier rows of the corpus by the
// reference's own tier_limits, not by a golden file: a row named
// tier/JUDGED/OF/LIMIT is an error exactly when the value taken from tier
// OF's limits is past tier JUDGED's.
func TestCorpusTierMatrix(t *testing.T) {
	d := Default()
	order := d.LocationPolicy.GranularityOrder
	rank := func(g string) int { return slices.Index(order, g) }
	rows := 0
	for _, c := range readCorpus(t) {
		parts := strings.Split(c.Name, "/")
		if parts[0] != "tier" {
			continue
		}
		rows++
		judged, of := d.TierLimits[parts[1]], d.TierLimits[parts[2]]
		limit, n, _ := strings.Cut(parts[3], "-")
		count, _ := strconv.Atoi(n)
		var code string
		var past bool
		switch limit {
		case "stages":
			code, past = "too-many-stages", count > judged.MaxStages
		case "days":
			code, past = "task-duration-too-long", count > judged.MaxTaskDurationDays
		case "fiat":
			code, past = "fiat-not-available", !judged.FiatAvailable
		case "location":
			code, past = "location-", rank(of.LocationGranularity) > rank(judged.LocationGranularity)
		default:
			t.Fatalf("%s: unknown limit %q", c.Name, limit)
		}
		res := Validate([]byte(c.Text), Options{Tier: parts[1]})
		found := false
		for _, f := range res.Findings {
			found = found || f.Severity == SeverityError && strings.HasPrefix(f.Code, code)
		}
		if found != past || res.Valid == past {
			t.Errorf("%s: valid %v, %s reported %v; the reference says past the limit: %v", c.Name, res.Valid, code, found, past)
		}
	}
	if want := len(d.Tiers) * len(d.TierLimits) * 5; rows < want-len(d.Tiers)*len(d.TierLimits) {
		t.Errorf("the corpus holds %d tier rows; want about %d", rows, want)
	}
}

// TestMessagesMatchFmtOnCorpus formats every message of every finding of
// the corpus, in both languages, and compares each with fmt.Sprintf, whose
// %q of a string is taken as format.Quote writes it (a JSON string, judged
// against strconv and encoding/json by format's own tests).
func TestMessagesMatchFmtOnCorpus(t *testing.T) {
	cases, err := corpus.Read("testdata/corpus/payloads.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	formatHook = func(format string, args []any, got string) {
		seen[format] = true
		judged := make([]any, len(args))
		for i, a := range args {
			judged[i] = a
			if s, ok := a.(string); ok {
				judged[i] = quotedArg(s)
			}
		}
		if want := fmt.Sprintf(format, judged...); got != want {
			t.Errorf("message %q with %v = %q; fmt.Sprintf gives %q", format, args, got, want)
		}
	}
	t.Cleanup(func() { formatHook = nil })
	for _, c := range cases {
		for _, lang := range []string{"en", "zh-CN"} {
			Validate([]byte(c.Text), Options{Tier: c.Tier, Lang: lang})
		}
	}
	if len(seen) < 100 {
		t.Errorf("the corpus formatted %d distinct messages; want at least 100 to trust the comparison", len(seen))
	}
}

// quotedArg is a string that fmt's %q quotes as format.Quote does, and
// every other verb as a string.
type quotedArg string

func (s quotedArg) Format(f fmt.State, verb rune) {
	if verb == 'q' {
		io.WriteString(f, format.Quote(string(s)))
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), string(s))
}
