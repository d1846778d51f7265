// Package templates holds the page frame of the portal (Layout and its
// view model, Page), the user-interface strings of both languages
// (Messages), the CSS and JavaScript assets, and TrustedHTML. The
// components of a page's body live in subpackages that import this one
// and nothing of each other: blocks (generated tables, headings, lists,
// the bundle, the version bar), skillpage (skill and companion pages, the
// skills index) and validator (the validator tool). Components take view
// models shaped for display; they know nothing of files, Markdown or the
// protocol document. Trusted HTML produced by the Markdown renderer
// enters a page only through TrustedHTML (trusted.go): the generator
// wraps a page's rendered Markdown with it, and skillpage a skill
// section's (SkillCell.HTML).
package templates

import "github.com/a-h/templ"

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
	Home        string      // site-relative URL of the language's home page
	Nav         []NavItem
	Switch      Alternate       // the twin page in the other language
	Body        templ.Component // what the page shows below its title and contents: its Markdown (TrustedHTML), the validator tool, a skill's side-by-side view
	NoIndex     bool            // error pages ask robots not to index them
	Footer      []Link
	Scripts     []string // extra site-relative script URLs, loaded deferred

	Prev, Next  *Link       // neighbours in reading order (the navigation's order)
	Crumbs      []Link      // breadcrumbs above the title, the home page first; empty on the home page
	TOC         []TOCItem   // on-page contents, for pages with four sections or more
	Search      string      // site-relative URL of the search manifest
	ThemeJS     string      // the small blocking script that applies the saved colour theme
	Inline      *InlineHead // when set, the theme script and the stylesheets are in the HTML instead of ThemeJS and CSS (the validator page)
	Favicon     string      // site-relative URL of the icon
	OGLocale    string      // og:locale of the page (en_US, zh_CN), and of its twin
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
