package blocks

import "pairag.com/portal/templates"

// VersionBar is what a field reference page shows about versions when the
// site has more than one: the switcher and, on a retired version's page, a
// banner naming the current version with a link to the same section there.
type VersionBar struct {
	Label    string         // accessible name of the switcher
	Banner   string         // the banner's text before the link; empty on the current version's page
	Current  templates.Link // the current version's page
	Versions []VersionLink
}

// VersionLink is one entry of the switcher.
type VersionLink struct {
	Name string
	URL  string
	Here bool // the page being read
}
