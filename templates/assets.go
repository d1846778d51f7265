package templates

import (
	"bytes"
	"embed"
)

//go:embed assets/site.css assets/highlight.css assets/site.js assets/validator.css assets/validator.js assets/validator-start.js assets/validator-worker.js assets/pairag-validator.js assets/skills.css assets/skills.js assets/nav.js assets/search.js assets/theme.js assets/favicon.svg assets/diagrams.js assets/vendor/beautiful-mermaid.js
var assets embed.FS

// StyleSheet returns the site's CSS: the layout rules followed by the code
// highlighting rules and the skill pages' rules, without the comments that
// explain them to the people who edit them.
func StyleSheet() []byte {
	css := append(mustRead("assets/site.css"), mustRead("assets/highlight.css")...)
	return withoutCSSComments(append(css, mustRead("assets/skills.css")...))
}

// ToolPageStyleSheet is StyleSheet without the skill pages' rules: what
// the validator page carries inline with ValidatorStyleSheet, where every
// rule is parsed and matched before its first paint, and no element of
// the page is a skill's.
func ToolPageStyleSheet() []byte {
	return withoutCSSComments(append(mustRead("assets/site.css"), mustRead("assets/highlight.css")...))
}

// ValidatorStyleSheet returns the validator tool's CSS, loaded only by the
// validator page: the other pages (a skills index of hundreds of cards
// among them) do not carry it.
func ValidatorStyleSheet() []byte { return mustRead("assets/validator.css") }

// SkillsScript returns the script of the skill pages: the view controls and
// the buttons that copy a section's Markdown.
func SkillsScript() []byte { return mustRead("assets/skills.js") }

// Script returns the site's JavaScript: copy buttons and the copy-both
// block, the navigation helpers and the search box, without the comment
// lines that explain them to the people who edit them.
func Script() []byte {
	js := append(mustRead("assets/site.js"), mustRead("assets/nav.js")...)
	return withoutJSCommentLines(append(js, mustRead("assets/search.js")...))
}

// DiagramScript returns the script that draws a page's mermaid diagrams,
// importing the renderer from bundleURL (where [DiagramRenderer] is
// published). Only pages with a diagram load it.
func DiagramScript(bundleURL string) []byte {
	return bytes.Replace(mustRead("assets/diagrams.js"), []byte("__BUNDLE__"), []byte(bundleURL), 1)
}

// DiagramRenderer returns the vendored renderer of mermaid diagrams
// (assets/vendor/README.md says what it is and how it was made).
func DiagramRenderer() []byte { return mustRead("assets/vendor/beautiful-mermaid.js") }

// ThemeScript returns the small script that applies the saved colour theme
// before the page paints.
func ThemeScript() []byte { return mustRead("assets/theme.js") }

// Favicon returns the site's icon (SVG).
func Favicon() []byte { return mustRead("assets/favicon.svg") }

// ValidatorScript returns the validator page's script.
func ValidatorScript() []byte { return mustRead("assets/validator.js") }

// ValidatorStart returns the validator page's start script, which starts
// the engine once the page has painted, before the page's deferred scripts.
func ValidatorStart() []byte { return mustRead("assets/validator-start.js") }

// ValidatorWorker returns the Web Worker that runs the WebAssembly validator.
func ValidatorWorker() []byte { return mustRead("assets/validator-worker.js") }

// ValidatorAPI returns the ES module of the validator's JavaScript API,
// published unhashed at a stable URL. Its line
// "const built = /* filled in by gen build */ null;" is where the generator
// puts the hashed asset URLs and the tier labels (see [FillValidatorAPI]).
func ValidatorAPI() []byte { return mustRead("assets/pairag-validator.js") }

// FillValidatorAPI returns the API module with built (a JSON object) in
// place of its placeholder.
func FillValidatorAPI(built []byte) []byte {
	return bytes.Replace(ValidatorAPI(), []byte("/* filled in by gen build */ null"), built, 1)
}

func mustRead(name string) []byte {
	b, err := assets.ReadFile(name)
	if err != nil {
		panic(err) // embedded at compile time; unreachable
	}
	return b
}
