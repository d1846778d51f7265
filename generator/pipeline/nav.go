package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"pairag.com/portal/generator/glossary"
	"pairag.com/portal/generator/load"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/search"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/templates"
)

// extras is what navigation and search read besides pages and protocol.
type extras struct {
	glossary glossary.Glossary // content/glossary.yaml
	synonyms search.Synonyms   // content/synonyms.yaml
	site     SiteSettings      // content/site.yaml
	dates    map[string]string // last commit date by content file, when built from a git work tree
}

func loadExtras(cfg Config, rep *report) extras {
	return extras{glossary: load.Glossary(cfg.Content, rep), synonyms: loadSynonyms(cfg.Content, rep), site: load.Settings(cfg.Content, rep), dates: load.GitDates(cfg.GitDir)}
}

// siteFile holds the site settings writers may change (see [load.SiteSettings]).
const siteFile = load.SiteFile

// SiteSettings is content/site.yaml (see [load.SiteSettings]).
type SiteSettings = load.SiteSettings

// breadcrumbs lists the pages above url: the language's home, then every
// page whose URL is a proper prefix of it (/skills/ above /skills/x/).
// The home page has none.
func (b *loaded) breadcrumbs(p *page) []templates.Link {
	home := markdown.LangPrefix(p.Lang) + "/"
	if p.URL == home || p.Kind == site.KindNotFound {
		return nil
	}
	msg := templates.For(p.Lang)
	out := []templates.Link{{Text: msg.Nav.Home, URL: home}}
	rest := strings.TrimPrefix(p.URL, home)
	for i := strings.Index(rest, "/"); i >= 0 && i < len(rest)-1; i = strings.Index(rest[i+1:], "/") + i + 1 {
		u := home + rest[:i+1]
		for _, title := range b.titles[p.Lang+"\x00"+u] {
			out = append(out, templates.Link{Text: title, URL: u})
		}
	}
	return out
}

// pageTitles indexes the titles of the pages by language and URL (lang +
// "\x00" + URL), in the pairs' order, for breadcrumbs, which would
// otherwise scan every pair for every page.
func pageTitles(pairs []pair) map[string][]string {
	out := map[string][]string{}
	for _, pr := range pairs {
		for _, l := range languages {
			if q := pr.Get(l); q != nil {
				out[l+"\x00"+q.URL] = append(out[l+"\x00"+q.URL], q.FM.Title)
			}
		}
	}
	return out
}

// hashedURL is the URL writeHashed gives data, computed before it is written.
func hashedURL(name, ext string, data []byte) string {
	sum := sha256.Sum256(data)
	return "/assets/" + name + "." + hex.EncodeToString(sum[:5]) + ext
}

// The favicon and the theme script: written after the pages, named before.
var (
	faviconURL = "/favicon.svg"
	themeURL   = hashedURL("theme", ".js", templates.ThemeScript())
)

// writeExtras writes what the pages refer to beyond the stylesheet and the
// script: the icon, the theme script, the diagram script when a page
// draws one and, when search is true, the search files.
func (b *rendered) writeExtras(search bool) {
	b.write(faviconURL, templates.Favicon())
	b.write(themeURL, templates.ThemeScript())
	b.writeDiagramScript(b.results) // diagrams.go
	if search {
		b.writeSearch()
	}
}
