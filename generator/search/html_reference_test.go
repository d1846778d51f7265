package search

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// sectionsReference is Sections written with golang.org/x/net/html, kept
// as the judge of the hand-written scanner. It reads the sections of the <main> element of an HTML page. Text
// of inline elements joins without spaces (Chinese has none); block
// elements and table cells are separated by a space.
func sectionsReference(page []byte) []Section {
	z := html.NewTokenizer(bytes.NewReader(page))
	var (
		out      []Section
		cur      = &Section{}
		text     = &strings.Builder{}
		inMain   bool
		skip     int // depth inside a skipped element
		heading  *strings.Builder
		headTag  atom.Atom
		stackTag []atom.Atom
		parent   string // the last h2's heading, an h3's Parent
	)
	flush := func() {
		cur.Text = collapse([]byte(text.String()))
		if cur.ID == "" && cur.Text == "" && len(out) > 0 {
			return
		}
		out = append(out, *cur)
		text.Reset()
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if inMain {
				flush()
			}
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := startTag(z)
			a := tok.atom
			if a == atom.Main {
				inMain = true
				continue
			}
			if !inMain || tt == html.SelfClosingTagToken || voidElement(a) {
				if inMain && skip == 0 && a == atom.Br {
					text.WriteByte(' ')
				}
				continue
			}
			stackTag = append(stackTag, a)
			if skip > 0 || skipped(a) || hasClass([]byte(tok.class), skippedClass) || rowEntry(a, []byte(tok.id)) {
				if skip == 0 && rowEntry(a, []byte(tok.id)) {
					cur.Rows = append(cur.Rows, tok.id)
				}
				skip++
				continue
			}
			if (a == atom.H2 || a == atom.H3) && tok.id != "" {
				flush()
				cur = &Section{ID: tok.id}
				if a == atom.H3 {
					cur.Parent = parent
				} else {
					parent = ""
				}
				heading, headTag = &strings.Builder{}, a
				continue
			}
			if a == atom.H1 {
				skip++ // the title is known
				continue
			}
			if blockElement(a) {
				text.WriteByte(' ')
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			endAtom := atom.Lookup(name)
			if endAtom == atom.Main {
				flush()
				return out
			}
			if !inMain || len(stackTag) == 0 {
				continue
			}
			stackTag = stackTag[:len(stackTag)-1]
			if skip > 0 {
				skip--
				continue
			}
			if heading != nil && endAtom == headTag {
				cur.Heading = collapse([]byte(heading.String()))
				heading = nil
				if endAtom == atom.H2 {
					parent = cur.Heading
				}
				continue
			}
			if blockElement(endAtom) {
				text.WriteByte(' ')
			}
		case html.TextToken:
			if !inMain || skip > 0 {
				continue
			}
			if heading != nil {
				heading.Write(z.Text())
			} else {
				text.Write(z.Text())
			}
		}
	}
}

// refTag is a start tag as the reference reads it.
type refTag struct {
	atom      atom.Atom
	id, class string
}

// startTag reads the current start tag of an html.Tokenizer.
func startTag(z *html.Tokenizer) refTag {
	name, more := z.TagName()
	t := refTag{atom: atom.Lookup(name)}
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "id":
			t.id = string(v)
		case "class":
			t.class = string(v)
		}
	}
	return t
}

// TestScannerMatchesReference holds the scanner to golang.org/x/net/html on
// small cases; the generator's tests do the same on every built page.
func TestScannerMatchesReference(t *testing.T) {
	for _, page := range []string{
		`<main><h1>T</h1><p>a &amp; b &lt;c&gt;</p><h2 id="x">H <code>y</code></h2><p>t<br/>u</p><!-- c --><textarea>no</textarea><p>v</p></main>`,
		`<main id=main class='m'><div class="bundle"><details><summary>s</summary></details></div><h3 id="a-b">中文</h3>文字<img src=x alt="y"></main>`,
		`<!doctype html><html><body><nav>n</nav><main><script>if (a < b) {}</script><h2 id="q">Q</h2><table><tr><td>1</td><td>2</td></tr></table></main></body></html>`,
	} {
		if diff := cmp.Diff(sectionsReference([]byte(page)), Sections([]byte(page))); diff != "" {
			t.Errorf("Sections(%q) (-x/net/html +scanner):\n%s", page, diff)
		}
	}
}

// TestScannerOnBuiltPages compares the two on every page of the
// generator's golden site and, when SEARCH_SITE_DIR names one (gen build
// --out DIR), on every page of a built site.
func TestScannerOnBuiltPages(t *testing.T) {
	for _, dir := range []string{"../testdata/golden", os.Getenv("SEARCH_SITE_DIR")} {
		if dir != "" {
			comparePages(t, dir)
		}
	}
}

func comparePages(t *testing.T, dir string) {
	n := 0
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".html" {
			return err
		}
		page, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		n++
		if diff := cmp.Diff(sectionsReference(page), Sections(page)); diff != "" {
			t.Errorf("%s (-x/net/html +scanner):\n%s", p, diff)
		}
		return nil
	})
	if n == 0 {
		t.Errorf("no pages under %s", dir)
	}
}
