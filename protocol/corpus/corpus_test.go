package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestEncodeDecode round-trips cases through both file forms: text that
// is not UTF-8 (stored in base64), HTML characters, empty text.
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

// TestReadRefuses: a file that is not the corpus, or holds fewer than Min
// cases, is an error naming the file.
func TestReadRefuses(t *testing.T) {
	dir := t.TempDir()
	short, err := Encode([]Case{{Name: "a", Tier: "free", Text: "{}"}}, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"short", short, "holds 1 payloads; want at least 1000"},
		{"broken", []byte("{\"name\": 1}\n"), "case 1"},
		{"truncated gzip", short[:5], "corpus"},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Read(path)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("Read(%s) = %v; want an error naming the file and %q", tc.name, err, tc.want)
		}
	}
	if _, err := Read(filepath.Join(dir, "missing")); err == nil {
		t.Errorf("Read(missing file) = nil error")
	}
}
