// Package corpus is the validator's generated test corpus,
// protocol/testdata/corpus/payloads.jsonl.gz: its Case and its file
// format both ways. go run ./protocol/corpusgen writes it with Encode;
// the tests of the engine, the judges and the WebAssembly module, which
// all hold it to the same promises, read it with Read.
//
// The file is gzipped JSON Lines, one case a line: {"name", "tier",
// "text"}, with the text in "base64" instead when it is not UTF-8
// (encoding/json would replace the bytes that make it a case).
package corpus

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// Case is one payload of the corpus and the tier it is judged at.
type Case struct {
	Name string
	Tier string
	Text string
}

// line is a case as the file stores it.
type line struct {
	Name   string `json:"name"`
	Tier   string `json:"tier"`
	Text   string `json:"text,omitempty"`
	Base64 []byte `json:"base64,omitempty"`
}

// Path is where the corpus lives, relative to the module root.
const Path = "protocol/testdata/corpus/payloads.jsonl.gz"

// Min is the fewest payloads the corpus holds (issue 19 asks for 1,000).
const Min = 1000

// Encode is the file's bytes for cases: one JSON object a line, gzipped
// when gz is set.
func Encode(cases []Case, gz bool) ([]byte, error) {
	var buf bytes.Buffer
	var w io.Writer = &buf
	var zw *gzip.Writer
	if gz {
		zw = gzip.NewWriter(&buf)
		w = zw
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, c := range cases {
		l := line{Name: c.Name, Tier: c.Tier, Text: c.Text}
		if !utf8.ValidString(c.Text) {
			l.Text, l.Base64 = "", []byte(c.Text)
		}
		if err := enc.Encode(l); err != nil {
			return nil, fmt.Errorf("encode corpus: %w", err)
		}
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return nil, fmt.Errorf("encode corpus: %w", err)
		}
	}
	return buf.Bytes(), nil
}

// Decode reads the bytes Encode wrote, gzipped or not.
func Decode(data []byte) ([]Case, error) {
	var r io.Reader = bytes.NewReader(data)
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return nil, fmt.Errorf("corpus: %w", err)
		}
		r = zr
	}
	var out []Case
	dec := json.NewDecoder(r)
	for dec.More() {
		var l line
		if err := dec.Decode(&l); err != nil {
			return nil, fmt.Errorf("case %d: %w", len(out)+1, err)
		}
		if l.Base64 != nil {
			l.Text = string(l.Base64)
		}
		out = append(out, Case{Name: l.Name, Tier: l.Tier, Text: l.Text})
	}
	return out, nil
}

// Read reads the corpus file at path and requires at least Min cases.
func Read(path string) ([]Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	cases, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if len(cases) < Min {
		return nil, fmt.Errorf("%s holds %d payloads; want at least %d (go run ./protocol/corpusgen)", path, len(cases), Min)
	}
	return cases, nil
}
