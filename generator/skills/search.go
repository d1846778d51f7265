package skills

import "pairag.com/portal/generator/search"

// Companion is one section of a file that comes with a skill (a
// reference, a checklist), for the site search: it links the section's
// row on the file's page ([CompanionPage]).
type Companion struct {
	URL     string         // the row of the file's page, site-relative, with its anchor
	Name    string         // the file's name inside the skill folder, in the page's language
	Section search.Section // the section's heading and text, from its tree
}

// RowText is the text of a row of a skill's page (or a companion's) for
// the site search: each side's heading and text, from the section's
// tree; a missing side's is empty.
type RowText struct{ Orig, Tr search.Section }
