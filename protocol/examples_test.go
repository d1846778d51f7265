package protocol

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// TestExampleFile holds examples/task.json, the payload the README's
// gen validate commands run on, to the document's own example: the same
// JSON value, so the file is a copy of the one source, never a second one.
// Regenerate it with: go test ./protocol -run TestExampleFile -update
func TestExampleFile(t *testing.T) {
	var doc struct {
		Example struct {
			Payload json.RawMessage `json:"payload"`
		} `json:"example"`
	}
	if err := json.Unmarshal(Default().Raw(), &doc); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := json.Indent(&want, doc.Example.Payload, "", "  "); err != nil {
		t.Fatal(err)
	}
	want.WriteByte('\n')
	const file = "examples/task.json"
	if *update {
		if err := os.WriteFile(file, want.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if err := json.Unmarshal(want.Bytes(), &w); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s is not the document's example payload; run go test ./protocol -run TestExampleFile -update", file)
	}
}
