// Package judge checks payloads with an independent, generic JSON Schema
// validator (santhosh-tekuri/jsonschema v6) against the schema the protocol
// document publishes. It is a judge of package protocol's engine, never a
// part of it: gen build uses it to prove the published schema compiles and
// accepts the document's example, and the tests use it to prove that
// whatever the published schema rejects, the engine rejects too, at the same
// pointer. It stays out of the WebAssembly module.
package judge

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// Judge is a compiled published schema.
type Judge struct {
	schema *jsonschema.Schema
}

// Compile compiles schema bytes as published at url.
func Compile(schema []byte, url string) (*Judge, error) {
	if url == "" {
		url = "urn:pairag:task-publish"
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("decode schema: %w", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("add schema: %w", err)
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("compile schema: %w", err)
	}
	return &Judge{schema: s}, nil
}

// Violation is one leaf error of the schema: the RFC 6901 pointer of the
// value (the object, for a missing key; the key, for a key not allowed) and
// the schema keyword that failed.
type Violation struct {
	Pointer string
	Keyword string
	Message string
}

// Validate decodes JSON text (strictly, as the schema validator does) and
// returns the schema's violations, sorted by pointer. An error means the
// text is not JSON at all.
func (j *Judge) Validate(text []byte) ([]Violation, error) {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(text))
	if err != nil {
		return nil, err
	}
	err = j.schema.Validate(inst)
	if err == nil {
		return nil, nil
	}
	verr, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil, err
	}
	var out []Violation
	collect(verr, &out)
	sort.Slice(out, func(a, b int) bool { return out[a].Pointer < out[b].Pointer })
	return out, nil
}

func collect(e *jsonschema.ValidationError, out *[]Violation) {
	if len(e.Causes) > 0 {
		for _, c := range e.Causes {
			collect(c, out)
		}
		return
	}
	ptr := pointer(e.InstanceLocation)
	msg := fmt.Sprint(e.ErrorKind)
	switch k := e.ErrorKind.(type) {
	case *kind.AdditionalProperties:
		for _, p := range k.Properties {
			*out = append(*out, Violation{ptr + "/" + escape(p), "additionalProperties", msg})
		}
		return
	case *kind.Group, *kind.AllOf, *kind.Schema, *kind.Reference:
		return // a parent of errors already collected
	}
	kw := strings.Join(e.ErrorKind.KeywordPath(), "/")
	*out = append(*out, Violation{ptr, kw, msg})
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escape(t))
	}
	return b.String()
}

// escaper escapes a pointer token (RFC 6901).
var escaper = strings.NewReplacer("~", "~0", "/", "~1")

func escape(t string) string { return escaper.Replace(t) }
