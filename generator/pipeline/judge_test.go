package pipeline

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"testing/fstest"
)

// TestSchemaJudgement holds the build to judging what it publishes, now
// done beside the pages: a document whose example fails at the tier it
// names fails the build, with the finding at the protocol file.
func TestSchemaJudgement(t *testing.T) {
	fix := fixture(t)
	var doc map[string]any
	if err := json.Unmarshal(fix[protocolPath].Data, &doc); err != nil {
		t.Fatal(err)
	}
	doc["example"].(map[string]any)["tier"] = "free" // the example needs more than Free allows
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	fix[protocolPath] = &fstest.MapFile{Data: data}
	_, err = Render(context.Background(), Config{Content: fix, Log: io.Discard}, t.TempDir())
	want := protocolPath + ": the document's example fails validation as free: "
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("build error = %v; want one starting %q", err, want)
	}
}
