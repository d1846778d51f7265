package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"pairag.com/portal/internal/textedit"
	"pairag.com/portal/protocol/spec"

	"github.com/google/go-cmp/cmp"
)

// fixtureVersions returns the embedded versions with the test-only V19 of
// testdata/versions after them: a renamed manifest field, a retired one,
// a new script language and a lower free stage limit.
func fixtureVersions(t testing.TB) []*spec.Document {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, d := range Versions() {
		fsys[d.FileName()] = &fstest.MapFile{Data: d.Raw()}
	}
	v19, err := os.ReadFile("testdata/versions/pairag-task-publish-v19.json")
	if err != nil {
		t.Fatal(err)
	}
	fsys["pairag-task-publish-v19.json"] = &fstest.MapFile{Data: v19}
	docs, err := spec.ParseVersions(fsys)
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

// The generated files of package published: the decoded documents and
// the ISIC table, and the documents' text outside and inside the
// WebAssembly module.
const (
	publishedFile   = "published/published.go"
	publishedText   = "published/text.go"
	publishedTextJS = "published/text_js.go"
)

func TestEmbeddedVersions(t *testing.T) {
	files, err := filepath.Glob(spec.VersionGlob)
	if err != nil {
		t.Fatal(err)
	}
	// The generated files first: stale data (or none) is what -update mends.
	want, err := embedSource(files)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{publishedFile, publishedText, publishedTextJS} {
		if *update {
			if err := os.WriteFile(name, want[name], 0o644); err != nil {
				t.Fatal(err)
			}
		} else if got := readFile(t, name); !bytes.Equal(got, want[name]) {
			t.Errorf("%s is stale: run go generate ./protocol\nwant:\n%s", name, want[name])
		}
	}
	if *update {
		return // what follows checks the data compiled into this test binary
	}
	docs := Versions()
	if len(docs) == 0 || Default() != docs[len(docs)-1] {
		t.Fatalf("Versions() = %d documents; Default() must be the last", len(docs))
	}
	if got, want := Default().FileName(), FileName; got != want {
		t.Errorf("current version's file is %s but FileName is %s: update the constants with a new version", got, want)
	}
	if got, want := Default().SchemaFileName(), SchemaFileName; got != want {
		t.Errorf("current version's schema is %s but SchemaFileName is %s", got, want)
	}
	for _, d := range docs {
		file, err := os.ReadFile(d.FileName())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(d.Raw(), file) {
			t.Errorf("%s: Raw() differs from the file", d.FileName())
		}
		if got, ok := ByVersion("v" + d.Major()); !ok || got != d {
			t.Errorf("ByVersion(v%s) = %v, %v; want %s", d.Major(), got, ok, d.Version)
		}
		if c := spec.Changes(d, d); len(c) != 0 {
			t.Errorf("Changes(%s, %s) = %v; want none", d.Version, d.Version, c)
		}
	}
	for _, name := range files {
		found := false
		for _, d := range docs {
			found = found || d.FileName() == name
		}
		if !found {
			t.Errorf("%s is not embedded: run go generate ./protocol", name)
		}
	}
	if _, ok := ByVersion("17"); ok {
		t.Error(`ByVersion("17") found a version that was never published`)
	}
}

// TestValidateRetiredVersion validates the V18 example with the fixture V19
// current, then applies the fixes and validates again.
func TestValidateRetiredVersion(t *testing.T) {
	docs := fixtureVersions(t)
	v18, v19 := docs[len(docs)-2], docs[len(docs)-1]
	text := v18.Example.Payload
	res := Validate(text, Options{Tier: v18.Example.Tier, Versions: docs})
	got := findingsOf(res)
	wantFindings := []want{
		{"version-retired", "/manifest/version"},
		{"field-renamed", "/manifest/video_conference_software_name"},
		{"field-retired", "/manifest/video_conference_connection"},
	}
	if diff := cmp.Diff(wantFindings, got, cmp.AllowUnexported(want{})); diff != "" {
		t.Fatalf("Validate(V18 example, current V19) mismatch (-want +got):\n%s\n%+v", diff, res.Findings)
	}
	for _, f := range res.Findings {
		if !strings.Contains(f.MessageEN, v19.Version) || !strings.Contains(f.MessageZH, v19.Version) {
			t.Errorf("%s: message does not name version %s: %q / %q", f.Code, v19.Version, f.MessageEN, f.MessageZH)
		}
	}
	_, n, err := ApplyFixes(text, res.Findings)
	if n != 2 || err != nil {
		t.Errorf("ApplyFixes applied %d fixes, %v; want 2 (the retired field is a suggestion)", n, err)
	}
	// The creator also chooses the suggestion that removes the retired field.
	retired, _ := findCode(res, "field-retired")
	if len(retired.Suggestions) != 1 || retired.Fix != nil {
		t.Fatalf("field-retired = %+v; want one suggestion and no fix", retired)
	}
	edits := []textedit.Edit{{Start: retired.Suggestions[0].Edits[0].Start, End: retired.Suggestions[0].Edits[0].End}}
	for _, f := range res.Findings {
		if f.Fix != nil {
			edits = append(edits, textedit.Edit{Start: f.Fix.Start, End: f.Fix.End, New: f.Fix.Replacement})
		}
	}
	fixed, _ := textedit.Apply(text, edits)
	if !json.Valid(fixed) {
		t.Fatalf("fixed payload is not JSON:\n%s", fixed)
	}
	again := Validate(fixed, Options{Tier: v18.Example.Tier, Versions: docs})
	if !again.Valid || len(again.Findings) != 0 {
		t.Errorf("after the fixes: %+v; want a clean V19 payload", again.Findings)
	}
	// Forcing V19 judges the V18 text by V19 and still reports the migration.
	forced := findingsOf(Validate(text, Options{Tier: v18.Example.Tier, Versions: docs, Version: "19"}))
	for _, w := range append(wantFindings, []want{{"invalid-value", "/manifest/version"}, {"unknown-field", "/manifest/video_conference_connection"}}...) {
		if !containsWant(forced, w) {
			t.Errorf("Validate(--version 19) lacks %v; got %v", w, forced)
		}
	}
	// With only the embedded versions the V18 example is current and clean.
	if res := Validate(text, Options{Tier: v18.Example.Tier}); !res.Valid || len(res.Findings) != 0 {
		t.Errorf("Validate(V18 example) = %+v; want no findings", res.Findings)
	}
}

// TestValidateRetiredValueAndRequired covers the migrations without a
// mechanical fix, with a V19 made here that retires a script language and
// makes location required.
func TestValidateRetiredValueAndRequired(t *testing.T) {
	v18 := Default()
	v19, err := os.ReadFile("testdata/versions/pairag-task-publish-v19.json")
	if err != nil {
		t.Fatal(err)
	}
	lang := spec.SortedEnum(v19doc(t, v19).ScriptLanguageEnum)[1] // not the last: its line ends in a comma
	text := strings.Replace(string(v19), `"`+lang.Key+`": `+itoa(lang.ID)+`,`, ``, 1)
	text = strings.Replace(text, `"required_manifest_fields": [`, `"required_manifest_fields": ["location", `, 1)
	docs, err := spec.ParseVersions(fstest.MapFS{
		v18.FileName():                 {Data: v18.Raw()},
		"pairag-task-publish-v19.json": {Data: []byte(text)},
	})
	if err != nil {
		t.Fatal(err)
	}
	p := payload(t)
	delete(manifestOf(p), "location")
	stageOf(p, 0)["script_language"] = lang.ID
	got := findingsOf(Validate(encode(t, p), Options{Versions: docs}))
	for _, w := range []want{{"value-retired", "/stages/0/script_language"}, {"field-now-required", "/manifest"}} {
		if !containsWant(got, w) {
			t.Errorf("Validate() lacks %v; got %v", w, got)
		}
	}
}

func v19doc(t *testing.T, text []byte) *spec.Document {
	t.Helper()
	d, err := spec.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func findingsOf(r Result) []want {
	var out []want
	for _, f := range r.Findings {
		out = append(out, want{f.Code, f.Pointer})
	}
	return out
}

func containsWant(ws []want, w want) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// embedSource writes the generated files of package published for the
// version files named (see publishedFiles): the documents decoded and
// checked by spec.ParseSet as Go data, oldest first, each with its text
// as a constant (empty in the WebAssembly module, which never publishes
// it), and the ISIC table (isic-rev4.tsv beside them) byte for byte.
// Constants rather than //go:embed keep package embed, and with it io/fs,
// time and internal/godebug, out of the WebAssembly module (see
// embedded.go); data rather than text keeps the decoder out.
func embedSource(names []string) (map[string][]byte, error) {
	type file struct{ name, major string }
	var files []file
	for _, name := range names {
		major, ok := strings.CutSuffix(strings.TrimPrefix(filepath.Base(name), "pairag-task-publish-v"), ".json")
		if _, err := strconv.Atoi(major); !ok || err != nil {
			return nil, fmt.Errorf("%s: not pairag-task-publish-v<N>.json", name)
		}
		files = append(files, file{name, major})
	}
	sort.Slice(files, func(i, j int) bool {
		return len(files[i].major) < len(files[j].major) || len(files[i].major) == len(files[j].major) && files[i].major < files[j].major
	})
	var set []spec.File
	for _, f := range files {
		data, err := os.ReadFile(f.name)
		if err != nil {
			return nil, err
		}
		set = append(set, spec.File{Name: filepath.Base(f.name), Data: data})
	}
	docs, err := spec.ParseSet(set)
	if err != nil {
		return nil, err
	}
	const header = "// Code generated by go test ./protocol -run TestEmbeddedVersions -update; DO NOT EDIT.\n\n"
	var data, text, textJS strings.Builder
	data.WriteString(header + "package published\n\nimport \"pairag.com/portal/protocol/spec\"\n")
	data.WriteString("\n// Documents are the published versions of the document, oldest first,\n// decoded and checked when this file was generated.\nvar Documents = []*spec.Document{")
	for i, f := range files {
		if i > 0 {
			data.WriteString(", ")
		}
		data.WriteString("&v" + f.major)
	}
	data.WriteString("}\n")
	text.WriteString("//go:build !js\n\n" + header + "package published\n")
	textJS.WriteString("//go:build js\n\n" + header + "package published\n\n// The WebAssembly module judges by the documents and never publishes their text.\nconst (\n")
	for i, f := range files {
		d, v := docs[i], "v"+f.major
		lit, err := documentLiteral(v, d, v+"JSON", v+"Example")
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&data, "\n// %s, decoded.\n%s", d.FileName(), lit)
		fmt.Fprintf(&data, "\n// The example payload of %s, as written.\nconst %sExample = %s\n", d.FileName(), v, goLiteral(string(d.Example.Payload)))
		fmt.Fprintf(&text, "\n// %s, byte for byte.\nconst %sJSON = %s\n", d.FileName(), v, goLiteral(d.Text))
		fmt.Fprintf(&textJS, "\t%sJSON = \"\"\n", v)
	}
	textJS.WriteString(")\n")
	dir := "."
	if len(names) > 0 {
		dir = filepath.Dir(names[0])
	}
	isic, err := os.ReadFile(filepath.Join(dir, "isic-rev4.tsv"))
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(&data, "\n// isic-rev4.tsv, byte for byte.\nconst ISIC = %s\n", goLiteral(string(isic)))
	out := map[string][]byte{}
	for name, b := range map[string]*strings.Builder{publishedFile: &data, publishedText: &text, publishedTextJS: &textJS} {
		src, err := format.Source([]byte(b.String()))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out[name] = src
	}
	return out, nil
}

// goLiteral writes s as a Go string literal that keeps its lines: raw
// strings, with each backtick (which a raw string cannot hold) and each
// carriage return (which Go drops from raw strings) quoted between them.
func goLiteral(s string) string {
	var parts []string
	for s != "" {
		i := strings.IndexAny(s, "`\r")
		if i < 0 {
			parts = append(parts, "`"+s+"`")
			break
		}
		if i > 0 {
			parts = append(parts, "`"+s[:i]+"`")
		}
		parts = append(parts, strconv.Quote(s[i:i+1]))
		s = s[i+1:]
	}
	if len(parts) == 0 {
		return `""`
	}
	return strings.Join(parts, " + ")
}

// TestEmbedSourceFollowsFiles drops the fixture V19 into a temporary copy of
// this directory: the generated file embeds both versions, in order.
func TestEmbedSourceFollowsFiles(t *testing.T) {
	dir := t.TempDir()
	for _, src := range []string{"pairag-task-publish-v18.json", "testdata/versions/pairag-task-publish-v19.json", "isic-rev4.tsv"} {
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(src)), readFile(t, src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, err := filepath.Glob(filepath.Join(dir, spec.VersionGlob))
	if err != nil {
		t.Fatal(err)
	}
	src, err := embedSource(files)
	if err != nil {
		t.Fatal(err)
	}
	for name, wants := range map[string][]string{
		publishedFile:   {"var Documents = []*spec.Document{&v18, &v19}", "var v18 = spec.Document{", "var v19 = spec.Document{", `"19.0"`, "const v19Example = `{", "const ISIC = `"},
		publishedText:   {"//go:build !js", "// pairag-task-publish-v18.json, byte for byte.\nconst v18JSON = `{", "// pairag-task-publish-v19.json, byte for byte.\nconst v19JSON = `{"},
		publishedTextJS: {"//go:build js", "v18JSON = \"\"", "v19JSON = \"\""},
	} {
		for _, want := range wants {
			if !strings.Contains(string(src[name]), want) {
				t.Errorf("generated %s lacks %q:\n%s", name, want, src[name])
			}
		}
	}
	if _, err := embedSource([]string{"pairag-task-publish-vX.json"}); err == nil {
		t.Error("embedSource accepted a file name without a version number")
	}
}

// ByVersion returns the embedded document of a version, written as the
// document writes it (18.0), as its major number (18) or as in file names
// (v18, V18).
func ByVersion(version string) (*spec.Document, bool) { return spec.Lookup(embedded, version) }
