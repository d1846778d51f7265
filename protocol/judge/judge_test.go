package judge

import (
	"bytes"
	"encoding/json"
	"testing"

	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/spec"
)

func TestSchemaCompilesAndAcceptsExample(t *testing.T) {
	j, err := New(protocol.Default())
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	vs, err := j.Validate(protocol.Default().Example.Payload)
	if err != nil || len(vs) > 0 {
		t.Errorf("example payload fails the schema: %v %v", vs, err)
	}
}

// TestSchemaEnumsFollowDocument proves the schema reads its enums from the
// document: adding a stage type to a copy of the document adds it to the schema.
func TestSchemaEnumsFollowDocument(t *testing.T) {
	var raw map[string]any
	if err := json.Unmarshal(protocol.Default().Raw(), &raw); err != nil {
		t.Fatal(err)
	}
	raw["stage_type_enum"].(map[string]any)["quantum_annealer"] = 109
	raw["stage_type_enum_descriptions"].(map[string]any)["quantum_annealer"] = "test"
	data, _ := json.Marshal(raw)
	d, err := spec.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := d.Schema()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(s, []byte("109")) || !bytes.Contains(s, []byte("quantum_annealer")) {
		t.Errorf("schema of the changed document does not list stage type 109")
	}
}

// New compiles the schema a document publishes.
func New(d *spec.Document) (*Judge, error) {
	data, err := d.Schema()
	if err != nil {
		return nil, err
	}
	return Compile(data, d.SchemaURL)
}
