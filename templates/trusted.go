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
// no other component calls templ.Raw.
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
