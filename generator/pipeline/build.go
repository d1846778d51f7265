package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/load"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/nav"
	"pairag.com/portal/generator/outdir"
	"pairag.com/portal/generator/reference"
	"pairag.com/portal/generator/search"
	"pairag.com/portal/generator/sitedir"
	"pairag.com/portal/generator/skills"
	"pairag.com/portal/generator/symlinks"
	"pairag.com/portal/generator/verify"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/protocol/spec"
	"pairag.com/portal/templates"

	"github.com/yuin/goldmark"
)

// Result describes a finished build.
type Result struct {
	OutDir   string    // where the site was written
	Pages    int       // HTML pages written, both languages
	Files    int       // files written in all, pages included
	Warnings ErrorList // problems that did not fail the build
	Notes    ErrorList // the translation comparisons' notes, which only gen check shows
	Rendered int       // page pairs rendered by this build
	Reused   int       // page pairs written from Config.Cache unchanged

	// Elsewhere names the files of the site left where an earlier build
	// wrote them (with Config.Reuse): site path → build directory.
	Elsewhere map[string]string
}

// Build renders the site into a new directory next to cfg.OutDir and, when
// every check passes, swaps it in place of cfg.OutDir. On failure the
// previous output is left untouched and the error is an ErrorList holding
// every problem found. Build refuses an OutDir it must not replace (see
// outdir.Check), removes temporary directories that killed builds left beside
// it, and removes its own on every return, cancellation included.
func Build(ctx context.Context, cfg Config) (*Result, error) {
	cfg = cfg.withDefaults()
	out, err := filepath.Abs(cfg.OutDir)
	if err != nil {
		return nil, fmt.Errorf("output %s: %w", cfg.OutDir, err)
	}
	if err := outdir.Check(out, cfg.Root); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return nil, fmt.Errorf("output %s: %w", cfg.OutDir, err)
	}
	if n := outdir.RemoveStale(out); n > 0 {
		fmt.Fprintf(cfg.Log, "%s: removed %d temporary director(ies) left by interrupted builds\n", filepath.Dir(cfg.OutDir), n)
	}
	tmp, err := outdir.Temp(out)
	if err != nil {
		return nil, fmt.Errorf("output %s: %w", cfg.OutDir, err)
	}
	res, err := Render(ctx, cfg, tmp)
	if err == nil {
		err = outdir.WriteMarker(tmp)
	}
	if err == nil && ctx.Err() == nil {
		err = outdir.Swap(tmp, out)
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		os.RemoveAll(tmp)
		return res, err
	}
	res.OutDir = cfg.OutDir
	return res, nil
}

// Render builds the site into dir, which must exist and should be empty,
// without swapping anything; gen serve can render into a directory of its
// own. The error is an ErrorList when the content has problems.
func Render(ctx context.Context, cfg Config, dir string) (*Result, error) {
	cfg = cfg.withDefaults()
	e := newEnv(ctx, cfg, dir)
	if cfg.HighlightCache != "" {
		e.hl.Load(cfg.HighlightCache)
	}
	built := e.run()
	if msg := e.out.FullError(); msg != "" {
		e.rep.Errorf(dir, 0, "%s", msg)
	}
	if cfg.HighlightCache != "" && ctx.Err() == nil {
		if err := e.hl.Save(cfg.HighlightCache); err != nil {
			fmt.Fprintf(cfg.Log, "%s: warning: keep highlighted code for the next build: %v\n", cfg.HighlightCache, err)
		}
	}
	e.rep.Warnings.Sort()
	for _, w := range e.rep.Warnings {
		fmt.Fprintln(cfg.Log, warning(w))
	}
	e.rep.Notes.Sort()
	res := &Result{OutDir: dir, Files: e.out.Len(), Warnings: e.rep.Warnings, Notes: e.rep.Notes}
	if built != nil {
		res.Pages, res.Rendered, res.Reused, res.Elsewhere = len(built.results), built.rendered, built.reused, built.elsewhere
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return res, e.rep.Errors.Err()
}

// warning formats a warning as "file:line: warning: message".
func warning(w *Error) string {
	return (&Error{File: w.File, Line: w.Line, Msg: "warning: " + w.Msg}).Error()
}

// The build is five stages, each a function of what the one before made:
//
//	(*env).load() *loaded                    the content, the protocol versions, every file beside the pages
//	(*loaded).writeAssets() assets           (the hashed stylesheet and scripts the pages name)
//	(*loaded).resolve(assets) *resolved      every directive's output, the bundle included
//	(*resolved).render() *rendered           every page pair, of every kind
//	(*rendered).publish()                    the files made from every page, and the protocol files
//	(*rendered).verify()                     links and anchors, once every page and file exists
//
// Each stage is a method of the one before's output, and each output
// embeds its input, so a stage reads everything made before it and
// nothing made after: a field exists only once it is filled.

// env is what every stage works in: the build's context (checked between
// pages and between stages), its settings, the directory it writes into,
// the report and the highlighted code.
type env struct {
	ctx context.Context
	cfg Config
	dir string
	rep *report
	hl  *highlight.Cache
	out *sitedir.Dir // the directory the site is written into, and every file of the site
}

// newEnv starts a build of cfg (with its defaults) into dir.
func newEnv(ctx context.Context, cfg Config, dir string) *env {
	return &env{ctx: ctx, cfg: cfg, dir: dir, rep: &report{}, hl: cfg.Cache.Highlights(), out: sitedir.New(dir)}
}

// loaded is the load stage's output: the site model and what it was read with.
type loaded struct {
	*env
	versions   []*spec.Document // every version in protocol/, oldest first (versions.go)
	doc        *spec.Document   // the version the pages describe
	docJSON    []byte
	labels     reference.Labels
	trans      map[string]reference.Translation
	pairs      []pair                         // every page pair, the skills' last (skillsite.go)
	nav        map[string][]templates.NavItem // by language
	navAt      map[string]map[string]int      // the position of each URL in nav, by language (nav.go)
	titles     map[string][]string            // page titles by language and URL, for breadcrumbs (nav.go)
	refs       referencePages                 // reference pages of the versions (versionbar.go)
	ext        extras                         // glossary, site settings and dates for navigation and search (nav.go)
	skills     []*skills.Skill                // content/skills/*, loaded and compared (skillsite.go)
	companions map[string][]companion         // the pairs of each skill's companion pages, by slug (skillsite.go)
	reads      *load.ReadLog                  // what the build read, for the cache's global key (package load); nil without a Cache
}

// assets are the URLs of the hashed files the pages name, written after
// load and before anything else (writeAssets).
type assets struct {
	css, js   string
	validator *validatorAssets // the validator tool's, when built with one
	skillsJS  string           // skills.js, which the skill pages and the index's filter load, when there are skills
}

// resolved is the resolve stage's output (resolve.go).
type resolved struct {
	*loaded
	assets
	outputs map[string]map[string][]block.Block            // directive output by language and name
	older   map[string]map[string]map[string][]block.Block // directive output of older versions' reference pages, by file
	refMD   map[string]map[string]string                   // the Markdown reference of each version, by file and language
}

// rendered is the render stage's output: a result per page, and the
// schema judged beside the pages.
type rendered struct {
	*resolved
	schema    *schemaJudgement       // the content version's JSON Schema (publish.go)
	mu        sync.Mutex             // guards results, rendered, reused and elsewhere
	results   map[string]*pageResult // by page URL
	rendered  int                    // pairs rendered, and pairs reused from the cache
	reused    int
	elsewhere map[string]string // files left in earlier builds' directories (incremental.go)
}

// pageResult is what the render stage hands on about one page, for
// publish (search, llms.txt), verify and the cache: the one place for
// per-page data taken while the page is parsed and rendered.
type pageResult struct {
	page       *page
	anchors    map[string]bool
	links      []markdown.Link
	headings   []markdown.Heading
	markdown   []byte              // the Markdown version, as written, for llms-full.txt
	diagrams   bool                // it draws a diagram: the diagram script is published (diagrams.go)
	search     []search.Doc        // the page's entries in the search index (searchsite.go)
	skillLinks []skills.Link       // a skill's or companion's English page: the links its files make to the rest of the site (skillsite.go)
	found      []diag.Finding      // a companion's English page: what rendering it reported, which its skill's page lists (skillsite.go)
	files      []skills.Companion  // a companion's page: its sections, for the search entries of its skill's page (skillsite.go)
	rowsIn     map[string]rowPlace // section and position of each generated table row, by row id (searchsite.go)
	broken     bool                // not rendered: its front matter has errors (page.Broken)
}

// run runs the stages in order and returns what was rendered, or nil
// when the build stopped before rendering.
func (e *env) run() *rendered {
	l := e.load()
	if l == nil || e.ctx.Err() != nil {
		return nil
	}
	a := l.writeAssets()            // publish.go: the pages name them
	if c := e.cfg.Cache; c != nil { // everything but the pages is read: the key of what reaches every page
		c.Begin(l.globalKey(a))
		defer func() {
			if e.ctx.Err() == nil && !e.rep.Failed() {
				c.End()
			}
		}()
	}
	built := l.resolve(a).render()
	if e.ctx.Err() != nil {
		return built
	}
	built.publish()
	if e.ctx.Err() == nil {
		built.verify()
	}
	return built
}

// load reads the protocol documents, labels, translations, pages and
// skills into the model; nil when nothing can be rendered.
func (e *env) load() *loaded {
	b := &loaded{env: e}
	b.cfg.Content = symlinks.Guard(b.cfg.Content, skillQuarantine{b.cfg.Content, b.rep}) // skillsite.go
	// package verify; before the read log, as its rules reach no page
	verify.Netlify(b.cfg.Content, b.rep)
	if b.cfg.Cache != nil { // only the cache's key needs what was read: digesting every page costs a cold build
		b.reads = load.NewReadLog(b.cfg.Content)
		b.cfg.Content = b.reads
	}
	if b.versions = b.loadVersions(); len(b.versions) == 0 {
		return nil
	}
	b.labels = reference.LoadLabels(b.cfg.Content, b.rep)
	b.labels.Check(b.rep, b.cfg.Content, b.versions...) // every version's values, labelled in both languages
	b.trans = reference.LoadTranslations(b.cfg.Content, b.rep)
	reference.CheckTranslations(stringsOfVersions(b.versions), b.trans, b.rep, b.stringSource)
	b.pairs = load.Pages(b.withChangelogs(b.cfg.Content), b.rep, b.cfg.Workers, b.cfg.Cache.PageMemo()) // versions.go, changelog.go
	b.keepBrokenPages()
	b.refs = findReferencePages(b.pairs, b.versions) // versionbar.go
	b.ext = loadExtras(b.cfg, b.rep)                 // nav.go
	b.loadSkills(b.ext.glossary)                     // skillsite.go
	b.doc = b.contentVersion()
	b.docJSON = b.doc.Raw()
	b.nav, b.navAt = map[string][]templates.NavItem{}, map[string]map[string]int{}
	for _, lang := range languages {
		b.nav[lang] = navigation(b.pairs, lang)
		b.navAt[lang] = nav.Index(b.nav[lang])
	}
	skillPages, companions := skillPairs(b.skills) // skillsite.go: out of the navigation, after the content's pages
	b.pairs, b.companions = append(b.pairs, skillPages...), companions
	b.titles = pageTitles(b.pairs) // nav.go
	return b
}

// render renders every page pair on cfg.Workers goroutines (renderPair),
// and judges the content version's schema beside them. The skills' own
// pages come last, once every other page is rendered: a skill's page
// lists what rendering its companions found and searches their sections.
func (r *resolved) render() *rendered {
	b := &rendered{resolved: r, results: map[string]*pageResult{}}
	b.schema = b.judgeSchemaLater() // publish.go: it needs no page, so it runs beside them
	b.renderPool(slices.DeleteFunc(slices.Clone(b.pairs), isSkillPage))
	b.renderPool(slices.DeleteFunc(slices.Clone(b.pairs), func(pr pair) bool { return !isSkillPage(pr) }))
	return b
}

// publish writes the files made from every page and the protocol files:
// the search index and the rest are independent (and each waits on large
// writes), one goroutine each. Whether the index is made is decided
// first, as when they ran one after the other.
func (b *rendered) publish() {
	search := !b.rep.Failed() && !b.out.Full() // not when the pages it lists were not all written
	load.Parallel(2, 2, func(i int) {
		if i == 0 {
			b.writeExtras(search)
		} else {
			b.publishFiles()
		}
	})
}

// verify checks links and anchors, once every page and file exists (check.go).
func (b *rendered) verify() {
	b.checkLinks()
	b.checkFindingAnchors()
}

// worker is what one rendering goroutine reuses from page to page.
type worker struct {
	md          map[string]goldmark.Markdown // one instance per language
	noAutolinks map[string]goldmark.Markdown // the same without autolinks, for pages that have none
	body        markdown.Output              // the page's Markdown as HTML
	out         bytes.Buffer                 // the whole page
}

func (b *env) newWorker() *worker {
	return &worker{
		md:          map[string]goldmark.Markdown{en: markdown.New(en, b.hl), zh: markdown.New(zh, b.hl)},
		noAutolinks: map[string]goldmark.Markdown{en: markdown.NewWithoutAutolinks(en, b.hl), zh: markdown.NewWithoutAutolinks(zh, b.hl)},
	}
}

// renderPool renders pairs on cfg.Workers goroutines.
func (b *rendered) renderPool(pairs []pair) {
	work := make(chan pair)
	var wg sync.WaitGroup
	for range b.cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := b.newWorker()
			for pr := range work {
				b.renderPair(w, pr)
			}
		}()
	}
feed:
	for _, pr := range pairs {
		select {
		case work <- pr:
		case <-b.ctx.Done(): // stopped: never wait for a worker to take more
			break feed
		}
	}
	close(work)
	wg.Wait()
}

// write writes a file of the site; name is a site path with or without the leading slash.
func (b *env) write(name string, data []byte) { b.writeParts(name, data) }

// writeParts writes a file of the site made of parts, in order, without
// joining them in memory first (the search index, llms-full.txt).
func (b *env) writeParts(name string, parts ...[]byte) {
	if b.ctx.Err() != nil {
		return // cancelled: the directory is about to be removed
	}
	if err := b.out.Write(name, parts...); err != nil {
		b.rep.Errorf(sitedir.Path(name), 0, "write output: %v", err)
	}
}

// keepBrokenPages gives each page whose front matter has errors the front
// matter of its last good build, when the cache (gen serve's) knows it:
// the page is then not rendered, so the preview serves its last good
// version, and every other page's navigation stays as it was. Without a
// last good version (gen build, a first preview), it is rendered with what
// could be salvaged of its front matter, and the build fails either way.
func (b *loaded) keepBrokenPages() {
	for _, pr := range b.pairs {
		for _, p := range []*page{pr.EN, pr.ZH} {
			if p == nil {
				continue
			}
			fm, ok := FrontMatter{}, false
			if b.cfg.Cache != nil {
				fm, ok = b.cfg.Cache.LastGoodFront(p) // and keeps p's when it is good
			}
			switch {
			case !p.Broken:
			case ok:
				p.FM = fm
			default:
				p.Broken = false // nothing to fall back to: render what it says
			}
		}
	}
}
