package pipeline

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"io/fs"
	"slices"
	"strings"

	"pairag.com/portal/generator/load"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/reference"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/generator/skillpub"
	"pairag.com/portal/generator/verify"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/judge"
	"pairag.com/portal/protocol/spec"
	"pairag.com/portal/templates"
)

// Names of a version's published Markdown reference and bundle, beside its
// FileName and SchemaFileName.
// noValidatorMsg is the warning of a build given no validator module.
const noValidatorMsg = "no WebAssembly validator given: the validator page is published without the tool"

func referenceName(d *spec.Document, lang string) string {
	return strings.TrimSuffix(d.FileName(), ".json") + "." + lang + ".md"
}

func bundleName(d *spec.Document, lang string) string {
	return strings.TrimSuffix(d.FileName(), ".json") + ".bundle." + lang + ".txt"
}

// tierBundleName is the bundle of one tier: the same bundle, opened by the
// tier's limits (see [tierBundleText]).
func tierBundleName(d *spec.Document, tier, lang string) string {
	return strings.TrimSuffix(d.FileName(), ".json") + ".bundle." + tier + "." + lang + ".txt"
}

// tierBundleText is the bundle for a creator of one tier: the tier's
// limits first, then the bundle byte for byte.
func (b *loaded) tierBundleText(d *spec.Document, tier, lang, markdown string) string {
	return reference.TierBrief(d, b.labels, lang, tier) + bundleText(d, lang, markdown)
}

// bundleText is exactly what the copy-both button copies: each file
// introduced by a separator line, LF line ends, one trailing newline.
func bundleText(d *spec.Document, lang, markdown string) string {
	return "===== " + referenceName(d, lang) + " =====\n" + markdown +
		"\n===== " + d.FileName() + " =====\n" + strings.TrimRight(string(d.Raw()), "\n") + "\n"
}

// writeAssets publishes the CSS and JavaScript under content-hashed names
// and returns their URLs.
func (b *loaded) writeAssets() (a assets) {
	a.css = b.writeHashed("site", ".css", templates.StyleSheet())
	a.js = b.writeHashed("site", ".js", templates.Script())
	if len(b.skills) > 0 {
		a.skillsJS = b.writeHashed("skills", ".js", templates.SkillsScript())
	}
	if b.refs.script != "" {
		b.write(b.refs.script, templates.VersionsScript()) // versionbar.go
	}
	if v := b.cfg.Validator; v != nil {
		a.validator = &validatorAssets{
			script: b.writeHashed("validator", ".js", templates.ValidatorScript()),
			start:  b.writeHashed("validator-start", ".js", templates.ValidatorStart()),
			css:    b.writeHashed("validator", ".css", templates.ValidatorStyleSheet()),
			// The worker script carries Go's wasm_exec.js in front of it: one
			// request instead of two in a row (the worker asked for
			// wasm_exec.js only once its own script had arrived: a round trip,
			// 165 ms on a phone's Fast 4G, between the page and ready).
			worker: b.writeHashed("validator-worker", ".js", workerScript(v.WasmExec)),
			exec:   b.writeHashed("wasm_exec", ".js", v.WasmExec),
			wasm:   b.writeHashed("validator", ".wasm", v.Wasm),
		}
		b.writeValidatorAPI(a.validator, len(v.Wasm))
	} else if !b.cfg.ValidatorComing {
		b.rep.Warnf(validatorPage, 0, "%s", noValidatorMsg)
	}
	return a
}

// workerScript is the validator's worker script with wasm_exec.js (which
// defines Go) in front, each ending in a newline.
func workerScript(wasmExec []byte) []byte {
	exec := bytes.TrimRight(wasmExec, "\n")
	worker := templates.ValidatorWorker()
	out := make([]byte, 0, len(exec)+1+len(worker))
	out = append(append(out, exec...), '\n')
	return append(out, worker...)
}

// writeHashed writes /assets/<name>.<hash><ext> and returns its URL.
func (b *env) writeHashed(name, ext string, data []byte) string {
	return b.writeHashedParts(name, ext, data)
}

// writeHashedParts is writeHashed of the concatenation of parts, which it
// digests and writes part by part.
func (b *env) writeHashedParts(name, ext string, parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
	}
	url := "/assets/" + name + "." + hex.EncodeToString(h.Sum(nil)[:5]) + ext
	b.writeParts(url, parts...)
	return url
}

var newline = []byte{'\n'}

// publishFiles writes the protocol files, llms.txt, the sitemap, robots.txt
// and the skills' archives and discovery index.
func (b *rendered) publishFiles() {
	b.write("/protocol/"+b.doc.FileName(), b.docJSON)
	j := b.schema // started by run before the pages
	<-j.done
	b.rep.Merge(&j.rep)
	if j.schema != nil {
		b.write("/protocol/"+b.doc.SchemaFileName(), j.schema)
	}
	b.publishVersions()
	for _, d := range b.refs.docs {
		for _, lang := range languages {
			if md, ok := b.refMD[d.FileName()][lang]; ok {
				b.write("/protocol/"+referenceName(d, lang), []byte(md))
				b.write("/protocol/"+bundleName(d, lang), []byte(bundleText(d, lang, md)))
				for _, tier := range d.Tiers {
					b.write("/protocol/"+tierBundleName(d, tier, lang), []byte(b.tierBundleText(d, tier, lang, md)))
				}
			}
		}
	}
	load.Parallel(len(languages)+1, b.cfg.Workers, func(i int) {
		if i < len(languages) {
			b.writeLLMs(languages[i])
		} else {
			b.write("/sitemap.xml", []byte(b.sitemap()))
		}
	})
	b.write("/robots.txt", []byte("User-agent: *\nAllow: /\n\nSitemap: "+b.abs("/sitemap.xml")+"\n"))
	b.publishSkillArtifacts()
}

// publishSkillArtifacts writes what makes the skills installable from the
// site's URL (package skillpub): each skill's archive and file list, and
// the discovery index, made of the files renderSkills published.
func (b *loaded) publishSkillArtifacts() {
	var in []skillpub.Skill
	var files, pages []string
	for _, s := range b.skills {
		p := s.Page(en)
		pages = append(pages, s.PageURLs()...) // the skill's and its companions'

		ps := skillpub.Skill{Slug: s.Slug, Name: p.Title, Description: p.Description, Source: p.File}
		for _, f := range s.Files() {
			rel := strings.TrimPrefix(f.URL, "/skills/"+s.Slug+"/")
			info, err := fs.Stat(b.cfg.Content, "content/skills/"+s.Slug+"/"+rel)
			ps.Files = append(ps.Files, skillpub.File{Path: rel, Data: f.Data, Exec: err == nil && info.Mode()&0o111 != 0})
			files = append(files, f.URL)
		}
		in = append(in, ps)
	}
	verify.SkillHeaders(b.cfg.Content, files, pages, b.rep)
	out, findings, err := skillpub.Publish(in)
	if err != nil {
		b.rep.Errorf("content/skills", 0, "%v", err)
		return
	}
	for _, f := range findings {
		b.rep.Report(&f)
	}
	for _, o := range out {
		b.write(o.URL, o.Data)
	}
}

// schemaJudgement is the content version's JSON Schema, derived and judged
// while the pages render (it needs none of them), and what judging found,
// reported when the schema is published.
type schemaJudgement struct {
	done   chan struct{}
	schema []byte // nil when it could not be derived
	rep    report
}

// judgeSchemaLater derives and judges the schema on a goroutine of its own.
func (b *loaded) judgeSchemaLater() *schemaJudgement {
	j := &schemaJudgement{done: make(chan struct{})}
	go func() {
		defer close(j.done)
		schema, err := b.doc.Schema()
		if err != nil {
			j.rep.Errorf(reference.DocPath(b.doc), 0, "derive JSON Schema: %v", err)
			return
		}
		j.schema = schema
		judgeSchema(b.doc, schema, &j.rep)
	}()
	return j
}

// judgeSchema proves what the build publishes: the schema compiles with an
// independent JSON Schema validator and accepts the document's example, and
// the engine finds no error in the example at the tier it is written for.
func judgeSchema(d *spec.Document, schema []byte, rep *report) {
	j, err := judge.Compile(schema, d.SchemaURL)
	if err != nil {
		rep.Errorf(reference.DocPath(d), 0, "the derived JSON Schema does not compile: %v", err)
		return
	}
	vs, err := j.Validate(d.Example.Payload)
	if err != nil || len(vs) > 0 {
		rep.Errorf(reference.DocPath(d), 0, "the derived JSON Schema rejects the document's example: %v %v", vs, err)
	}
	res := protocol.Validate(d.Example.Payload, protocol.Options{Tier: d.Example.Tier, Document: d})
	for _, f := range res.Findings {
		if f.Severity == diag.SeverityError {
			rep.Errorf(reference.DocPath(d), 0, "the document's example fails validation as %s: %s [%s]", d.Example.Tier, f.MessageEN, f.Code)
		}
	}
}

// listed returns a language's pages for llms.txt: navigation order first,
// then the others by URL; error pages are left out.
func (b *rendered) listed(lang string) []*pageResult {
	var out []*pageResult
	for _, r := range b.results {
		if r.page.Lang == lang && r.page.Kind.Listed() && !r.page.Pending {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(x, y *pageResult) int {
		return cmp.Or(cmp.Compare(navRank(x.page), navRank(y.page)), cmp.Compare(x.page.FM.Order, y.page.FM.Order),
			cmp.Compare(x.page.URL, y.page.URL))
	})
	return out
}

func navRank(p *page) int {
	if p.FM.InNav() {
		return 0
	}
	return 1
}

// writeLLMs writes llms.txt and llms-full.txt of a language.
func (b *rendered) writeLLMs(lang string) {
	m := templates.For(lang)
	var s strings.Builder
	fmt.Fprintf(&s, "# %s\n\n> %s\n\n## %s\n\n", m.SiteName, m.LLMsSummary, m.LLMsProtocol)
	item := func(name, path, note string) {
		fmt.Fprintf(&s, "- [%s](%s): %s\n", name, b.abs(path), note)
	}
	d := b.doc
	item(referenceName(d, lang), "/protocol/"+referenceName(d, lang), m.LLMsReference)
	item(d.FileName(), "/protocol/"+d.FileName(), m.LLMsJSON)
	item(d.SchemaFileName(), "/protocol/"+d.SchemaFileName(), m.LLMsSchema)
	item(bundleName(d, lang), "/protocol/"+bundleName(d, lang), m.LLMsBundle)
	b.llmsLatest(lang, item)
	fmt.Fprintf(&s, "\n## %s\n\n", m.LLMsPages)
	listed := b.listed(lang)
	full := make([][]byte, 0, 2*len(listed)) // the pages' Markdown, a blank line between: written as it is kept
	for i, r := range listed {
		item(r.page.FM.Title, site.MarkdownURL(r.page), r.page.FM.Description)
		if i > 0 {
			full = append(full, newline)
		}
		full = append(full, b.llmsText(r))
	}
	prefix := markdown.LangPrefix(lang)
	fmt.Fprintf(&s, "\n## Optional\n\n")
	item("llms-full.txt", prefix+"/llms-full.txt", m.LLMsFull)
	b.write(prefix+"/llms.txt", []byte(s.String()))
	b.writeParts(prefix+"/llms-full.txt", full...)
}

// sitemap lists every page of both languages with its hreflang alternates.
func (b *loaded) sitemap() string {
	var s strings.Builder
	s.Grow(len(b.pairs) * 2 * (len(b.cfg.BaseURL)*4 + 320)) // a page's entry: four URLs and the markup around them
	s.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	s.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, pr := range b.pairs {
		if pr.EN == nil || pr.ZH == nil || !pr.EN.Kind.Listed() {
			continue
		}
		pages, alts := []*page{pr.EN, pr.ZH}, [][2]string{{en, pr.EN.URL}, {zh, pr.ZH.URL}, {"x-default", pr.EN.URL}}
		if pr.ZH.Pending { // the original alone, without an hreflang pair
			pages, alts = pages[:1], nil
		}
		for _, p := range pages {
			s.WriteString("  <url>\n    <loc>")
			s.WriteString(html.EscapeString(b.abs(p.URL)))
			s.WriteString("</loc>\n")
			for _, alt := range alts {
				s.WriteString(`    <xhtml:link rel="alternate" hreflang="`)
				s.WriteString(alt[0])
				s.WriteString(`" href="`)
				s.WriteString(html.EscapeString(b.abs(alt[1])))
				s.WriteString("\"/>\n")
			}
			s.WriteString("  </url>\n")
		}
	}
	s.WriteString("</urlset>\n")
	return s.String()
}
