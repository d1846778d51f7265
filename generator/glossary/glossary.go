// Package glossary holds the English–Chinese term pairs of
// content/glossary.yaml: the /glossary/ page shows them, the site search
// expands queries across languages with them, and the translation check
// (package drift) holds translations to them. It is read once per build.
package glossary

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"
)

// Term is one glossary entry: an English term, the Chinese term the portal
// uses for it, and a note in each language saying what it means here.
type Term struct {
	EN     string `yaml:"en" json:"en"`
	ZH     string `yaml:"zh-CN" json:"zh"`
	NoteEN string `yaml:"note_en" json:"-"`
	NoteZH string `yaml:"note_zh-CN" json:"-"`
	Avoid  string `yaml:"avoid_zh-CN,omitempty" json:"-"` // Chinese wording translators should not use
}

// Glossary is the list of term pairs of content/glossary.yaml.
type Glossary []Term

// Parse decodes the glossary strictly and checks that every entry
// has both terms and that no term appears twice.
func Parse(data []byte) (Glossary, error) {
	var g struct {
		Terms Glossary `yaml:"terms"`
	}
	if err := yaml.UnmarshalWithOptions(data, &g, yaml.Strict()); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for i, t := range g.Terms {
		if strings.TrimSpace(t.EN) == "" || strings.TrimSpace(t.ZH) == "" {
			return nil, fmt.Errorf("term %d: both en and zh-CN are required", i+1)
		}
		for _, k := range []string{"en:" + strings.ToLower(t.EN), "zh:" + t.ZH} {
			if seen[k] {
				return nil, fmt.Errorf("term %d: %s appears twice", i+1, k[3:])
			}
			seen[k] = true
		}
	}
	return g.Terms, nil
}

// Pairs returns the glossary as [English, Chinese] pairs, as the index holds it.
func (g Glossary) Pairs() [][2]string {
	out := make([][2]string, len(g))
	for i, t := range g {
		out[i] = [2]string{t.EN, t.ZH}
	}
	return out
}
