package pipeline

import (
	"sync"

	"pairag.com/portal/templates"
)

// Mermaid diagrams are drawn in the browser by templates/assets/diagrams.js
// with the vendored renderer it imports (templates/assets/vendor). Both
// are published, content-hashed, only when a page has a diagram, and only
// such pages load the script: every other page loads nothing more.

// diagramScript writes the diagram script and its renderer once.
type diagramScript struct {
	once sync.Once
	url  string
}

// diagramScriptURL publishes the diagram script and the renderer, the
// first time a page needs them, and returns the script's URL.
func (b *builder) diagramScriptURL() string {
	b.diagrams.once.Do(func() {
		renderer := b.writeHashed("beautiful-mermaid", ".js", templates.DiagramRenderer())
		b.diagrams.url = b.writeHashed("diagrams", ".js", templates.DiagramScript(renderer))
	})
	return b.diagrams.url
}
