package jsonpos

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// FuzzJSONReader holds the reader to encoding/json: on text that
// encoding/json accepts, the reader reports nothing fatal and reads the same
// values (the last of duplicate keys, numbers compared by value); on text
// it refuses, the reader reports an error.
func FuzzJSONReader(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":1,"a":[true,null,"x\u00e9\n"]}`, `"\ud83d\ude00"`, `-0.0e+5`, `{"a":{"b":[1,2,{"c":""}]}}`, `[1,]`, `{"a":1}//`, "\"\\ud800\"", `1e400`,
		// Keys and values long enough for the word-at-a-time paths of member, str and the white space after commas.
		"{\n  \"communication_software_group\": \"sales_report_team, the weekly one\",\n  \"stage_name\": [\n    \"plan_report_0123456789\",\n    \"an escape \\\" past sixteen bytes\"\n  ],\n      \"k\": 1 ,\n\t\t\t\t\t\t\t\t\"x\": {}\n}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		if len(text) > 1<<16 {
			return
		}
		root, issues := Parse(text, 0, 10000)
		valid := json.Valid(text)
		if !valid {
			if root != nil && len(issues) == 0 && utf8.Valid(text) {
				t.Fatalf("encoding/json refuses %q; the reader reports nothing", text)
			}
			return
		}
		if !utf8.Valid(text) {
			return // encoding/json replaces invalid UTF-8 inside strings; protocol.Validate refuses the text before reading it
		}
		for _, is := range issues {
			if is.Code != "json-duplicate-key" {
				t.Fatalf("encoding/json accepts %q; the reader reports %s at %d", text, is.Code, is.Start)
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
func plain(n *Node) any {
	switch n.Kind {
	case '{':
		m := map[string]any{}
		for _, mb := range n.Members {
			m[mb.Key] = plain(mb.Val) // the last of duplicates wins, as in encoding/json
		}
		return m
	case '[':
		a := []any{}
		for _, it := range n.Items {
			a = append(a, plain(it))
		}
		return a
	case '"':
		return n.Str
	case '0':
		return json.Number(n.Str)
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
		return ok && ParseDecimal(string(a)).Cmp(ParseDecimal(string(bn))) == 0
	}
	return a == b
}
