package pipeline

import (
	"context"
	"encoding/xml"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/net/html"

	"pairag.com/portal/generator/load"
)

const testBase = "https://example.test"

// TestSite builds the real content/ and protocol/ and checks every page:
// internal links and anchors resolve, hreflang alternates come in pairs,
// canonicals point at the page itself, nothing is escaped twice and
// nothing is inline (CSP).
func TestSite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole site")
	}
	dir := t.TempDir()
	_, err := Render(context.Background(), Config{Content: os.DirFS("../.."), BaseURL: testBase}, dir)
	if err != nil {
		t.Fatalf("Render(content/):\n%v", err)
	}
	s := loadSite(t, dir)
	for u, p := range s.pages {
		s.checkPage(t, u, p)
	}
	s.checkMarkdownLinks(t)
	s.checkSitemap(t)
}

type builtSite struct {
	dir   string
	pages map[string]*html.Node // by URL
}

func loadSite(t *testing.T, dir string) *builtSite {
	s := &builtSite{dir: dir, pages: map[string]*html.Node{}}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		u := "/" + strings.TrimSuffix(filepath.ToSlash(rel), "index.html")
		s.pages[u] = parse(t, readFile(t, dir, filepath.ToSlash(rel)))
		return nil
	})
	if len(s.pages) < 2 {
		t.Fatalf("built %d pages", len(s.pages))
	}
	return s
}

func (s *builtSite) checkPage(t *testing.T, u string, doc *html.Node) {
	alternates := map[string]string{}
	walk(doc, func(n *html.Node) {
		if n.Type == html.TextNode {
			s.checkEscaping(t, u, n.Data)
		}
		if n.Type != html.ElementNode {
			return
		}
		s.checkInline(t, u, n)
		for _, a := range n.Attr {
			s.checkEscaping(t, u, a.Val)
		}
		switch {
		case n.Data == "link" && attr(n, "hreflang") != "":
			alternates[attr(n, "hreflang")] = attr(n, "href")
		case n.Data == "link" && attr(n, "rel") == "canonical" && attr(n, "href") != testBase+u:
			t.Errorf("%s: canonical %q; want %q", u, attr(n, "href"), testBase+u)
		}
		for _, key := range []string{"href", "src"} {
			if v := attr(n, key); v != "" {
				s.checkLink(t, u, v)
			}
		}
	})
	s.checkAlternates(t, u, alternates)
}

// checkAlternates wants en, zh-CN and x-default, with the page among them
// and its twin pointing back.
func (s *builtSite) checkAlternates(t *testing.T, u string, alt map[string]string) {
	if alt["en"] == "" || alt["zh-CN"] == "" || alt["x-default"] != alt["en"] {
		t.Errorf("%s: hreflang alternates %v; want en, zh-CN and x-default = en", u, alt)
		return
	}
	if alt["en"] != testBase+u && alt["zh-CN"] != testBase+u {
		t.Errorf("%s: hreflang alternates %v do not include the page itself", u, alt)
	}
	for _, lang := range []string{"en", "zh-CN"} {
		twin := s.pages[strings.TrimPrefix(alt[lang], testBase)]
		if twin == nil {
			t.Errorf("%s: hreflang %s points to %s, which was not built", u, lang, alt[lang])
			continue
		}
		back := ""
		walk(twin, func(n *html.Node) {
			if n.Type == html.ElementNode && n.Data == "link" && attr(n, "hreflang") == lang {
				back = attr(n, "href")
			}
		})
		if back != alt[lang] {
			t.Errorf("%s: twin %s does not point back (%q)", u, alt[lang], back)
		}
	}
}

var doubleEscaped = regexp.MustCompile(`&(amp|lt|gt|quot|#3[49]|#x2[27]);`)

func (s *builtSite) checkEscaping(t *testing.T, u, text string) {
	if m := doubleEscaped.FindString(text); m != "" {
		t.Errorf("%s: text holds %q after parsing: escaped twice", u, m)
	}
}

func (s *builtSite) checkInline(t *testing.T, u string, n *html.Node) {
	switch {
	case hasAttr(n, "style"):
		t.Errorf("%s: <%s style=...>: inline styles break the CSP", u, n.Data)
	case n.Data == "style":
		t.Errorf("%s: <style> element breaks the CSP", u)
	case n.Data == "script" && (attr(n, "src") == "" || strings.TrimSpace(textOf(n)) != ""):
		t.Errorf("%s: inline script breaks the CSP", u)
	}
	for _, a := range n.Attr {
		if strings.HasPrefix(a.Key, "on") {
			t.Errorf("%s: <%s %s=...>: inline handler breaks the CSP", u, n.Data, a.Key)
		}
	}
}

// checkLink resolves an href or src of page u and checks target and anchor.
func (s *builtSite) checkLink(t *testing.T, u, ref string) {
	r, err := url.Parse(ref)
	if err != nil {
		t.Errorf("%s: bad URL %q", u, ref)
		return
	}
	if r.Host != "" {
		if r.Host != "example.test" {
			return // external
		}
		r.Scheme, r.Host = "", ""
	}
	if r.Scheme != "" {
		return // mailto: and the like
	}
	target := (&url.URL{Path: u}).ResolveReference(r)
	if msg := s.missing(target.Path, target.Fragment); msg != "" {
		t.Errorf("%s: link %q: %s", u, ref, msg)
	}
}

// missing says what is wrong with a site path and fragment, or returns "".
func (s *builtSite) missing(p, frag string) string {
	if doc := s.pages[p]; doc != nil {
		if frag == "" || hasID(doc, frag) {
			return ""
		}
		return "no element with id " + frag
	}
	file := strings.TrimPrefix(p, "/")
	if strings.HasSuffix(p, "/") {
		file += "index.html"
	}
	if _, err := os.Stat(filepath.Join(s.dir, filepath.FromSlash(path.Clean("/"+file)))); err != nil {
		return "no such file " + file
	}
	return ""
}

func hasID(doc *html.Node, id string) bool {
	found := false
	walk(doc, func(n *html.Node) { found = found || attr(n, "id") == id })
	return found
}

var mdLink = regexp.MustCompile(`\]\((` + regexp.QuoteMeta(testBase) + `[^) ]*)\)`)

// checkMarkdownLinks checks the absolute links of every Markdown and text file.
func (s *builtSite) checkMarkdownLinks(t *testing.T) {
	filepath.WalkDir(s.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".txt")) {
			return err
		}
		b, _ := os.ReadFile(p)
		for _, m := range mdLink.FindAllStringSubmatch(string(b), -1) {
			r, _ := url.Parse(m[1])
			if msg := s.missing(r.Path, r.Fragment); msg != "" {
				t.Errorf("%s: link %s: %s", p, m[1], msg)
			}
		}
		return nil
	})
}

func (s *builtSite) checkSitemap(t *testing.T) {
	var sm struct {
		URLs []struct {
			Loc   string `xml:"loc"`
			Links []struct {
				HrefLang string `xml:"hreflang,attr"`
				Href     string `xml:"href,attr"`
			} `xml:"http://www.w3.org/1999/xhtml link"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(readFile(t, s.dir, "sitemap.xml")), &sm); err != nil {
		t.Fatalf("sitemap.xml: %v", err)
	}
	if len(sm.URLs) == 0 {
		t.Fatal("sitemap.xml lists no pages")
	}
	for _, u := range sm.URLs {
		if s.pages[strings.TrimPrefix(u.Loc, testBase)] == nil {
			t.Errorf("sitemap.xml: %s was not built", u.Loc)
		}
		if len(u.Links) != 3 {
			t.Errorf("sitemap.xml: %s has %d alternates; want 3", u.Loc, len(u.Links))
		}
	}
}

// TestScratchIsNotAPage lists the pages of a tree holding an editor's
// scratch files (and a temporary a killed gen stamp left, package
// safewrite) beside the real ones: none of them is a page, and none is
// warned about as a file that is not Markdown.
func TestScratchIsNotAPage(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, name := range []string{"a.md", ".#a.md", "#a.md#", ".a.md.swp", "a.md~", "a.md___jb_tmp___", "4913", ".a.md.gen-4242-1234567.tmp"} {
		fsys["content/en/"+name] = &fstest.MapFile{Data: []byte("x")}
	}
	rep := &report{}
	got := load.List(fsys, rep)
	if len(got) != 1 || got[0][1] != "content/en/a.md" || len(rep.Warnings) != 0 {
		t.Errorf("listPages = %v, warnings %v; want only content/en/a.md and no warning", got, rep.Warnings)
	}
}
