package generator

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pairag.com/portal/generator/glossary"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/pipeline"
	"pairag.com/portal/generator/reference"
	"pairag.com/portal/generator/skillpub"
	"pairag.com/portal/generator/skills"
)

// guideFile is the writer's guide, at the repository's root.
const guideFile = "../WRITING.md"

// TestGuideDocumentsEveryKey fails when a directive, a front-matter key
// (of pages and of skills) or a key of site.yaml or glossary.yaml exists in
// the code but the writer's guide does not name it: writers meet each of
// them, and the guide is the only place they are all explained.
func TestGuideDocumentsEveryKey(t *testing.T) {
	data, err := os.ReadFile(guideFile)
	if err != nil {
		t.Fatal(err)
	}
	guide := string(data)
	// named: `key` in prose or tables, or key: at the start of a YAML example line
	named := func(key string) bool {
		return strings.Contains(guide, "`"+key+"`") || strings.Contains(guide, "\n"+key+":") ||
			strings.Contains(guide, "\n  - "+key+":") || strings.Contains(guide, "\n    "+key+":")
	}
	groups := map[string][]string{
		"protocol directive":        append(reference.DirectiveNames(), "skills", skillpub.ArchivesDirective),
		"page front-matter key":     yamlKeys(reflect.TypeFor[markdown.FrontMatter]()),
		"skill front-matter key":    append(slices.Clone(skills.SkillKeys), skills.ProductKeys...),
		"SKILL.source.yaml key":     append(yamlKeys(reflect.TypeFor[skills.Record]()), yamlKeys(reflect.TypeFor[skills.Accept]())...),
		"content/site.yaml key":     yamlKeys(reflect.TypeFor[pipeline.SiteSettings]()),
		"content/glossary.yaml key": append([]string{"terms"}, yamlKeys(reflect.TypeFor[glossary.Term]())...),
	}
	for what, keys := range groups {
		if len(keys) == 0 {
			t.Errorf("no %s found in the code: the test reads the wrong place", what)
		}
		for _, k := range keys {
			if !named(k) {
				t.Errorf("%s %q is not in %s: document it there", what, k, guideFile)
			}
		}
	}
}

// yamlKeys lists the YAML keys of a struct type's fields.
func yamlKeys(typ reflect.Type) []string {
	var keys []string
	for f := range typ.Fields() {
		if tag, _, _ := strings.Cut(f.Tag.Get("yaml"), ","); tag != "" && tag != "-" {
			keys = append(keys, tag)
		}
	}
	return keys
}
