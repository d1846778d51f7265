package templates

import (
	"context"
	"io"

	"github.com/a-h/templ"
)

// TrustedHTML inserts HTML the generator rendered from Markdown, unescaped.
// It is the one way such HTML enters a page: goldmark escapes the source's
// text and drops its raw HTML (the Markdown setup has no unsafe mode), so
// what arrives here is markup the generator itself wrote. A test holds that
// no file but this one calls templ.Raw (the inline code of the validator
// page, below, is the site's own assets).
func TrustedHTML(html string) templ.Component { return templ.Raw(html) }

// TrustedHTMLBytes is TrustedHTML for HTML still in the buffer it was
// rendered into, which must stay unchanged until the page has rendered: a
// page's body is not copied into a string first.
func TrustedHTMLBytes(html []byte) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := w.Write(html)
		return err
	})
}

// InlineScriptElement is a script element holding js, a text that
// [InlineScript] returned: one of the site's own scripts, checked not to
// end its element early. The site's Content-Security-Policy allows it by
// its [CSPHash].
func InlineScriptElement(js string) templ.Component { return templ.Raw("<script>" + js + "</script>") }

// Elements are the inline head's script and style elements, in that order
// (the theme before the first style is computed). Their texts come from
// [NewInlineHead], which refused any that would end its element early.
func (h *InlineHead) Elements() templ.Component {
	return templ.Raw("<script>" + h.Script + "</script><style>" + h.CSS + "</style>")
}
