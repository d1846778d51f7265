package spec

import (
	"slices"
	"strconv"

	"pairag.com/portal/protocol/internal/format"
	"pairag.com/portal/protocol/jsonpos"
)

// appendIndented writes v as json.MarshalIndent(v, "", "  ") does, for the
// values the schema is built of (objects with sorted keys, lists, strings,
// numbers, booleans and null), so Schema needs no encoding/json in the
// WebAssembly module. TestSchemaMatchesMarshalIndent holds it to
// encoding/json. A value of another type is an error.
func appendIndented(dst []byte, v any, indent string) ([]byte, error) {
	var err error
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case string:
		return jsonpos.AppendString(dst, v), nil
	case bool:
		return strconv.AppendBool(dst, v), nil
	case int:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case int64:
		return strconv.AppendInt(dst, v, 10), nil
	case float64:
		return jsonpos.AppendFloat(dst, v), nil
	case []string:
		items := make([]any, len(v))
		for i, s := range v {
			items[i] = s
		}
		return appendIndented(dst, items, indent)
	case []any:
		if v == nil {
			return append(dst, "null"...), nil
		}
		if len(v) == 0 {
			return append(dst, "[]"...), nil
		}
		dst = append(dst, '[')
		for i, it := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(append(dst, '\n'), indent+"  "...)
			if dst, err = appendIndented(dst, it, indent+"  "); err != nil {
				return nil, err
			}
		}
		return append(append(append(dst, '\n'), indent...), ']'), nil
	case map[string]any:
		if v == nil {
			return append(dst, "null"...), nil
		}
		if len(v) == 0 {
			return append(dst, "{}"...), nil
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		dst = append(dst, '{')
		for i, k := range keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(append(dst, '\n'), indent+"  "...)
			dst = append(jsonpos.AppendString(dst, k), ':', ' ')
			if dst, err = appendIndented(dst, v[k], indent+"  "); err != nil {
				return nil, err
			}
		}
		return append(append(append(dst, '\n'), indent...), '}'), nil
	}
	return nil, format.Errorf("a value the schema cannot hold: %s", typeName(v))
}

// typeName names the kind of an unsupported value for the error.
func typeName(v any) string {
	switch v.(type) {
	case float32:
		return "float32"
	case []int:
		return "[]int"
	}
	return "a Go value of another type"
}
