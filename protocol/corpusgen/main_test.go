package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCorpusCurrent requires the committed corpus to be what the
// generator writes from the current protocol document and example, so a
// change to either is followed by go run ./protocol/corpusgen.
func TestCorpusCurrent(t *testing.T) {
	want, err := Generate("../..")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("../..", DefaultOutput))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%s is stale: run go run ./protocol/corpusgen (-generated +committed):\n%.3000s", DefaultOutput, diff)
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
	if len(got) < 1000 {
		t.Errorf("the corpus holds %d cases; want at least 1000", len(got))
	}
}

// TestEncodeDecode round-trips cases through both file forms.
func TestEncodeDecode(t *testing.T) {
	cases := []Case{{Name: "a", Tier: "free", Text: "\xEF\xBB\xBF{\"x\": \"<&>\"}\x00\xff"}, {Name: "b", Tier: "pro", Text: ""}}
	for _, gz := range []bool{false, true} {
		b, err := Encode(cases, gz)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(cases, got); diff != "" {
			t.Errorf("gz=%v: (-want +got):\n%s", gz, diff)
		}
	}
}

// Decode reads the file Encode wrote, gzipped or not.
func Decode(data []byte) ([]Case, error) {
	var r io.Reader = bytes.NewReader(data)
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return nil, fmt.Errorf("corpus: %w", err)
		}
		r = zr
	}
	var out []Case
	dec := json.NewDecoder(r)
	for dec.More() {
		var l line
		if err := dec.Decode(&l); err != nil {
			return nil, fmt.Errorf("case %d: %w", len(out)+1, err)
		}
		if l.Base64 != nil {
			l.Text = string(l.Base64)
		}
		out = append(out, Case{Name: l.Name, Tier: l.Tier, Text: l.Text})
	}
	return out, nil
}
