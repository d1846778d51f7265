package search

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"
)

// Synonyms are the same-language synonyms of content/synonyms.yaml by
// site language: pairs of a reader's word and a term of the pages it also
// means, as [Index.Synonyms] holds them.
type Synonyms map[string][][2]string

// synonymEntry is one entry of the file.
type synonymEntry struct {
	Words []string `yaml:"words"`
	Means []string `yaml:"means"`
}

// ParseSynonyms decodes content/synonyms.yaml strictly: a list per
// language of langs, every entry with words and means, no word meaning
// itself.
func ParseSynonyms(data []byte, langs []string) (Synonyms, error) {
	var f map[string][]synonymEntry
	if err := yaml.UnmarshalWithOptions(data, &f, yaml.Strict()); err != nil {
		return nil, err
	}
	out := Synonyms{}
	for lang, entries := range f {
		if !contains(langs, lang) {
			return nil, fmt.Errorf("unknown language %q: the keys are %s", lang, strings.Join(langs, ", "))
		}
		for i, e := range entries {
			if len(e.Words) == 0 || len(e.Means) == 0 {
				return nil, fmt.Errorf("%s entry %d: both words and means are required", lang, i+1)
			}
			for _, w := range e.Words {
				for _, m := range e.Means {
					if strings.TrimSpace(w) == "" || strings.TrimSpace(m) == "" {
						return nil, fmt.Errorf("%s entry %d: an empty word", lang, i+1)
					}
					if strings.EqualFold(w, m) {
						return nil, fmt.Errorf("%s entry %d: %q means itself", lang, i+1, w)
					}
					out[lang] = append(out[lang], [2]string{w, m})
				}
			}
		}
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}
