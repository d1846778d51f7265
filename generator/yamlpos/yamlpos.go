// Package yamlpos finds where things are in the YAML files under content/
// (labels, translations, change notes, glossary, navigation, front
// matter), so that every package reading one reports a problem at its
// line the same way.
package yamlpos

import (
	"errors"
	"fmt"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// ErrorPos splits a YAML error into its 1-based line (relative to the
// YAML text) and a one-line message.
func ErrorPos(err error) (int, string) {
	var ye yaml.Error
	if errors.As(err, &ye) && ye.GetToken() != nil {
		return ye.GetToken().Position.Line, ye.GetMessage()
	}
	return 1, fmt.Sprint(err)
}

// KeyLines returns the line of each key of a YAML mapping (of the first
// document, nested keys included, the last one winning for a repeated key).
func KeyLines(data []byte) map[string]int {
	lines := map[string]int{}
	f, err := parser.ParseBytes(data, 0)
	if err != nil || len(f.Docs) == 0 {
		return lines
	}
	ast.Walk(visitor(func(n ast.Node) {
		if mv, ok := n.(*ast.MappingValueNode); ok {
			lines[mv.Key.String()] = mv.Key.GetToken().Position.Line
		}
	}), f.Docs[0].Body)
	return lines
}

type visitor func(ast.Node)

func (v visitor) Visit(n ast.Node) ast.Visitor { v(n); return v }
