package translation

import (
	"io/fs"
	"os"
	"sync/atomic"
	"testing"

	"pairag.com/portal/generator/load"
)

// countingFS counts the opens of one file.
type countingFS struct {
	fs.FS
	name  string
	opens *atomic.Int32
}

func (c countingFS) Open(name string) (fs.File, error) {
	if name == c.name {
		c.opens.Add(1)
	}
	return c.FS.Open(name)
}

// TestCheckReadsGlossaryOnce runs gen check's comparison over the real
// content and requires content/glossary.yaml to be read once, not once per
// page pair (it was read for every pair).
func TestCheckReadsGlossaryOnce(t *testing.T) {
	var opens atomic.Int32
	fsys := countingFS{os.DirFS("../.."), load.GlossaryFile, &opens}
	cs, _, err := Compare(fsys, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) < 5 {
		t.Fatalf("compared %d pairs; want the real content's pages", len(cs))
	}
	if n := opens.Load(); n != 1 {
		t.Errorf("comparing %d pairs read %s %d times; want once", len(cs), load.GlossaryFile, n)
	}
}
