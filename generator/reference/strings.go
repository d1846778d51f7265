package reference

import (
	"io/fs"
	"slices"
	"strconv"

	"github.com/goccy/go-yaml"

	"pairag.com/portal/generator/yamlpos"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/protocol/spec"
)

// TranslationsFile holds the Chinese text of the protocol strings the
// tables show, keyed as ProtocolStrings keys them.
const TranslationsFile = "content/protocol.zh-CN.yaml"

// ProtocolStrings lists every descriptive string of the protocol document
// that the generated tables show, keyed by a stable path: the document key,
// then the field name, enum key, stage type id or 0-based list index.
func ProtocolStrings(d *spec.Document) map[string]string {
	s := map[string]string{}
	for _, f := range d.TopLevel.Fields {
		s["top_level."+f.Name] = f.Description
	}
	for name, desc := range d.TopLevel.DeprecatedFields {
		s["top_level.deprecated."+name] = desc
	}
	for _, ref := range fieldLists {
		fields, _ := d.FieldList(ref)
		for _, f := range fields {
			s[ref+"."+f.Name] = f.Description
		}
	}
	for _, c := range d.ConditionalRequirements {
		s["conditional_requirements."+c.Rule] = c.Description
	}
	for k, v := range d.OwnershipEnumDescriptions {
		s["ownership_enum_descriptions."+k] = v
	}
	for k, v := range d.StageTypeEnumDescriptions {
		s["stage_type_enum_descriptions."+k] = v
	}
	for _, c := range d.StageTypeSelection {
		s["stage_type_selection."+strconv.Itoa(c.StageType)] = c.UseWhen
	}
	for id, fields := range d.TypeCriteria {
		for _, f := range fields {
			s["type_criteria."+id+"."+f.Name] = f.Description
		}
	}
	for i, n := range d.Notes {
		s["notes."+strconv.Itoa(i)] = n
	}
	s["example.description"] = d.Example.Description
	return s
}

// fieldLists are the field lists whose descriptions the tables show.
var fieldLists = []string{
	"manifest_fields", "global_config_fields", "stage_fields", "data_format_fields",
	"harness_policy_fields", "agent_skill_fields", "context_constraints_fields",
	"input_limit_fields", "output_limit_fields",
}

// Translation is one entry of content/protocol.zh-CN.yaml: the Chinese
// text and its line, where a stale entry is reported.
type Translation struct {
	Text string
	Line int
}

// texts gives the protocol's descriptive strings in one language.
type texts struct {
	lang string
	en   map[string]string
	zh   map[string]Translation
}

// get returns the string at key in the texts' language. Keys come from
// protocolStrings, which the build checks against the translations first.
func (t texts) get(key string) string {
	if t.lang == ZH {
		if tr, ok := t.zh[key]; ok {
			return tr.Text
		}
	}
	return t.en[key]
}

// LoadTranslations reads content/protocol.zh-CN.yaml: a flat mapping from
// key to Chinese text.
func LoadTranslations(fsys fs.FS, rep diag.Reporter) map[string]Translation {
	data, err := fs.ReadFile(fsys, TranslationsFile)
	if err != nil {
		errorf(rep, TranslationsFile, 0, "read translations: %v", err)
		return nil
	}
	var flat map[string]string
	if err := yaml.UnmarshalWithOptions(data, &flat, yaml.Strict()); err != nil {
		line, msg := yamlpos.ErrorPos(err)
		errorf(rep, TranslationsFile, line, "%s", msg)
		return nil
	}
	lines := yamlpos.KeyLines(data)
	out := make(map[string]Translation, len(flat))
	for k, v := range flat {
		out[k] = Translation{v, lines[k]}
	}
	return out
}

// CheckTranslations reports protocol strings without a Chinese translation
// as errors, at the place source gives (the protocol file and line that
// holds the string; the translations file when it gives none), and
// translations of strings that no longer exist as warnings.
func CheckTranslations(en map[string]string, tr map[string]Translation, rep diag.Reporter, source func(key, text string) (string, int)) {
	if tr == nil {
		return // the file could not be read; that error is reported already
	}
	keys := make([]string, 0, len(en))
	for k := range en {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if t, ok := tr[k]; !ok || t.Text == "" {
			if file, line := source(k, en[k]); file != "" {
				errorf(rep, file, line, "no Chinese translation of %s in %s: %q", k, TranslationsFile, en[k])
			} else {
				errorf(rep, TranslationsFile, 0, "no translation for %s: %q", k, en[k])
			}
		}
	}
	for k, t := range tr {
		if _, ok := en[k]; !ok {
			warnf(rep, TranslationsFile, t.Line, "%s is not a protocol string any more; remove it", k)
		}
	}
}
