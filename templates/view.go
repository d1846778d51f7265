// Package templates holds the templ components of the portal and its CSS and
// JavaScript assets. Components take view models shaped for display (this
// file); they know nothing of files, Markdown or the protocol document.
// Trusted HTML produced by the Markdown renderer enters a page only through
// TrustedHTML (trusted.go): the generator wraps a page's rendered Markdown
// with it, and skills.templ a skill section's (SkillCell.HTML).
package templates

import (
	"strings"

	"github.com/a-h/templ"
)

// Page is everything the layout shows for one HTML page.
type Page struct {
	Msg         Messages
	Title       string
	Description string
	URL         string      // site-relative URL of the page, e.g. /zh-CN/docs/create-task/
	Canonical   string      // absolute URL of the page
	Alternates  []Alternate // hreflang links: the page, its twin and x-default
	MarkdownURL string      // site-relative URL of the Markdown version; empty for none
	CSS, JS     string      // site-relative URLs of the hashed assets
	Styles      []string    // stylesheets of this page only, after CSS (the validator's)
	Home        string      // site-relative URL of the language's home page
	Nav         []NavItem
	Switch      Alternate       // the twin page in the other language
	Body        templ.Component // what the page shows below its title and contents: its Markdown (TrustedHTML), the validator tool, a skill's side-by-side view
	NoIndex     bool            // error pages ask robots not to index them
	Footer      []Link
	Scripts     []string // extra site-relative script URLs, loaded deferred

	Prev, Next  *Link     // neighbours in reading order (the navigation's order)
	Crumbs      []Link    // breadcrumbs above the title, the home page first; empty on the home page
	TOC         []TOCItem // on-page contents, for pages with four sections or more
	Search      string    // site-relative URL of the search manifest
	ThemeJS     string    // the small blocking script that applies the saved colour theme
	Favicon     string    // site-relative URL of the icon
	OGLocale    string    // og:locale of the page (en_US, zh_CN), and of its twin
	OGAlternate string
	Repository  string // URL of the site's source repository; empty for none
	EditURL     string // where to edit the page's source; empty for none
	Updated     string // the date of the source's last commit (YYYY-MM-DD); empty when unknown
}

// TOCItem is one entry of the on-page contents.
type TOCItem struct {
	Level int // 2 or 3
	ID    string
	Text  string
}

// ValidatorView is what the validator tool needs: the URL of its JavaScript
// API (which knows the hashed assets), the tiers, the example payload and,
// as JSON, the strings and enum labels the script shows.
type ValidatorView struct {
	Msg    Messages
	APIURL string // the ES module of the JavaScript API, which the page uses too
	// WorkerURL is the validator's Web Worker script, which the page also
	// starts on its own to index and diff large texts off the main thread.
	WorkerURL string
	// WasmURL is the hashed WebAssembly module. The page preloads it from
	// its first bytes, so the download runs while the rest of the page
	// arrives, and the API's fetch of the same URL takes the preload.
	WasmURL string
	// ExampleSwitch names the button that checks the example at the tier
	// it is written for; the script sets it again when it shows the note.
	ExampleSwitch string
	Tiers         []Option
	Example       string
	DataJSON      string // JSON built by the generator; an attribute value, escaped by templ
}

// Option is one entry of a select element.
type Option struct {
	Value    string
	Label    string
	Selected bool
}

// Alternate is one language version of a page.
type Alternate struct {
	HrefLang string // en, zh-CN or x-default
	Href     string
	Name     string // the language's name in itself
}

// NavItem is one entry of the navigation, or a Gap: the place of entries
// a long navigation leaves out of a page (generator's navPart).
type NavItem struct {
	Title   string
	URL     string
	Current bool
	Gap     bool
}

// Link is a plain link.
type Link struct {
	Text string
	URL  string
}

// Span is a run of inline text in a table cell or list item.
type Span struct {
	Text string
	Code bool   // shown as code
	Emph bool   // shown emphasised
	Href string // site-relative link target, e.g. the table a type names
}

// Cell is the content of a table cell: spans separated as written.
type Cell []Span

// String is the cell's plain text.
func (c Cell) String() string {
	var b strings.Builder
	for _, s := range c {
		b.WriteString(s.Text)
	}
	return b.String()
}

// Table is a generated reference table.
type Table struct {
	Msg     Messages
	ID      string   // anchor of the table: the protocol name it shows (ownership_enum, manifest_fields)
	Caption string   // accessible name of the table, in the page's language
	Columns []string // header cells
	Rows    []Row
}

// Row is one table row.
type Row struct {
	ID    string // anchor of the row (manifest.language, stage_type.data); empty for none
	Cells []Cell
	Muted bool // deprecated entries
}

// Heading is a generated heading inside a directive's output.
type Heading struct {
	Msg   Messages
	Level int // 2 to 6
	ID    string
	Text  Cell
}

// List is a generated list.
type List struct {
	Ordered bool
	Items   []Cell
}

// Bundle is the collapsed block holding the Markdown reference and the
// protocol JSON, with the button that copies both.
type Bundle struct {
	Msg          Messages
	ID           string // unique id prefix of the block's elements
	MarkdownName string // file name of the Markdown reference
	Markdown     string
	JSONName     string
	JSON         string
	Text         string // the exact bytes the button copies
	FileURL      string // site-relative URL of the published bundle file
	Tiers        []Link // the bundle of each tier, its limits first
}
