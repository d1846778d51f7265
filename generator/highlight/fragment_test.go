package highlight

import (
	"path"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestFragments highlights the code fragments of testdata/fragments.txtar
// and requires that none shows an error mark and that every JSON key is
// a key.
func TestFragments(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/fragments.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		lang := strings.TrimPrefix(path.Ext(f.Name), ".")
		got := highlight(lang, string(f.Data))
		if strings.Contains(got, `class="err"`) {
			t.Errorf("highlight(%q, %s) has error marks:\n%s", lang, f.Name, got)
		}
		if lang != "json" {
			continue
		}
		for _, key := range []string{"name", "version", "tags", "stages", "type", "count", "a", "b", "key"} {
			q := "&#34;" + key + "&#34;"
			if strings.Contains(string(f.Data), `"`+key+`":`) && !strings.Contains(got, `<span class="nt">`+q+`</span>`) {
				t.Errorf("highlight(json, %s): key %q is not a key:\n%s", f.Name, key, got)
			}
		}
	}
}
