package protocol

import (
	"bytes"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

var compiled sync.Map // *Document -> *compiledSchema

type compiledSchema struct {
	once   sync.Once
	schema *jsonschema.Schema
	err    error
}

// compileSchema compiles the document's derived schema once per document.
func compileSchema(d *Document) (*jsonschema.Schema, error) {
	c, _ := compiled.LoadOrStore(d, &compiledSchema{})
	cs := c.(*compiledSchema)
	cs.once.Do(func() {
		comp := jsonschema.NewCompiler()
		url := d.SchemaURL
		if url == "" {
			url = "urn:pairag:task-publish"
		}
		// The compiler wants plain JSON values, so go through the published bytes.
		data, err := d.Schema()
		if err != nil {
			cs.err = err
			return
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			cs.err = fmt.Errorf("decode schema: %w", err)
			return
		}
		if err := comp.AddResource(url, doc); err != nil {
			cs.err = fmt.Errorf("add schema: %w", err)
			return
		}
		cs.schema, cs.err = comp.Compile(url)
	})
	return cs.schema, cs.err
}

// checkSchema validates the decoded payload against the derived schema and
// turns each leaf error into a finding with our own messages.
func (v *validation) checkSchema() []Finding {
	sch, err := compileSchema(v.doc)
	if err != nil {
		return []Finding{newFinding("schema-violation", "", err.Error())}
	}
	err = sch.Validate(v.root.value)
	verr, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil
	}
	var out []Finding
	v.collectSchemaErrors(verr, &out)
	return out
}

var englishPrinter = message.NewPrinter(language.English)

func (v *validation) collectSchemaErrors(e *jsonschema.ValidationError, out *[]Finding) {
	if len(e.Causes) > 0 {
		for _, c := range e.Causes {
			v.collectSchemaErrors(c, out)
		}
		return
	}
	ptr := pointerTo(e.InstanceLocation...)
	for _, f := range v.schemaFindings(ptr, e.InstanceLocation, e.ErrorKind) {
		n := v.root.lookup(f.Pointer)
		f.start, f.end = n.start, n.end
		*out = append(*out, f)
	}
}

// schemaFindings maps one schema error kind to findings.
func (v *validation) schemaFindings(ptr string, path []string, k jsonschema.ErrorKind) []Finding {
	field := lastName(path)
	switch k := k.(type) {
	case *kind.Required:
		var fs []Finding
		for _, m := range k.Missing {
			fs = append(fs, newFinding("missing-field", ptr, m, dottedPath(path, "the top level"), dottedPath(path, "顶层")+" "))
		}
		return fs
	case *kind.AdditionalProperties:
		return nil // top-level keys are reported by checkTopLevel with better messages
	case *kind.Type:
		return []Finding{v.localized("wrong-type", ptr, k.Want, []string{k.Got})}
	case *kind.Enum:
		return []Finding{newFinding("invalid-enum", ptr, display(k.Got), field, displayList(k.Want))}
	case *kind.Const:
		f := newFinding("invalid-value", ptr, display(k.Want), display(k.Got))
		f.Fix = v.replaceFix(ptr, display(k.Want))
		return []Finding{f}
	case *kind.Minimum:
		return []Finding{newFinding("below-minimum", ptr, ratString(k.Got), ratString(k.Want))}
	case *kind.Maximum:
		if v.doc.IntegerMax > 0 && k.Want.Cmp(new(big.Rat).SetInt64(v.doc.IntegerMax)) == 0 {
			return []Finding{newFinding("integer-too-large", ptr, ratString(k.Got), v.doc.IntegerMax)}
		}
		return []Finding{newFinding("above-maximum", ptr, ratString(k.Got), ratString(k.Want))}
	case *kind.MinLength:
		return []Finding{newFinding("empty-string", ptr)}
	case *kind.MinItems:
		if field == "project_tags" {
			return []Finding{newFinding("project-tags-count", ptr, k.Got)}
		}
		return []Finding{newFinding("too-few-items", ptr, k.Got, k.Want)}
	case *kind.MaxItems:
		if field == "project_tags" {
			return []Finding{newFinding("project-tags-count", ptr, k.Got)}
		}
		return []Finding{newFinding("too-many-items", ptr, k.Got, k.Want)}
	case *kind.Pattern:
		return []Finding{newFinding("invalid-format", ptr, k.Got)}
	}
	return []Finding{newFinding("schema-violation", ptr, k.LocalizedString(englishPrinter))}
}

// localized builds a finding whose arguments are JSON type names, which read
// differently in each language.
func (v *validation) localized(code, ptr string, want, got []string) Finding {
	f := newFinding(code, ptr, joinTypes(want, "en"), joinTypes(got, "en"))
	zh := newFinding(code, ptr, joinTypes(want, "zh-CN"), joinTypes(got, "zh-CN"))
	f.MessageZH = zh.MessageZH
	return f
}

var typeWords = map[string][2]string{
	"object": {"an object", "对象"}, "array": {"an array", "数组"}, "string": {"a string", "字符串"},
	"integer": {"an integer", "整数"}, "number": {"a number", "数字"}, "boolean": {"true or false", "布尔值"},
	"null": {"null", "null"},
}

func joinTypes(types []string, lang string) string {
	var words []string
	for _, t := range types {
		w, ok := typeWords[t]
		if !ok {
			words = append(words, t)
			continue
		}
		if lang == "zh-CN" {
			words = append(words, w[1])
		} else {
			words = append(words, w[0])
		}
	}
	if lang == "zh-CN" {
		return strings.Join(words, "或")
	}
	return strings.Join(words, " or ")
}

// replaceFix returns a fix that replaces the value at ptr with JSON text.
func (v *validation) replaceFix(ptr, jsonText string) *Fix {
	n := v.root.lookup(ptr)
	if n == nil || n == v.root && ptr != "" {
		return nil
	}
	return &Fix{Start: n.start, End: n.end, Replacement: jsonText}
}

// dottedPath writes an instance path as a reader would: stages[0].agent_skills.
func dottedPath(path []string, root string) string {
	if len(path) == 0 {
		return root
	}
	var b strings.Builder
	for _, t := range path {
		if _, err := strconv.Atoi(t); err == nil {
			b.WriteString("[" + t + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(t)
	}
	return b.String()
}

// lastName returns the last non-index token of a path: the field name.
func lastName(path []string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == "" || path[i][0] < '0' || path[i][0] > '9' {
			return path[i]
		}
	}
	return ""
}

// display renders a JSON value as it would appear in the payload.
func display(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("%q", v)
	case nil:
		return "null"
	case map[string]any:
		return "{…}"
	case []any:
		return "[…]"
	}
	return fmt.Sprint(v)
}

func displayList(vs []any) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = display(v)
	}
	return strings.Join(parts, ", ")
}

func ratString(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	return r.FloatString(6)
}
