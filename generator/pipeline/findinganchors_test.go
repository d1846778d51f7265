package pipeline

import (
	"errors"
	"strings"
	"testing"
)

// TestBuildChecksFindingAnchors renames the heading the validator's
// unknown-tier finding links to: the build fails at the reference page in
// each language, naming the codes and the anchor to restore. (It exited 0
// and published a findings.json pointing at the removed anchor; only a
// go test noticed.)
func TestBuildChecksFindingAnchors(t *testing.T) {
	const file = "content/en/docs/task-publish-v18.md"
	fsys := fixture(t)
	src := string(fsys[file].Data)
	if !strings.Contains(src, "## Membership tier limits\n") {
		t.Fatalf("%s has no heading Membership tier limits", file)
	}
	fsys = withFiles(fsys, map[string]string{file: strings.Replace(src, "## Membership tier limits\n", "## What each tier allows\n", 1)})
	_, _, err := render(t, fsys)
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("Render = %v; want an ErrorList", err)
	}
	var got []string
	for _, e := range list {
		if strings.Contains(e.Msg, "the validator links") {
			got = append(got, e.Error())
		}
	}
	if len(got) != 2 {
		t.Fatalf("finding-anchor errors:\n%s\nwant one per language", strings.Join(got, "\n"))
	}
	for i, lang := range []string{"en", "zh-CN"} {
		if want := "content/" + lang + "/docs/task-publish-v18.md: the validator links "; !strings.HasPrefix(got[i], want) ||
			!strings.Contains(got[i], "unknown-tier") || !strings.Contains(got[i], "{#membership-tier-limits}") {
			t.Errorf("error %d = %q; want it at %s naming unknown-tier and {#membership-tier-limits}", i, got[i], want)
		}
	}
}
