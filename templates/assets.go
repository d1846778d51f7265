package templates

import "embed"

//go:embed assets/site.css assets/highlight.css assets/site.js
var assets embed.FS

// StyleSheet returns the site's CSS: the layout rules followed by the code
// highlighting rules.
func StyleSheet() []byte {
	return append(mustRead("assets/site.css"), mustRead("assets/highlight.css")...)
}

// Script returns the site's JavaScript: copy buttons and the copy-both block.
func Script() []byte { return mustRead("assets/site.js") }

func mustRead(name string) []byte {
	b, err := assets.ReadFile(name)
	if err != nil {
		panic(err) // embedded at compile time; unreachable
	}
	return b
}
