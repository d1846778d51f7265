package spec

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The engine formats messages, decodes the protocol document and writes
// the schema without fmt and encoding/json, so the WebAssembly module can
// leave them (and reflect) out; these tests hold each replacement to the
// standard library it replaces.

// documentTexts are every version the package knows and the v19 fixture.
func documentTexts(t *testing.T) map[string][]byte {
	t.Helper()
	texts := map[string][]byte{}
	names, err := filepath.Glob("../" + VersionGlob)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		texts[filepath.Base(name)] = data
	}
	v19, err := os.ReadFile("../testdata/versions/pairag-task-publish-v19.json")
	if err != nil {
		t.Fatal(err)
	}
	texts["v19 fixture"] = v19
	return texts
}

// RawJSON encodes and decodes as itself in the tests, like encoding/json's
// RawMessage, so encoding/json can stand beside the decoder.

// MarshalJSON returns the text itself ("null" when empty).
func (r RawJSON) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("null"), nil
	}
	return r, nil
}

// UnmarshalJSON keeps a copy of the text.
func (r *RawJSON) UnmarshalJSON(data []byte) error {
	*r = append((*r)[:0], data...)
	return nil
}

// newest returns the current version, read from the protocol directory.
func newest(t *testing.T) *Document {
	t.Helper()
	docs, err := ParseVersions(os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	return docs[len(docs)-1]
}

// TestDecodeMatchesJSON: the document decoded from the jsonpos tree equals
// what encoding/json (with DisallowUnknownFields, as Parse used) decodes.
func TestDecodeMatchesJSON(t *testing.T) {
	for name, text := range documentTexts(t) {
		var want Document
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("%s: encoding/json: %v", name, err)
		}
		var got Document
		if err := decodeDocument(text, &got); err != nil {
			t.Fatalf("%s: decodeDocument: %v", name, err)
		}
		if diff := cmp.Diff(&want, &got, cmpopts.IgnoreUnexported(Document{})); diff != "" {
			t.Errorf("%s: decodeDocument differs from encoding/json (-json +ours):\n%s", name, diff)
		}
	}
}

// TestDecodeErrors: every kind of broken document is an error at the line
// and column of the offending value, naming it and saying what is wrong.
func TestDecodeErrors(t *testing.T) {
	v18 := string(newest(t).Raw())
	tests := []struct {
		name, text, want string
	}{
		{"unknown key", strings.Replace(v18, `"protocol":`, `"protokol":`, 1), `2:3: document: unknown field "protokol"`},
		{"wrong type", strings.Replace(v18, `"version": "18.0"`, `"version": 18`, 1), "3:14: document.version: want a string, found a number"},
		{"not an integer", strings.Replace(v18, `"max_bytes": `, `"max_bytes": 1.5, "x": `, 1), "document.validation_limits.max_bytes: want an integer, found 1.5"},
		{"nested unknown key", strings.Replace(v18, `"allowed_fields"`, `"allowed_field"`, 1), `document.top_level: unknown field "allowed_field"`},
		{"a key twice", strings.Replace(v18, `"version": "18.0",`, `"version": "18.0", "version": "18.0",`, 1), "the document is not strict JSON (json-duplicate-key)"},
		{"trailing comma", "{\n  \"version\": \"18.0\",\n}", "3:1: the document is not strict JSON (json-trailing-comma)"},
		{"not an object", "[]", "1:1: document: want an object, found an array"},
	}
	for _, tt := range tests {
		var d Document
		err := decodeDocument([]byte(tt.text), &d)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: decodeDocument() = %v; want an error containing %q", tt.name, err, tt.want)
		}
		// encoding/json refuses the same documents (its duplicate keys aside).
		var j Document
		dec := json.NewDecoder(strings.NewReader(tt.text))
		dec.DisallowUnknownFields()
		if jerr := dec.Decode(&j); jerr == nil && tt.name != "a key twice" {
			t.Errorf("%s: encoding/json accepts the document; the decoder must not be stricter", tt.name)
		}
	}
}

// TestSchemaMatchesMarshalIndent: Schema writes what json.MarshalIndent
// wrote for every version.
func TestSchemaMatchesMarshalIndent(t *testing.T) {
	for name, text := range documentTexts(t) {
		d, err := Parse(text)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, err := json.MarshalIndent(d.schemaValue(), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.Schema()
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want)+"\n" {
			t.Errorf("%s: Schema() differs from json.MarshalIndent:\n%s", name, cmp.Diff(string(want)+"\n", string(got)))
		}
	}
}

// TestAppendIndentedValues covers what the schema's values may hold,
// escapes and float forms included, against json.MarshalIndent.
func TestAppendIndentedValues(t *testing.T) {
	values := []any{
		nil, true, false, 0, -7, int64(1) << 53, 0.5, 1e-7, 1e21, 123456789.125, math.Copysign(0, -1), 3e-300,
		"", "plain", "<a href=\"x\">&amp;</a>", "tab\tnew\nline\r\b\f\x00\x1f", "\u2028\u2029 é 中文 😀", "bad \xff utf8",
		[]any{}, map[string]any{}, []string{"b", "a"}, []any{1, "x", []any{map[string]any{"z": 1, "a": []string{}}}},
		map[string]any{"b": 1, "a": map[string]any{"c": nil}, "\u00e9": "é"},
	}
	for _, v := range values {
		want, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got, err := appendIndented(nil, v, "")
		if err != nil || string(got) != string(want) {
			t.Errorf("appendIndented(%#v) = %s, %v; want %s", v, got, err, want)
		}
	}
	if _, err := appendIndented(nil, []int{1}, ""); err == nil {
		t.Error("appendIndented([]int) = nil error; want one")
	}
}
