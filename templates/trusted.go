package templates

import "github.com/a-h/templ"

// TrustedHTML inserts HTML the generator rendered from Markdown, unescaped.
// It is the one way such HTML enters a page: goldmark escapes the source's
// text and drops its raw HTML (the Markdown setup has no unsafe mode), so
// what arrives here is markup the generator itself wrote. A test holds that
// no other component calls templ.Raw.
func TrustedHTML(html string) templ.Component { return templ.Raw(html) }
