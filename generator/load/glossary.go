package load

import (
	"errors"
	"io/fs"

	"pairag.com/portal/generator/glossary"
	"pairag.com/portal/generator/report"
	"pairag.com/portal/generator/yamlpos"
)

// GlossaryFile pairs English and Chinese terms; it drives the glossary
// page, the search's expansion across languages and the term check.
const GlossaryFile = "content/glossary.yaml"

// Glossary reads content/glossary.yaml; a missing file is an empty glossary.
func Glossary(fsys fs.FS, rep *report.Collector) glossary.Glossary {
	data, err := fs.ReadFile(fsys, GlossaryFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		rep.Errorf(GlossaryFile, 0, "read glossary: %v", err)
		return nil
	}
	g, err := glossary.Parse(data)
	if err != nil {
		line, msg := yamlpos.ErrorPos(err)
		rep.Errorf(GlossaryFile, line, "%s", msg)
	}
	return g
}
