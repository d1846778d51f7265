package protocol

import (
	"fmt"
	"go/format"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"pairag.com/portal/protocol/published"
	"pairag.com/portal/protocol/spec"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The published documents are compiled in as Go data (package published)
// rather than decoded from their text when a program starts: the
// WebAssembly module then carries neither the document decoder nor its
// consistency checks, and starts without decoding. documentLiteral writes
// that data from what spec.ParseSet decoded and checked; TestGeneratedDocuments
// holds the generated values to a fresh decoding of the files.

// literalWriter writes Go composite literals of decoded documents. Values
// behind pointers (a field's minimum, its min_items, ...) become package
// variables of their own, so the whole literal stays static data the
// linker lays out, with no code run at start except for maps.
type literalWriter struct {
	b      strings.Builder
	prefix string   // of the pointer variables' names
	vars   []string // "name = value" of every pointer target
}

// documentLiteral returns `var name = spec.Document{...}` for d, with the
// text constant textConst as its Text and exampleConst as its example
// payload, and the variables it points to.
func documentLiteral(name string, d *spec.Document, textConst, exampleConst string) (string, error) {
	w := &literalWriter{prefix: name}
	v := reflect.ValueOf(d).Elem()
	w.b.WriteString("spec.Document{\n")
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() || v.Field(i).IsZero() && f.Name != "Text" {
			continue
		}
		w.b.WriteString(f.Name + ": ")
		switch f.Name {
		case "Text":
			w.b.WriteString(textConst)
		case "Example":
			fmt.Fprintf(&w.b, "spec.Example{Tier: %s, Description: %s, Payload: spec.RawJSON(%s)}",
				strconv.Quote(d.Example.Tier), strconv.Quote(d.Example.Description), exampleConst)
		default:
			if err := w.value(v.Field(i)); err != nil {
				return "", fmt.Errorf("%s.%s: %w", name, f.Name, err)
			}
		}
		w.b.WriteString(",\n")
	}
	w.b.WriteString("}")
	var out strings.Builder
	fmt.Fprintf(&out, "var %s = %s\n", name, w.b.String())
	if len(w.vars) > 0 {
		out.WriteString("\n// What the fields of " + name + " point to.\nvar (\n")
		for _, v := range w.vars {
			out.WriteString("\t" + v + "\n")
		}
		out.WriteString(")\n")
	}
	return out.String(), nil
}

// value writes v as a Go expression of its type; inside a slice, map or
// array literal a struct's type is left out, as gofmt -s would.
func (w *literalWriter) value(v reflect.Value) error {
	switch v.Kind() {
	case reflect.String:
		w.b.WriteString(strconv.Quote(v.String()))
	case reflect.Bool:
		w.b.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int64:
		w.b.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Float64:
		w.b.WriteString(floatLiteral(v.Float()))
	case reflect.Pointer:
		if v.IsNil() {
			w.b.WriteString("nil")
			return nil
		}
		name := fmt.Sprintf("%sP%d", w.prefix, len(w.vars))
		inner := &literalWriter{prefix: w.prefix}
		if err := inner.value(v.Elem()); err != nil {
			return err
		}
		w.vars = append(w.vars, fmt.Sprintf("%s %s = %s", name, typeName(v.Elem().Type()), inner.b.String()))
		w.b.WriteString("&" + name)
	case reflect.Interface:
		return w.dynamic(v)
	case reflect.Slice:
		if v.IsNil() {
			w.b.WriteString("nil")
			return nil
		}
		return w.list(v)
	case reflect.Array:
		return w.list(v)
	case reflect.Map:
		if v.IsNil() {
			w.b.WriteString("nil")
			return nil
		}
		return w.dict(v)
	case reflect.Struct:
		return w.structure(v, true)
	default:
		return fmt.Errorf("no literal for a value of kind %s", v.Kind())
	}
	return nil
}

// dynamic writes the value of an interface (a decoded JSON value) with its
// dynamic type stated, so the literal holds the same types as decoding.
func (w *literalWriter) dynamic(v reflect.Value) error {
	if v.IsNil() {
		w.b.WriteString("nil")
		return nil
	}
	e := v.Elem()
	switch e.Kind() {
	case reflect.Float64:
		w.b.WriteString("float64(" + floatLiteral(e.Float()) + ")")
		return nil
	case reflect.String, reflect.Bool, reflect.Slice, reflect.Map:
		return w.value(e)
	}
	return fmt.Errorf("no literal for a JSON value of type %s", e.Type())
}

// list writes a slice or array literal.
func (w *literalWriter) list(v reflect.Value) error {
	w.b.WriteString(typeName(v.Type()) + "{")
	for i := 0; i < v.Len(); i++ {
		if i > 0 {
			w.b.WriteString(", ")
		}
		if err := w.element(v.Index(i)); err != nil {
			return err
		}
	}
	w.b.WriteString("}")
	return nil
}

// dict writes a map literal with its keys sorted, so the output is stable.
func (w *literalWriter) dict(v reflect.Value) error {
	keys := v.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	w.b.WriteString(typeName(v.Type()) + "{")
	for _, k := range keys {
		w.b.WriteString("\n" + strconv.Quote(k.String()) + ": ")
		if err := w.element(v.MapIndex(k)); err != nil {
			return err
		}
		w.b.WriteString(",")
	}
	if len(keys) > 0 {
		w.b.WriteString("\n")
	}
	w.b.WriteString("}")
	return nil
}

// element writes an element of a composite literal, without the type of
// a struct element.
func (w *literalWriter) element(v reflect.Value) error {
	if v.Kind() == reflect.Struct {
		return w.structure(v, false)
	}
	return w.value(v)
}

// structure writes a struct literal naming its non-zero fields.
func (w *literalWriter) structure(v reflect.Value, typed bool) error {
	if typed {
		w.b.WriteString(typeName(v.Type()))
	}
	w.b.WriteString("{")
	first := true
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if !f.IsExported() || v.Field(i).IsZero() {
			continue
		}
		if !first {
			w.b.WriteString(", ")
		}
		first = false
		w.b.WriteString(f.Name + ": ")
		if err := w.value(v.Field(i)); err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	w.b.WriteString("}")
	return nil
}

// typeName is how the generated file (package published) names t.
func typeName(t reflect.Type) string {
	return strings.ReplaceAll(t.String(), "interface {}", "any")
}

// floatLiteral writes f so that it reads back as the same float64.
func floatLiteral(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

// TestGeneratedDocuments holds the compiled-in documents to what decoding
// and checking their files gives now: same values, same text.
func TestGeneratedDocuments(t *testing.T) {
	names, err := filepath.Glob(spec.VersionGlob)
	if err != nil {
		t.Fatal(err)
	}
	var files []spec.File
	for _, name := range names {
		files = append(files, spec.File{Name: name, Data: readFile(t, name)})
	}
	want, err := spec.ParseSet(files)
	if err != nil {
		t.Fatal(err)
	}
	got := published.Documents
	if len(got) != len(want) {
		t.Fatalf("published.Documents holds %d documents; the files give %d: run go generate ./protocol", len(got), len(want))
	}
	for i := range want {
		if diff := cmp.Diff(want[i], got[i], cmpopts.IgnoreUnexported(spec.Document{})); diff != "" {
			t.Errorf("%s: the generated document differs from decoding the file (-file +generated), run go generate ./protocol:\n%s", want[i].FileName(), diff)
		}
	}
}

// TestDocumentLiteralReadsBack writes a literal of a document with every
// kind of value the decoder gives (pointers, maps of maps, decoded JSON
// values of each type) and checks the parts that a mistake would change.
func TestDocumentLiteralReadsBack(t *testing.T) {
	one, half := 1, 0.5
	d := &spec.Document{
		Version:                    "1.0",
		ManifestFields:             []spec.Field{{Name: "a", MinItems: &one, Maximum: &half, Const: 3.0, Examples: []any{"x", true, nil, []any{}, map[string]any{"k": 1e21}}}},
		ContextConstraintsDefaults: map[string]map[string]any{"b": {"z": false}, "a": {}},
		RequiredStageFields:        []string{},
		ISICSections:               []spec.ISICSection{{Section: "A", Divisions: [][2]int{{1, 3}}}},
		Example:                    spec.Example{Tier: "pro", Payload: spec.RawJSON("{}")},
	}
	src, err := documentLiteral("v1", d, "v1JSON", "v1Example")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Maximum: &v1P0", "MinItems: &v1P1", "v1P0 float64 = 0.5", "v1P1 int = 1",
		"Const: float64(3.0)", `Examples: []any{"x", true, nil, []any{}, map[string]any{` + "\n" + `"k": float64(1e+21),` + "\n}}",
		"ContextConstraintsDefaults: map[string]map[string]any{\n\"a\": map[string]any{},\n\"b\": map[string]any{\n\"z\": false,\n},\n}",
		"RequiredStageFields: []string{}", "Divisions: [][2]int{[2]int{1, 3}}", "Text: v1JSON",
		`Example: spec.Example{Tier: "pro", Description: "", Payload: spec.RawJSON(v1Example)}`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("documentLiteral lacks %q:\n%s", want, src)
		}
	}
	if _, err := format.Source([]byte("package p\n" + src)); err != nil {
		t.Errorf("documentLiteral wrote no Go: %v\n%s", err, src)
	}
}
