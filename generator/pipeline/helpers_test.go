package pipeline

import (
	"bytes"
	"context"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"

	"pairag.com/portal/generator/reference"
	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/spec"
)

// protocolPath is the fixture's protocol document, the content's version.
const protocolPath = "protocol/" + protocol.FileName

// The content files package reference reads, as the tests edit them.
const (
	labelsFile       = reference.LabelsFile
	translationsFile = reference.TranslationsFile
	changeNotesFile  = reference.ChangeNotesFile
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// fixture returns the small site of testdata/site.txtar with the embedded
// protocol document.
func fixture(t testing.TB) fstest.MapFS {
	t.Helper()
	ar, err := txtar.ParseFile("../testdata/site.txtar")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{protocolPath: {Data: protocol.Default().Raw()}}
	for _, f := range ar.Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	return fsys
}

// render builds fsys into a new temporary directory.
func render(t testing.TB, fsys fstest.MapFS) (string, *Result, error) {
	t.Helper()
	dir := t.TempDir()
	var log bytes.Buffer
	res, err := Render(context.Background(), Config{Content: fsys, BaseURL: "https://example.test", Log: &log, JudgedVersions: judgedIn(fsys)}, dir)
	if testing.Verbose() && log.Len() > 0 {
		t.Logf("warnings:\n%s", log.String())
	}
	return dir, res, err
}

// mustRender builds fsys and fails the test on any error.
func mustRender(t testing.TB, fsys fstest.MapFS) string {
	t.Helper()
	dir, _, err := render(t, fsys)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	return dir
}

func readFile(t testing.TB, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// withFiles returns a copy of fsys with files replaced (or removed, for nil data).
func withFiles(fsys fstest.MapFS, files map[string]string) fstest.MapFS {
	out := fstest.MapFS{}
	for k, v := range fsys {
		out[k] = v
	}
	for k, v := range files {
		if v == "\x00" {
			delete(out, k)
			continue
		}
		out[k] = &fstest.MapFile{Data: []byte(v)}
	}
	return out
}

// judgedIn returns the versions in fsys's protocol/, for builds of test
// sites whose validator would judge the fixture V19 too (nil when they do
// not parse; the build then reports why).
func judgedIn(fsys fs.FS) []*spec.Document {
	sub, err := fs.Sub(fsys, "protocol")
	if err != nil {
		return nil
	}
	docs, _ := spec.ParseVersions(sub)
	return docs
}
