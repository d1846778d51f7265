package pipeline

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os/exec"
	"strings"
	"sync"

	"github.com/goccy/go-yaml"

	"pairag.com/portal/generator/glossary"
	"pairag.com/portal/generator/load"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/search"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/internal/yamlpos"
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
	return extras{glossary: load.Glossary(cfg.Content, rep), synonyms: loadSynonyms(cfg.Content, rep), site: loadSiteSettings(cfg.Content, rep), dates: gitDates(cfg.GitDir)}
}

// siteFile holds the site settings writers may change.
const siteFile = "content/site.yaml"

// SiteSettings is content/site.yaml:
//
//	repository: https://github.com/owner/name   # the footer's source link; empty for none
//	branch: main                                 # the branch "edit this page" opens
type SiteSettings struct {
	Repository string `yaml:"repository"`
	Branch     string `yaml:"branch"`
}

// loadSiteSettings reads content/site.yaml strictly; a missing file means no repository links.
func loadSiteSettings(fsys fs.FS, rep *report) SiteSettings {
	var s SiteSettings
	data, err := fs.ReadFile(fsys, siteFile)
	if errors.Is(err, fs.ErrNotExist) {
		return s
	}
	if err == nil {
		err = yaml.UnmarshalWithOptions(data, &s, yaml.Strict())
	}
	if err != nil {
		line, msg := yamlpos.ErrorPos(err)
		rep.Errorf(siteFile, line, "%s", msg)
	}
	s.Repository = strings.TrimRight(s.Repository, "/")
	if s.Branch == "" {
		s.Branch = "main"
	}
	if s.Repository != "" && !strings.HasPrefix(s.Repository, "https://") {
		rep.Errorf(siteFile, 0, "repository must be an https:// URL, got %q", s.Repository)
		s.Repository = ""
	}
	return s
}

// editURL is where a page's source is edited on the repository's host.
func (s SiteSettings) editURL(file string) string {
	if s.Repository == "" {
		return ""
	}
	return s.Repository + "/edit/" + s.Branch + "/" + file
}

// gitDates returns the date of the last commit touching each file under
// dir/content, from one git log; nil when dir is empty or not a work tree.
func gitDates(dir string) map[string]string {
	if dir == "" {
		return nil
	}
	out, err := exec.Command("git", "-C", dir, "log", "--format=@%cs", "--name-only", "--no-renames", "--", "content").Output()
	if err != nil {
		return nil
	}
	dates := map[string]string{}
	date := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "@"):
			date = line[1:]
		case line != "" && dates[line] == "":
			dates[line] = date // the log is newest first
		}
	}
	return dates
}

// breadcrumbs lists the pages above url: the language's home, then every
// page whose URL is a proper prefix of it (/skills/ above /skills/x/).
// The home page has none.
func (b *builder) breadcrumbs(p *page) []templates.Link {
	home := markdown.LangPrefix(p.Lang) + "/"
	if p.URL == home || p.Kind == site.KindNotFound {
		return nil
	}
	msg := templates.For(p.Lang)
	out := []templates.Link{{Text: msg.Nav.Home, URL: home}}
	rest := strings.TrimPrefix(p.URL, home)
	for i := strings.Index(rest, "/"); i >= 0 && i < len(rest)-1; i = strings.Index(rest[i+1:], "/") + i + 1 {
		u := home + rest[:i+1]
		for _, title := range b.crumbs.titles(b.pairs, p.Lang, u) {
			out = append(out, templates.Link{Text: title, URL: u})
		}
	}
	return out
}

// pageTitles indexes the titles of the pages by language and URL for
// breadcrumbs, which would otherwise scan every pair for every page. It
// indexes the pairs on first use; it is safe for concurrent use.
type pageTitles struct {
	mu     sync.Mutex
	n      int                 // pairs indexed
	byPage map[string][]string // lang + "\x00" + URL → titles, in the pairs' order
}

// titles returns the titles of the pages of pairs in language lang at url.
func (t *pageTitles) titles(pairs []pair, lang, url string) []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.byPage == nil {
		t.byPage = map[string][]string{}
	}
	for ; t.n < len(pairs); t.n++ {
		for _, l := range languages {
			if q := pairs[t.n].Get(l); q != nil {
				k := l + "\x00" + q.URL
				t.byPage[k] = append(t.byPage[k], q.FM.Title)
			}
		}
	}
	return t.byPage[lang+"\x00"+url]
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
func (b *builder) writeExtras(search bool) {
	b.write(faviconURL, templates.Favicon())
	b.write(themeURL, templates.ThemeScript())
	b.writeDiagramScript(b.results) // diagrams.go
	if search {
		b.writeSearch()
	}
}
