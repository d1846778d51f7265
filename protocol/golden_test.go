package protocol

import (
	"github.com/goccy/go-yaml"

	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata")

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// goldenResult is what a golden file holds for one payload: the result per
// tier, with messages in both languages.
type goldenResult struct {
	Valid    bool            `json:"valid"`
	Findings []goldenFinding `json:"findings"`
}

type goldenFinding struct {
	Severity Severity           `json:"severity"`
	Code     string             `json:"code"`
	Pointer  string             `json:"pointer"`
	Line     int                `json:"line"`
	Column   int                `json:"column"`
	EN       string             `json:"en"`
	ZH       string             `json:"zh"`
	Fix      *Fix               `json:"fix,omitempty"`
	Suggest  []goldenSuggestion `json:"suggestions,omitempty"`
}

// goldenSuggestion is a suggestion in both languages.
type goldenSuggestion struct {
	EN      string `json:"en"`
	ZH      string `json:"zh"`
	Edits   []Fix  `json:"edits"`
	Preview string `json:"preview"`
}

// TestGolden validates every payload under testdata/payloads for each tier
// and compares with testdata/golden. Run with -update to rewrite.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/payloads/*.json")
	if len(files) < 10 {
		t.Fatalf("only %d payloads in testdata/payloads", len(files))
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) {
			text := readTestdata(t, "payloads/"+name+".json")
			got := map[string]goldenResult{}
			for _, tier := range Default().Tiers {
				res := Validate(text, Options{Tier: tier, TierLabels: siteTierLabels(t)})
				checkFindings(t, res)
				g := goldenResult{Valid: res.Valid, Findings: []goldenFinding{}}
				for _, f := range res.Findings {
					var sug []goldenSuggestion
					for _, s := range f.Suggestions {
						sug = append(sug, goldenSuggestion{s.MessageEN, s.MessageZH, s.Edits, s.Preview})
					}
					g.Findings = append(g.Findings, goldenFinding{f.Severity, f.Code, f.Pointer, f.Line, f.Column, f.MessageEN, f.MessageZH, f.Fix, sug})
				}
				got[tier] = g
			}
			path := filepath.Join("testdata", "golden", name+".json")
			if *update {
				b, _ := json.MarshalIndent(got, "", "  ")
				os.MkdirAll(filepath.Dir(path), 0o755)
				if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			var want map[string]goldenResult
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./protocol -run TestGolden -update)", err)
			}
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("findings differ from %s (-want +got):\n%s", path, diff)
			}
		})
	}
}

// siteTierLabels reads the tier labels the site passes to the engine from
// content/labels.yaml, so goldens show the messages readers see.
func siteTierLabels(t testing.TB) map[string]Label {
	t.Helper()
	b, err := os.ReadFile("../content/labels.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var labels struct {
		Tier map[string]Label `yaml:"tier"`
	}
	if err := yaml.Unmarshal(b, &labels); err != nil {
		t.Fatal(err)
	}
	return labels.Tier
}
