// Package highlight turns code into HTML whose tokens carry chroma's CSS
// classes, and caches what it produced: by language and code, bounded in
// memory, safe for concurrent use, and kept in a file between builds. It
// owns nothing else: the copy button and the page around the code belong
// to the generator.
package highlight

import (
	"crypto/sha256"
	"html"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// Code is highlighted with CSS classes named as chroma names them; the
// rules for a light and a dark theme live in templates/assets/highlight.css,
// generated from chroma's styles by TestHighlightCSS (go test -update).
const (
	LightStyle = "github"
	DarkStyle  = "github-dark"
)

// Cache turns code into highlighted HTML. Highlighting is the most
// expensive step of a build, so results are kept by a hash of the
// language and the code; a Cache is safe for concurrent use and its zero
// value is an empty cache.
type Cache struct {
	cache  sync.Map     // [32]byte -> string
	size   atomic.Int64 // bytes held by the cache
	added  atomic.Int64 // entries highlighted in this process
	stored atomic.Int64 // value of added when the cache file was last read or written
}

// maxCache bounds the cache; when it is full it starts over.
const maxCache = 32 << 20

// New returns an empty cache.
func New() *Cache { return &Cache{} }

// HTML returns the <pre> element showing code in language lang; code in a
// language chroma does not know, or in none, is shown plain.
func (h *Cache) HTML(lang, code string) string {
	key := sha256.Sum256([]byte(lang + "\x00" + code))
	if v, ok := h.cache.Load(key); ok {
		return v.(string)
	}
	out := highlight(lang, code)
	if h.size.Add(int64(len(out))) > maxCache {
		h.cache.Clear()
		h.size.Store(int64(len(out)))
	}
	h.cache.Store(key, out)
	h.added.Add(1)
	return out
}

// highlight tokenizes code with chroma's lexer for lang (or fastTokens'
// reading of it) and writes each token as a span with its class. Unknown
// languages are shown plain.
func highlight(lang, code string) string {
	toks, ok := fastTokens(lang, code)
	if !ok {
		toks, ok = chromaTokens(lang, code)
	}
	if !ok {
		return preStart(lang) + html.EscapeString(code) + preEnd
	}
	var b strings.Builder
	b.Grow(len(code) * 3)
	b.WriteString(preStart(lang))
	for _, t := range toks {
		writeToken(&b, t)
	}
	b.WriteString(preEnd)
	return b.String()
}

// chromaTokens returns the tokens of chroma's lexer for lang, coalesced
// and with its error tokens mended (fragment.go), or false when chroma
// has no lexer for lang.
func chromaTokens(lang, code string) ([]chroma.Token, bool) {
	var lexer chroma.Lexer
	if lang != "" {
		lexer = lexers.Get(lang)
	}
	if lexer == nil {
		return nil, false
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, code)
	if err != nil {
		return nil, false
	}
	var toks []chroma.Token
	for t := it(); t != chroma.EOF; t = it() {
		toks = append(toks, t)
	}
	return mend(lexer.Config().Name, toks), true
}

func writeToken(b *strings.Builder, t chroma.Token) {
	cls := tokenClass(t.Type)
	if cls == "" {
		b.WriteString(html.EscapeString(t.Value))
		return
	}
	b.WriteString(`<span class="` + cls + `">`)
	b.WriteString(html.EscapeString(t.Value))
	b.WriteString("</span>")
}

// tokenClass is the CSS class of a token type, or of its nearest parent
// type that has one.
func tokenClass(t chroma.TokenType) string {
	for ; t != 0; t = t.Parent() {
		if cls, ok := chroma.StandardTypes[t]; ok {
			return cls
		}
	}
	return chroma.StandardTypes[t]
}

// The <pre> is focusable, so keyboard users can scroll it.
func preStart(lang string) string {
	if lang == "" {
		return `<pre class="chroma" tabindex="0"><code>`
	}
	return `<pre class="chroma" tabindex="0"><code class="language-` + html.EscapeString(lang) + `">`
}

const preEnd = "</code></pre>"
