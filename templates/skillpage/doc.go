// Package skillpage renders the pages of agent skills: a skill's
// side-by-side page (SkillPage, its source and findings notes), the page
// of a companion Markdown file (CompanionPage), the list of skills on the
// skills index (SkillListBlock) and the install line and section
// (SkillInstall, SkillInstallBlock). Section HTML arrives as goldmark
// output and enters only through templates.TrustedHTML.
package skillpage
