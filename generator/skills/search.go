package skills

// Companion is one section of a file that comes with a skill (a
// reference, a checklist), rendered for the site search: it links the
// section's row on the file's page ([CompanionPage]).
type Companion struct {
	URL  string // the row of the file's page, site-relative, with its anchor
	Name string // the file's name inside the skill folder, in the page's language
	HTML string // the section, rendered with the site's Markdown setup
}
