package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"pairag.com/portal/generator/verdict"
	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/spec"
)

// TestValidate runs gen validate through run, as the shell would: exit
// codes, both output formats, both languages, standard input and --fix.
func TestValidate(t *testing.T) {
	example := string(protocol.Default().Example.Payload)
	reference, err := os.ReadFile("../../protocol/testdata/payloads/reference-example.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	valid := write("valid.json", example)
	ref := write("reference.json", string(reference))
	dashed := write("-x.json", example)
	big := write("big.json", strings.Repeat(" ", protocol.Default().Limits.MaxBytes+1000))
	utf16 := write("utf16.json", "\xff\xfe{\x00}\x00")
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout []string // substrings of standard output
		stderr []string
	}{
		{"valid for pro", []string{"validate", "--tier", "pro", valid}, "", 0, []string{"valid for the Pro tier"}, nil},
		{"flags after the file", []string{"validate", valid, "--tier", "pro"}, "", 0, []string{"valid for the Pro tier"}, nil},
		{"free rejects the reference example", []string{"validate", ref}, "", 1,
			[]string{ref + ":13:17: error: ", "[location-anywhere-only]", ref + ":93:23: error: ", ref + ":12:17: warning: ", "2 errors, "}, nil},
		{"chinese messages", []string{"validate", "--lang", "zh-CN", ref}, "", 1, []string{"错误", "[fiat-not-available]"}, nil},
		{"unknown tier is free", []string{"validate", "--tier", "gold", ref}, "", 1, []string{"[unknown-tier]", "for the Free tier"}, nil},
		{"standard input", []string{"validate", "--tier", "ultra", "-"}, string(reference), 0, []string{"<stdin>:12:17: warning: "}, nil},
		{"json", []string{"validate", "--format", "json", "--tier", "ultra", ref}, "", 0, []string{`"valid": true`, `"code": "language-alias"`, `"pointer": "/manifest/language"`, `"docs": "https://resource.pairag.com/docs/task-publish-v18/#aliases"`}, nil},
		{"json in chinese links the chinese reference", []string{"validate", "--format", "json", "--lang", "zh-CN", "--tier", "ultra", ref}, "", 0, []string{`"docs": "https://resource.pairag.com/zh-CN/docs/task-publish-v18/#aliases"`}, nil},
		{"empty input", []string{"validate", "-"}, "", 1, []string{"[input-empty]"}, nil},
		{"missing file", []string{"validate", filepath.Join(dir, "nope.json")}, "", 2, nil, []string{"no such file"}},
		{"bad format", []string{"validate", "--format", "xml", valid}, "", 2, nil, []string{"--format must be text or json"}},
		{"bad lang", []string{"validate", "--lang", "fr", valid}, "", 2, nil, []string{"--lang must be en or zh-CN"}},
		{"two files", []string{"validate", valid, ref}, "", 2, nil, []string{"give one file"}},
		// Issue 9: what was seen on the command line.
		{"a dashed name after --", []string{"validate", "--tier", "pro", "--", dashed}, "", 0, []string{"valid for the Pro tier"}, nil},
		{"a flag without its value never takes the file", []string{"validate", valid, "--tier"}, "", 2, nil, []string{"flag --tier needs a value"}},
		{"a directory is named once", []string{"validate", dir}, "", 2, nil, []string{dir + " is a directory; give a JSON file"}},
		{"utf-16 is named", []string{"validate", utf16}, "", 1, []string{"UTF-16LE", "[input-utf16]"}, nil},
		{"too large gives the file size", []string{"validate", big}, "", 1, []string{fmt.Sprint(protocol.Default().Limits.MaxBytes+1000) + " bytes", "[input-too-large]"}, nil},
		{"fix on standard input", []string{"validate", "--fix", "--tier", "ultra", "-"}, string(reference), 0,
			[]string{`"language": "en",`}, []string{"<stdin>: valid for the Ultra tier"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
			if code != tt.code {
				t.Errorf("run(%q) = %d; want %d\nstdout:\n%s\nstderr:\n%s", tt.args, code, tt.code, stdout.String(), stderr.String())
			}
			for _, want := range tt.stdout {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
				}
			}
			for _, want := range tt.stderr {
				if !strings.Contains(stderr.String(), want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
				}
			}
		})
	}
}

// TestValidateFixFile applies the fixes to a file in place: the alias and
// the trailing comma go, every other byte stays.
func TestValidateFixFile(t *testing.T) {
	text := strings.Replace(string(protocol.Default().Example.Payload), `"language": "en"`, `"language": "en-US"`, 1)
	text = strings.Replace(text, `"ownership": 1,`, `"ownership": 1,,`, 1)
	text = strings.Replace(text, `"bounty_energy": 200,`, `"bounty_energy": 200, // points`, 1)
	file := filepath.Join(t.TempDir(), "task.json")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"validate", "--fix", "--tier", "pro", "--format", "json", file}, nil, &stdout, &stderr); code != 1 {
		t.Logf("exit %d (a double comma is not mechanically fixable): %s", code, stdout.String())
	}
	// A double comma is a syntax error with no fix: the file must stay as it was.
	got, _ := os.ReadFile(file)
	if string(got) != text {
		t.Errorf("--fix changed a file whose syntax error has no mechanical fix")
	}

	text = strings.Replace(text, `"ownership": 1,,`, `"ownership": 1,`, 1)
	os.WriteFile(file, []byte(text), 0o644)
	stdout.Reset()
	if code := run([]string{"validate", "--fix", "--tier", "pro", "--format", "json", file}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d after fixing; output:\n%s", code, stdout.String())
	}
	var res protocol.Result
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil || !res.Valid {
		t.Fatalf("after --fix: %v %s", err, stdout.String())
	}
	got, _ = os.ReadFile(file)
	want := strings.Replace(strings.Replace(text, `"en-US"`, `"en"`, 1), `// points`, ``, 1)
	if string(got) != want {
		t.Errorf("--fix wrote other changes than the alias and the comment:\n%s", got)
	}
}

// TestValidateSummaryNamesTiers runs gen validate from the repository root,
// where content/labels.yaml names the tiers: the summary uses the labels,
// never the raw tier key.
func TestValidateSummaryNamesTiers(t *testing.T) {
	t.Chdir("../..")
	tests := []struct {
		lang, tier, want string
	}{
		{"zh-CN", "ultra", "按会员等级「Ultra」校验通过"},
		{"zh-CN", "free", "按会员等级「免费版」校验，2 个错误"},
		{"en", "pro", "1 error, 1 warning, 1 note for the Pro tier"},
		{"en", "free", "2 errors, "},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run([]string{"validate", "--lang", tt.lang, "--tier", tt.tier, "protocol/testdata/payloads/reference-example.json"}, strings.NewReader(""), &stdout, &stderr)
		if code > 1 || !strings.Contains(stdout.String(), tt.want) {
			t.Errorf("gen validate --lang %s --tier %s: exit %d, stdout lacks %q:\n%s%s", tt.lang, tt.tier, code, tt.want, stdout.String(), stderr.String())
		}
	}
}

// TestValidateVersions covers --version and the migration of a V18 payload
// to the test-only V19 of protocol/testdata/versions with --fix.
func TestValidateVersions(t *testing.T) {
	v18 := protocol.Default()
	file := filepath.Join(t.TempDir(), "task.json")
	if err := os.WriteFile(file, v18.Example.Payload, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"validate", "--tier", v18.Example.Tier, "--version", v18.Major(), file}, 0, ""},
		{[]string{"validate", "--tier", v18.Example.Tier, "--version", "v" + v18.Major(), file}, 0, ""},
		{[]string{"validate", "--version", "17", file}, 2, `--version "17" is not a published version (` + v18.Version},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		if code := run(tt.args, nil, &stdout, &stderr); code != tt.code || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("run(%q) = %d, stderr %q; want %d and %q", tt.args, code, stderr.String(), tt.code, tt.stderr)
		}
	}

	fsys := os.DirFS("../../protocol")
	v19, err := os.ReadFile("../../protocol/testdata/versions/pairag-task-publish-v19.json")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := spec.ParseVersions(overlay{fsys, "pairag-task-publish-v19.json", v19})
	if err != nil {
		t.Fatal(err)
	}
	saved := protocolVersions
	protocolVersions = func() []*spec.Document { return docs }
	t.Cleanup(func() { protocolVersions = saved })
	current := docs[len(docs)-1]

	var stdout, stderr bytes.Buffer
	if code := run([]string{"validate", "--tier", v18.Example.Tier, file}, nil, &stdout, &stderr); code != 1 {
		t.Errorf("V18 payload with V19 current: exit %d; want 1\n%s", code, stdout.String())
	}
	for _, want := range []string{"[version-retired]", "[field-renamed]", "[field-retired]", current.Version} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
		}
	}
	stdout.Reset()
	if code := run([]string{"validate", "--fix", "--tier", v18.Example.Tier, file}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("--fix: exit %d; want 0\n%s", code, stdout.String())
	}
	got, _ := os.ReadFile(file)
	var gotV, wantV any
	json.Unmarshal(got, &gotV)
	json.Unmarshal(current.Example.Payload, &wantV)
	// Removing the retired field takes the creator's key and value: a
	// suggestion, never a fix, so it is still there.
	manifest, _ := gotV.(map[string]any)["manifest"].(map[string]any)
	if _, ok := manifest["video_conference_connection"]; !ok {
		t.Errorf("--fix removed the retired field video_conference_connection")
	}
	delete(manifest, "video_conference_connection")
	if fmt.Sprint(gotV) != fmt.Sprint(wantV) {
		t.Errorf("--fix migrated the V18 example to\n%s\nwhich is not the V19 example", got)
	}
}

// overlay is a file system with one more file at its root.
type overlay struct {
	fs.FS
	name string
	data []byte
}

func (o overlay) Open(name string) (fs.File, error) {
	if name == o.name {
		return fstest.MapFS{name: {Data: o.data}}.Open(name)
	}
	return o.FS.Open(name)
}

func (o overlay) Glob(pattern string) ([]string, error) {
	names, err := fs.Glob(o.FS, pattern)
	if ok, _ := path.Match(pattern, o.name); ok {
		names = append(names, o.name)
	}
	return names, err
}

// TestValidateFixEveryFix: --fix applied 2,500 of 20,000 trailing commas and
// said only "applied 2500 fixes"; it applies them all, and when fixes are
// left it says how many and how to apply them, in both languages.
func TestValidateFixEveryFix(t *testing.T) {
	const commas = 20000
	text := strings.Replace(string(protocol.Default().Example.Payload), `"stages": [`, `"x": [`+strings.Repeat("[1,],", commas-1)+`[1,]], "stages": [`, 1)
	file := filepath.Join(t.TempDir(), "task.json")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	run([]string{"validate", "--fix", "--tier", "pro", file}, nil, &stdout, &stderr)
	got, _ := os.ReadFile(file)
	if !strings.Contains(stderr.String(), fmt.Sprintf("applied %d fixes\n", commas)) || strings.Contains(string(got), ",]") {
		t.Errorf("--fix on %d trailing commas: stderr %q; commas left: %d", commas, stderr.String(), strings.Count(string(got), ",]"))
	}
	left := protocol.FixResult{Applied: 3, Left: 2}
	for lang, want := range map[string]string{
		"en":    "t.json: applied 3 fixes; 2 more can be applied: run gen validate --fix again",
		"zh-CN": "t.json：已应用 3 处修复；还有 2 处可自动修复，请再次运行 gen validate --fix",
	} {
		if got := verdict.FixSummary("t.json", left, lang); got != want {
			t.Errorf("fixSummary(%s) = %q; want %q", lang, got, want)
		}
	}
}
