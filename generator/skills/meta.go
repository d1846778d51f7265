package skills

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"
	yast "github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/yamlpos"
	"pairag.com/portal/internal/diag"
)

// metaValue is a value of a skill's front matter as written: a scalar's
// text (1.0 stays 1.0), a list or a map in the order of the file.
type metaValue struct {
	Text string
	List []metaValue
	Keys []string // of a map, in order
	Map  map[string]metaValue
	Line int // relative to the YAML text
}

func (v metaValue) isScalar() bool { return v.List == nil && v.Map == nil }

// SkillKeys are the keys a SKILL.md's front matter may have, in the order
// the page shows them: those of the Agent Skills format, then the version
// and author many published skills carry. The check of a skill's front
// matter reads them, and the writer's guide's test holds the guide to
// them; never change them at run time.
var SkillKeys = []string{"name", "description", "version", "author", "license", "compatibility", "allowed-tools", "metadata"}

// ProductKeys are keys agent products read beyond the Agent Skills format
// (Claude Code's slash commands, model and subagent settings, hooks): valid
// in a skill, shown on its page as written, never checked further, since
// each product defines them.
var ProductKeys = []string{"argument-hint", "disable-model-invocation", "user-invocable", "model", "effort", "context", "agent", "hooks", "paths"}

// extraKey is a front-matter key outside the Agent Skills format, kept as
// written for the page.
type extraKey struct {
	Key     string
	Value   metaValue
	Unknown bool // not a product key either
}

// parseSkillFrontMatter reads a SKILL file's front matter. Problems are
// findings worded "what is wrong; what is allowed", at their lines: a
// skill with a broken header still publishes.
//
// An unknown key is a warning in our own skills (strict: most likely a
// typo) and a note in a third party's, whose author may write for a
// product we do not know; either way it is published and shown as written.
func parseSkillFrontMatter(file string, src []byte, strict bool) (frontMatter, int, []diag.Finding) {
	fm := frontMatter{invalid: map[string]bool{}, broken: true}
	text, first, body, err := markdown.SplitFrontMatter(src)
	if err != nil {
		fm.broken = false // say what a SKILL.md needs
		return fm, 0, []diag.Finding{{File: file, Line: 1, Severity: diag.SeverityWarning, Msg: "front matter: " + err.Error() + "; a SKILL.md starts with YAML between two lines of ---, with at least name and description"}}
	}
	if line, msg := markdown.CheckYAML(text); msg != "" {
		return fm, body, []diag.Finding{{File: file, Line: line + first - 1, Severity: diag.SeverityWarning, Msg: "front matter: " + msg}}
	}
	var plain map[string]any
	if err := yaml.Unmarshal(text, &plain); err != nil {
		line, msg := yamlpos.ErrorPos(err)
		return fm, body, []diag.Finding{{File: file, Line: line + first - 1, Severity: diag.SeverityWarning, Msg: "front matter: " + msg + "; it must be YAML keys with values (quote a value holding \": \" or a leading special character)"}}
	}
	root, err := parser.ParseBytes(text, 0)
	if err != nil || len(root.Docs) == 0 {
		return fm, body, nil
	}
	top := toMeta(root.Docs[0].Body)
	fm.broken = false
	var out []diag.Finding
	bad := func(line int, format string, args ...any) {
		out = append(out, diag.Finding{File: file, Line: line + first - 1, Severity: diag.SeverityWarning, Msg: "front matter: " + fmt.Sprintf(format, args...)})
	}
	if !top.isScalar() || top.Text != "" {
		if top.Map == nil {
			bad(top.Line, "not a map of keys to values; write one key: value per line")
			return fm, body, out
		}
	}
	for _, k := range top.Keys {
		v := top.Map[k]
		switch {
		case slices.Contains(ProductKeys, k):
			fm.Extra = append(fm.Extra, extraKey{Key: k, Value: v})
		case !slices.Contains(SkillKeys, k):
			fm.Extra = append(fm.Extra, extraKey{Key: k, Value: v, Unknown: true})
			sev := diag.SeverityInfo
			if strict {
				sev = diag.SeverityWarning
			}
			out = append(out, diag.Finding{File: file, Line: v.Line + first - 1, Severity: sev, Msg: fmt.Sprintf(
				"front matter: key %q is neither in the Agent Skills format (%s) nor one agent products are known to read (%s); check its spelling: it is published and shown as written",
				k, strings.Join(SkillKeys, ", "), strings.Join(ProductKeys, ", "))})
		case k == "metadata":
			if v.Map == nil && v.Text != "" {
				bad(v.Line, "metadata is %s; it must be a map of keys to values (nested maps and lists are shown as they are)", describe(v))
			} else {
				fm.Metadata = v
			}
		case k == "allowed-tools" && v.List != nil:
			var tools []string
			for _, t := range v.List {
				tools = append(tools, t.Text)
			}
			fm.AllowedTools = strings.Join(tools, " ")
		case !v.isScalar():
			fm.invalid[k] = true
			bad(v.Line, "%s is %s; it must be text on one line (quote it if it holds \": \")", k, describe(v))
		default:
			fm.set(k, v.Text)
		}
	}
	return fm, body, out
}

func (fm *frontMatter) set(key, value string) {
	switch key {
	case "name":
		fm.Name = value
	case "description":
		fm.Description = value
	case "version":
		fm.Version = value
	case "author":
		fm.Author = value
	case "license":
		fm.License = value
	case "compatibility":
		fm.Compatibility = value
	case "allowed-tools":
		fm.AllowedTools = value
	}
}

func describe(v metaValue) string {
	switch {
	case v.List != nil:
		return "a list"
	case v.Map != nil:
		return "a map"
	}
	return fmt.Sprintf("%q", v.Text)
}

// toMeta converts a YAML node, keeping the text of scalars as written.
func toMeta(n yast.Node) metaValue {
	if n == nil {
		return metaValue{}
	}
	v := metaValue{}
	if tk := n.GetToken(); tk != nil {
		v.Line = tk.Position.Line
	}
	switch n := n.(type) {
	case *yast.MappingNode:
		v.Map = map[string]metaValue{}
		for _, mv := range n.Values {
			v.addKey(mv)
		}
	case *yast.MappingValueNode:
		v.Map = map[string]metaValue{}
		v.addKey(n)
	case *yast.SequenceNode:
		v.List = []metaValue{}
		for _, c := range n.Values {
			v.List = append(v.List, toMeta(c))
		}
	case *yast.StringNode:
		v.Text = n.Value
	case *yast.LiteralNode:
		v.Text = strings.TrimRight(n.Value.Value, "\n")
	case *yast.NullNode:
	case *yast.TagNode:
		return toMeta(n.Value)
	case *yast.AnchorNode:
		return toMeta(n.Value)
	default:
		if tk := n.GetToken(); tk != nil {
			v.Text = tk.Value
		}
	}
	return v
}

func (v *metaValue) addKey(mv *yast.MappingValueNode) {
	k := mv.Key.String()
	if tk := mv.Key.GetToken(); tk != nil {
		k = tk.Value
	}
	c := toMeta(mv.Value)
	if tk := mv.Key.GetToken(); tk != nil {
		c.Line = tk.Position.Line
	}
	if _, dup := v.Map[k]; !dup {
		v.Keys = append(v.Keys, k)
	}
	v.Map[k] = c
}
