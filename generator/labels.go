package generator

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"pairag.com/portal/internal/yamlpos"
	"pairag.com/portal/protocol"
)

const labelsFile = "content/labels.yaml"

// label is the display name of one enum value in both languages.
type label struct {
	EN string `yaml:"en"`
	ZH string `yaml:"zh-CN"`
}

func (l label) in(lang string) string {
	if lang == zh {
		return l.ZH
	}
	return l.EN
}

// labels maps an enum kind (stage_type, script_language, data_format_type,
// ownership, project_tags, language, tier) and a value key (the integer id,
// or the tier name) to its label.
type labels map[string]map[string]label

// get returns the label of a value in a language.
func (ls labels) get(kind, key, lang string) string { return ls[kind][key].in(lang) }

// loadLabels reads content/labels.yaml strictly.
func loadLabels(fsys fs.FS, rep *report) labels {
	data, err := fs.ReadFile(fsys, labelsFile)
	if err != nil {
		rep.errorf(labelsFile, 0, "read labels: %v", err)
		return labels{}
	}
	var raw map[string]map[any]label
	if err := yaml.UnmarshalWithOptions(data, &raw, yaml.Strict()); err != nil {
		line, msg := yamlpos.ErrorPos(err)
		rep.errorf(labelsFile, line, "%s", msg)
		return labels{}
	}
	ls := labels{}
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
func enumValues(d *protocol.Document) map[string][]protocol.EnumValue {
	out := map[string][]protocol.EnumValue{
		"stage_type":       protocol.SortedEnum(d.StageTypeEnum),
		"script_language":  protocol.SortedEnum(d.ScriptLanguageEnum),
		"data_format_type": protocol.SortedEnum(d.DataFormatTypeEnum),
		"ownership":        protocol.SortedEnum(d.OwnershipEnum),
	}
	out["project_tags"], _ = d.Enum("project_tags")
	out["language"], _ = d.Enum("language_codebook")
	for i, t := range d.Tiers {
		out["tier"] = append(out["tier"], protocol.EnumValue{Key: t, ID: i})
	}
	return out
}

// labelKey is the key labels.yaml uses for a value: the id, or the name for tiers.
func labelKey(kind string, v protocol.EnumValue) string {
	if kind == "tier" {
		return v.Key
	}
	return strconv.Itoa(v.ID)
}

// check reports enum values without a label in either language as errors
// and labels for values the protocol no longer has as warnings.
// Errors point at the value's line in the file when it has one, else at
// its kind's, where the label goes.
func (ls labels) check(rep *report, fsys fs.FS, docs ...*protocol.Document) {
	data, _ := fs.ReadFile(fsys, labelsFile)
	all := unionEnumValues(docs)
	for kind, values := range all {
		known := map[string]bool{}
		for _, v := range values {
			key := labelKey(kind, v)
			known[key] = true
			for _, lang := range languages {
				if ls.get(kind, key, lang) == "" {
					rep.errorf(labelsFile, labelLine(data, kind, key), "%s %s (%s) has no %s label", kind, key, v.Key, lang)
				}
			}
		}
		for key := range ls[kind] {
			if !known[key] {
				rep.warnf(labelsFile, 0, "%s %s is not in the protocol document; remove its label", kind, key)
			}
		}
	}
	for kind := range ls {
		if _, ok := all[kind]; !ok {
			rep.warnf(labelsFile, 0, "unknown label kind %q", kind)
		}
	}
}

// TierLabels returns the tier names of content/labels.yaml in the form the
// validator takes them, so gen validate and the validator page name tiers
// as the docs do.
func TierLabels(fsys fs.FS) (map[string]protocol.Label, error) {
	rep := &report{}
	ls := loadLabels(fsys, rep)
	if err := rep.errs.Err(); err != nil {
		return nil, err
	}
	out := map[string]protocol.Label{}
	for tier, l := range ls["tier"] {
		out[tier] = protocol.Label{EN: l.EN, ZH: l.ZH}
	}
	return out, nil
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
