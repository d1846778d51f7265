// Package referencetest gives tests the site's words as the engine takes
// them: TierLabels reads content/labels.yaml through package reference,
// so the CLI's generated labels, the module's configuration and the
// corpus checks name tiers as the pages do. Nothing in gen imports it;
// cmd/validator's native build does, to configure the module's adapter as
// the site configures the module.
package referencetest

import (
	"io/fs"

	"pairag.com/portal/generator/reference"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/protocol"
)

// TierLabels returns the tier names of content/labels.yaml in the form the
// validator takes them, so gen validate and the validator page name tiers
// as the docs do; the first problem with the file is the error.
func TierLabels(fsys fs.FS) (map[string]protocol.Label, error) {
	var first firstError
	ls := reference.LoadLabels(fsys, &first)
	if first.f != nil {
		return nil, first.f
	}
	out := map[string]protocol.Label{}
	for tier, l := range ls["tier"] {
		out[tier] = protocol.Label{EN: l.EN, ZH: l.ZH}
	}
	return out, nil
}

// firstError keeps the first error reported to it.
type firstError struct{ f *diag.Finding }

// Report keeps f when it is the first error.
func (e *firstError) Report(f *diag.Finding) {
	if e.f == nil && f.Severity == diag.SeverityError {
		e.f = f
	}
}
