package templates

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
)

// InlineHead is what a page carries inside its HTML instead of asking for
// it with a request: the validator page's theme script and stylesheets, so
// that its first paint waits for nothing after the HTML (issue 19: on a
// phone's Fast 4G the stylesheets and the blocking theme script arrived a
// round trip after the HTML, and the module, asked for only once the page
// has painted, waited for that paint). Build one with [NewInlineHead]; the
// site's Content-Security-Policy must allow each text by its [CSPHash]
// (gen build checks netlify.toml).
//
// A page with an inline head only preloads its scripts (Page.JS and
// Page.Scripts): its body carries the validator's start script
// (validator-start.js), which runs them right after it has asked for the
// module, so that the parse's end does not hold the request back.
type InlineHead struct {
	Script string // the theme script, in place of Page.ThemeJS
	CSS    string // the stylesheets, in place of Page.CSS
}

// NewInlineHead returns the inline head of script and css, each written
// without its comments (see InlineScript and withoutCSSComments), or an
// error when a text would end
// its element early: a "</script" or "</style" inside it, or "<!--",
// which changes how a script element's end is found.
func NewInlineHead(script, css []byte) (*InlineHead, error) {
	js, err := InlineScript(script)
	if err != nil {
		return nil, err
	}
	if i := bytes.Index(bytes.ToLower(css), []byte("</style")); i >= 0 {
		return nil, fmt.Errorf("the stylesheet holds %q at byte %d, which would end its inline style element: write it another way (\\3c /style in a string)", css[i:i+7], i)
	}
	return &InlineHead{Script: js, CSS: string(withoutCSSComments(css))}, nil
}

// InlineScript returns js as the text of an inline script element: without
// its comment lines (see withoutJSCommentLines), or an error when it holds
// "</script" or "<!--".
func InlineScript(js []byte) (string, error) {
	js = withoutJSCommentLines(js)
	low := bytes.ToLower(js)
	for _, bad := range []string{"</script", "<!--"} {
		if i := bytes.Index(low, []byte(bad)); i >= 0 {
			return "", fmt.Errorf("the script holds %q at byte %d, which would end or change its inline script element: write it another way (\"<\\/script\")", js[i:i+len(bad)], i)
		}
	}
	return string(js), nil
}

// CSPHash returns the Content-Security-Policy source expression that allows
// an inline script or style element whose text is s, 'sha256-<base64>':
// the site's policy allows no other inline code.
func CSPHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}
