package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"pairag.com/portal/protocol/corpus"
)

// TestCorpusCurrent requires the committed corpus, as the tests read it,
// to be what the generator writes from the current protocol document and
// example, so a change to either is followed by go run ./protocol/corpusgen.
func TestCorpusCurrent(t *testing.T) {
	want, err := Generate("../..")
	if err != nil {
		t.Fatal(err)
	}
	got, err := corpus.Read(filepath.Join("../..", corpus.Path))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%s is stale: run go run ./protocol/corpusgen (-generated +committed):\n%.3000s", corpus.Path, diff)
	}
	kinds := map[string]int{}
	for _, c := range got {
		kinds[strings.Split(c.Name, "/")[0]]++
	}
	for _, k := range []string{"schema", "example", "minimal", "tier", "json"} {
		if kinds[k] == 0 {
			t.Errorf("the corpus has no %s cases", k)
		}
	}
}

// TestWriteReadsBack: corpusgen writes a file the tests' reader accepts,
// and refuses a corpus the reader would refuse.
func TestWriteReadsBack(t *testing.T) {
	few := []corpus.Case{{Name: "a", Tier: "free", Text: "{}"}}
	path := filepath.Join(t.TempDir(), "few.jsonl.gz")
	if err := write(path, few); err == nil || !strings.Contains(err.Error(), "want at least") {
		t.Errorf("write(%d cases) = %v; want the reader's refusal of a corpus under %d", len(few), err, corpus.Min)
	}
	cases := make([]corpus.Case, corpus.Min)
	for i := range cases {
		cases[i] = corpus.Case{Name: "c", Tier: "pro", Text: "\xff"}
	}
	if err := write(filepath.Join(t.TempDir(), "p.jsonl.gz"), cases); err != nil {
		t.Errorf("write(%d cases) = %v; want nil", len(cases), err)
	}
}
