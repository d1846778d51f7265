// Package corpus reads the validator's generated test corpus,
// protocol/testdata/corpus/payloads.jsonl.gz (written by go run
// ./protocol/corpusgen), for the tests of the engine, the judges and the
// WebAssembly module, which all hold it to the same promises.
package corpus

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// Case is one payload of the corpus.
type Case struct {
	Name   string `json:"name"`
	Tier   string `json:"tier"`
	Text   string `json:"text"`
	Base64 []byte `json:"base64"` // the text, when it is not UTF-8
}

// Min is the fewest payloads the corpus holds (issue 19 asks for 1,000).
const Min = 1000

// Read reads the corpus at path, one JSON object per line, gzipped. A case
// written as base64 gets its bytes as Text.
func Read(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	dec := json.NewDecoder(zr)
	var out []Case
	for {
		var c Case
		if err := dec.Decode(&c); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("%s: case %d: %w", path, len(out)+1, err)
		}
		if c.Base64 != nil {
			c.Text = string(c.Base64)
		}
		out = append(out, c)
	}
	if len(out) < Min {
		return nil, fmt.Errorf("%s holds %d payloads; want at least %d (go run ./protocol/corpusgen)", path, len(out), Min)
	}
	return out, nil
}
