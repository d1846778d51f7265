package reference

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"pairag.com/portal/generator/yamlpos"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/protocol/spec"
)

// LabelsFile holds the labels of every enum value in both languages.
const LabelsFile = "content/labels.yaml"

// label is the display name of one enum value in both languages.
type label struct {
	EN string `yaml:"en"`
	ZH string `yaml:"zh-CN"`
}

func (l label) in(lang string) string {
	if lang == ZH {
		return l.ZH
	}
	return l.EN
}

// Labels maps an enum kind (stage_type, script_language, data_format_type,
// ownership, project_tags, language, tier) and a value key (the integer id,
// or the tier name) to its label.
type Labels map[string]map[string]label

// Get returns the label of a value in a language.
func (ls Labels) Get(kind, key, lang string) string { return ls[kind][key].in(lang) }

// LoadLabels reads content/labels.yaml strictly.
func LoadLabels(fsys fs.FS, rep diag.Reporter) Labels {
	data, err := fs.ReadFile(fsys, LabelsFile)
	if err != nil {
		errorf(rep, LabelsFile, 0, "read labels: %v", err)
		return Labels{}
	}
	var raw map[string]map[any]label
	if err := yaml.UnmarshalWithOptions(data, &raw, yaml.Strict()); err != nil {
		line, msg := yamlpos.ErrorPos(err)
		errorf(rep, LabelsFile, line, "%s", msg)
		return Labels{}
	}
	ls := Labels{}
	for kind, values := range raw {
		ls[kind] = map[string]label{}
		for k, v := range values {
			ls[kind][fmt.Sprint(k)] = v
		}
	}
	return ls
}

// enumValues lists, per label kind, the keys the protocol document defines
// with a name to show in messages.
func enumValues(d *spec.Document) map[string][]spec.EnumValue {
	out := map[string][]spec.EnumValue{
		"stage_type":       spec.SortedEnum(d.StageTypeEnum),
		"script_language":  spec.SortedEnum(d.ScriptLanguageEnum),
		"data_format_type": spec.SortedEnum(d.DataFormatTypeEnum),
		"ownership":        spec.SortedEnum(d.OwnershipEnum),
	}
	out["project_tags"], _ = d.Enum("project_tags")
	out["language"], _ = d.Enum("language_codebook")
	for i, t := range d.Tiers {
		out["tier"] = append(out["tier"], spec.EnumValue{Key: t, ID: i})
	}
	return out
}

// labelKey is the key labels.yaml uses for a value: the id, or the name for tiers.
func labelKey(kind string, v spec.EnumValue) string {
	if kind == "tier" {
		return v.Key
	}
	return strconv.Itoa(v.ID)
}

// Check reports enum values without a label in either language as errors
// and labels for values the protocol no longer has as warnings.
// Errors point at the value's line in the file when it has one, else at
// its kind's, where the label goes.
func (ls Labels) Check(rep diag.Reporter, fsys fs.FS, docs ...*spec.Document) {
	data, _ := fs.ReadFile(fsys, LabelsFile)
	all := unionEnumValues(docs)
	for kind, values := range all {
		known := map[string]bool{}
		for _, v := range values {
			key := labelKey(kind, v)
			known[key] = true
			for _, lang := range Languages {
				if ls.Get(kind, key, lang) == "" {
					errorf(rep, LabelsFile, labelLine(data, kind, key), "%s %s (%s) has no %s label", kind, key, v.Key, lang)
				}
			}
		}
		for key := range ls[kind] {
			if !known[key] {
				warnf(rep, LabelsFile, 0, "%s %s is not in the protocol document; remove its label", kind, key)
			}
		}
	}
	for kind := range ls {
		if _, ok := all[kind]; !ok {
			warnf(rep, LabelsFile, 0, "unknown label kind %q", kind)
		}
	}
}

// labelLine is the line of a value's label in labels.yaml, or of its kind
// when the value has none; 0 when neither is there.
func labelLine(data []byte, kind, key string) int {
	start := keyLine(data, kind, 0)
	if start == 0 {
		return 0
	}
	lines := strings.Split(string(data), "\n")
	for i := start; i < len(lines); i++ {
		line := lines[i]
		if line != "" && line[0] != ' ' && line[0] != '#' {
			break // the next kind
		}
		t := strings.TrimSpace(line)
		for _, k := range []string{key, `"` + key + `"`} {
			if strings.HasPrefix(t, k+":") {
				return i + 1
			}
		}
	}
	return start
}

// unionEnumValues merges the enum values of every version by label key,
// so a label is required for each value of any version and flagged only
// when no version has its value.
func unionEnumValues(docs []*spec.Document) map[string][]spec.EnumValue {
	out := map[string][]spec.EnumValue{}
	seen := map[string]bool{}
	for _, d := range docs {
		for kind, values := range enumValues(d) {
			if out[kind] == nil {
				out[kind] = []spec.EnumValue{}
			}
			for _, v := range values {
				if k := kind + "\x00" + labelKey(kind, v); !seen[k] {
					seen[k] = true
					out[kind] = append(out[kind], v)
				}
			}
		}
	}
	return out
}
