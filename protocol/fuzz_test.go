package protocol

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzValidate feeds arbitrary text to Validate. It must never panic, every
// finding must be well formed, and applying fixes must stay in bounds.
// Seeds: the golden payloads and testdata/fuzz/FuzzValidate.
func FuzzValidate(f *testing.F) {
	files, _ := filepath.Glob("testdata/payloads/*.json")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "free")
	}
	for _, s := range []string{"", "{", "[]", `{"manifest":{},"stages":[{}]}`, "\xEF\xBB\xBF{}", "```\n{}\n```", `{"a":1,"a":2}`, "{//\n}", `{"stages":[1,],}`} {
		f.Add([]byte(s), "pro")
	}
	f.Fuzz(func(t *testing.T, text []byte, tier string) {
		res := Validate(text, Options{Tier: tier, Lang: "zh-CN"})
		errors := 0
		for _, fd := range res.Findings {
			if _, ok := catalog[fd.Code]; !ok {
				t.Fatalf("unknown code %q", fd.Code)
			}
			if fd.Line < 1 || fd.Column < 1 || fd.MessageEN == "" || fd.MessageZH == "" {
				t.Fatalf("malformed finding %+v", fd)
			}
			if s, e := fd.Span(); s < 0 || e < s || e > len(text) {
				t.Fatalf("span [%d,%d) outside text of %d bytes", s, e, len(text))
			}
			if fd.Severity == SeverityError {
				errors++
			}
		}
		if res.Valid != (errors == 0) {
			t.Fatalf("Valid = %v with %d errors", res.Valid, errors)
		}
		fixed, _ := ApplyFixes(text, res.Findings)
		if utf8.Valid(text) && !utf8.Valid(fixed) {
			t.Fatalf("ApplyFixes broke UTF-8")
		}
	})
}

// FuzzJSONReader holds our JSON reader to encoding/json: on text that
// encoding/json accepts, the reader reports nothing fatal and reads the same
// values (the last of duplicate keys, numbers compared by value); on text
// it refuses, the reader reports an error.
func FuzzJSONReader(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":1,"a":[true,null,"x\u00e9\n"]}`, `"\ud83d\ude00"`, `-0.0e+5`, `{"a":{"b":[1,2,{"c":""}]}}`, `[1,]`, `{"a":1}//`, "\"\\ud800\"", `1e400`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		if len(text) > 1<<16 {
			return
		}
		root, issues := parseJSON(text, 0, 10000)
		valid := json.Valid(text)
		if !valid {
			if root != nil && len(issues) == 0 && utf8.Valid(text) {
				t.Fatalf("encoding/json refuses %q; the reader reports nothing", text)
			}
			return
		}
		if !utf8.Valid(text) {
			return // encoding/json replaces invalid UTF-8 inside strings; Validate refuses the text before reading it
		}
		for _, is := range issues {
			if is.code != "json-duplicate-key" {
				t.Fatalf("encoding/json accepts %q; the reader reports %s at %d", text, is.code, is.start)
			}
		}
		if root == nil {
			t.Fatalf("encoding/json accepts %q; the reader returns nothing", text)
		}
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.UseNumber()
		var want any
		if err := dec.Decode(&want); err != nil {
			t.Fatal(err)
		}
		if got := plain(root); !sameJSON(got, want) {
			t.Fatalf("reader reads %q as %#v; encoding/json as %#v", text, got, want)
		}
	})
}

// plain converts a node to the values encoding/json decodes with UseNumber.
func plain(n *node) any {
	switch n.kind {
	case '{':
		m := map[string]any{}
		for _, mb := range n.members {
			m[mb.key] = plain(mb.val) // the last of duplicates wins, as in encoding/json
		}
		return m
	case '[':
		a := []any{}
		for _, it := range n.items {
			a = append(a, plain(it))
		}
		return a
	case '"':
		return n.str
	case '0':
		return json.Number(n.str)
	case 't':
		return true
	case 'f':
		return false
	}
	return nil
}

// sameJSON compares decoded values, numbers by value.
func sameJSON(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, v := range a {
			if w, ok := bm[k]; !ok || !sameJSON(v, w) {
				return false
			}
		}
		return true
	case []any:
		ba, ok := b.([]any)
		if !ok || len(a) != len(ba) {
			return false
		}
		for i := range a {
			if !sameJSON(a[i], ba[i]) {
				return false
			}
		}
		return true
	case json.Number:
		bn, ok := b.(json.Number)
		return ok && parseDecimal(string(a)).cmp(parseDecimal(string(bn))) == 0
	}
	return a == b
}
