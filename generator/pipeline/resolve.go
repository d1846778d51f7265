package pipeline

import (
	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/reference"
	"pairag.com/portal/protocol/spec"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/blocks"
)

// The resolve stage: everything the pages' directives show, computed from
// the loaded model before any page is rendered, so that every page renders
// through one pool with nothing left to fill in between. Its output,
// resolved, holds outputs and older (directive output by language and
// name, for the content's version and for each older version's reference
// page) and refMD (the Markdown version of every reference page, which the
// bundle directive embeds and publish writes as /protocol/*.md).

// resolve builds every directive's output for both languages: from the
// content's version for every page, and from each older version for its
// own reference page, which keeps that version's tables; then the skills
// index and, from the reference pages' Markdown, the copy-both bundle.
// a names the assets the directives link.
func (l *loaded) resolve(a assets) *resolved {
	b := &resolved{loaded: l, assets: a}
	b.outputs = b.directiveOutputs(b.doc)
	b.older = map[string]map[string]map[string][]block.Block{}
	for _, d := range b.refs.docs {
		if d != b.doc {
			b.older[d.FileName()] = b.directiveOutputs(d)
		}
	}
	b.prepareSkillIndex() // skillsite.go
	if b.refs.byRel[referenceRel(b.doc)] == nil {
		b.rep.Errorf("content/"+en+"/"+referenceRel(b.doc), 0, "the field reference page is missing in one or both languages; it is published as /protocol/*.md and in the bundle")
	}
	b.refMD = b.referenceMarkdown()
	b.addBundles()
	return b
}

// directiveOutputs builds every directive of one version, by language and name.
func (b *loaded) directiveOutputs(d *spec.Document) map[string]map[string][]block.Block {
	return reference.Directives(reference.Input{
		Doc: d, Labels: b.labels, Translations: b.trans, Glossary: b.ext.glossary, Highlight: b.hl,
		ReferencePage: func(lang string) string { return pageURL(lang, referenceRel(d)) },
	}, b.rep)
}

// docOf returns the version a page describes: its own for a version's
// reference page, the content's version for every other page.
func (b *loaded) docOf(rel string) *spec.Document {
	if d := b.refs.byRel[rel]; d != nil {
		return d
	}
	return b.doc
}

// lookup returns the directive resolver for a version and a language.
func (b *resolved) lookup(d *spec.Document, lang string) func(string) ([]block.Block, error) {
	outputs := b.outputs
	if d != b.doc {
		outputs = b.older[d.FileName()]
	}
	return reference.Lookup(outputs[lang])
}

// referenceMarkdown returns the Markdown version of every version's
// reference page, by version file name and language: each page parsed and
// transformed as the render stage will (its directives expanded, its links
// made absolute), but not rendered, or taken from the Cache when the pair
// is unchanged. What it finds is left for the render stage to report; a
// page whose front matter has errors gives "".
func (b *resolved) referenceMarkdown() map[string]map[string]string {
	out := map[string]map[string]string{}
	var w *worker
	for _, pr := range b.pairs {
		d := b.refs.byRel[pr.Rel()]
		if d == nil {
			continue
		}
		out[d.FileName()] = map[string]string{}
		if c := b.cfg.Cache; c != nil {
			if e := c.lookup(pairID(pr), pairKey(pr)); e != nil { // unchanged since the last build: its Markdown is known
				for _, r := range e.results {
					out[d.FileName()][r.page.Lang] = string(r.markdown)
				}
				continue
			}
		}
		if w == nil {
			w = b.newWorker()
		}
		for _, lang := range languages {
			p := pr.Get(lang)
			if p.Broken {
				out[d.FileName()][lang] = ""
				continue
			}
			pp := b.parsePage(w, p, &report{})
			pp.transform()
			out[d.FileName()][lang] = string(b.exportMarkdown(p, pp.st))
		}
	}
	return out
}

// addBundles makes the bundle directive of each language from the
// content version's Markdown reference.
func (b *resolved) addBundles() {
	d := b.doc
	for lang, md := range b.refMD[d.FileName()] {
		link := func(name string) templates.Link { return templates.Link{Text: name, URL: "/protocol/" + name} }
		bundle := blocks.Bundle{
			Msg: templates.For(lang), ID: "copy-both", MarkdownName: referenceName(d, lang), Markdown: md,
			JSONName: d.FileName(), JSON: string(b.docJSON),
			Text: bundleText(d, lang, md), FileURL: link(bundleName(d, lang)).URL,
		}
		files := []templates.Link{link(bundleName(d, lang)), link(referenceName(d, lang)), link(d.FileName())}
		for _, tier := range d.Tiers {
			tb := link(tierBundleName(d, tier, lang))
			bundle.Tiers = append(bundle.Tiers, templates.Link{Text: b.labels.Get("tier", tier, lang), URL: tb.URL})
			files = append(files, tb)
		}
		b.outputs[lang]["bundle"] = []block.Block{block.Bundle(bundle, files)}
	}
}
