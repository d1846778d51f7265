package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pairag.com/portal/protocol"
)

// TestTierBundles: every tier has a bundle in each language, and it is the
// tier's limits followed by the bundle byte for byte: the bundle itself does
// not change, and a model given a tier's file reads the same reference.
func TestTierBundles(t *testing.T) {
	dir := mustRender(t, fixture(t))
	d := protocol.Default()
	for _, lang := range languages {
		bundle, err := os.ReadFile(filepath.Join(dir, "protocol", bundleName(d, lang)))
		if err != nil {
			t.Fatal(err)
		}
		page, err := os.ReadFile(filepath.Join(dir, strings.TrimPrefix(pageURL(lang, "docs/create-task.md"), "/"), "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		for _, tier := range d.Tiers {
			name := tierBundleName(d, tier, lang)
			got, err := os.ReadFile(filepath.Join(dir, "protocol", name))
			if err != nil {
				t.Fatalf("no bundle for tier %s in %s: %v", tier, lang, err)
			}
			brief, rest, ok := strings.Cut(string(got), "\n\n===== ")
			if !ok || "===== "+rest != string(bundle) {
				t.Errorf("%s does not end with the bundle %s byte for byte", name, bundleName(d, lang))
			}
			if !strings.Contains(brief, "manifest.location") {
				t.Errorf("%s does not open with the tier's limits:\n%s", name, brief)
			}
			if !strings.Contains(string(page), `href="/protocol/`+name+`"`) {
				t.Errorf("the create-task page (%s) does not link %s", lang, name)
			}
		}
	}
}
