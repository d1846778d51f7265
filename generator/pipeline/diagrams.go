package pipeline

import "pairag.com/portal/templates"

// Mermaid diagrams are drawn in the browser by templates/assets/diagrams.js
// with the vendored renderer it imports (templates/assets/vendor). Both
// are published, content-hashed, only when a page has a diagram, and only
// such pages load the script: every other page loads nothing more. Like
// the theme script, they are named before the pages and written after
// them (writeExtras), once the pages' results say whether any drew one.

// The diagram renderer's and the diagram script's URLs.
var (
	diagramRendererURL = hashedURL("beautiful-mermaid", ".js", templates.DiagramRenderer())
	diagramScriptURL   = hashedURL("diagrams", ".js", templates.DiagramScript(diagramRendererURL))
)

// writeDiagramScript publishes the diagram script and its renderer when a
// page of results, rendered or reused, draws a diagram.
func (b *rendered) writeDiagramScript(results map[string]*pageResult) {
	for _, r := range results {
		if r.diagrams {
			b.write(diagramRendererURL, templates.DiagramRenderer())
			b.write(diagramScriptURL, templates.DiagramScript(diagramRendererURL))
			return
		}
	}
}
