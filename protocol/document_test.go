package protocol

import "testing"

func TestDefaultDocumentParses(t *testing.T) {
	d := Default()
	if d.Version != "18.0" {
		t.Fatalf("Version = %q; want 18.0", d.Version)
	}
	if got := len(d.LanguageCodebook); got != 21 {
		t.Errorf("language codebook has %d entries; want 21", got)
	}
	if got := len(d.StageTypeEnum); got != 15 {
		t.Errorf("stage_type_enum has %d entries; want 15", got)
	}
	if got := len(d.ScriptLanguageEnum); got != 17 {
		t.Errorf("script_language_enum has %d entries; want 17", got)
	}
}
