package skillpage

import (
	"strings"

	"pairag.com/portal/templates"
)

// SkillView is the side-by-side page of one agent skill: its front matter
// and its sections, each row holding a section of the original and its
// translation. The page is the same in both site languages apart from the
// interface strings.
type SkillView struct {
	Msg        templates.Messages
	Translated bool          // false: the skill has no translation and shows the original alone
	OrigLang   string        // language tag of the original, "en"
	TrLang     string        // language tag of the translation, "zh-CN"
	Meta       [2][]MetaItem // front matter of the original and of the translation
	Files      []SkillFile   // the published raw files, site-relative
	Views      []ViewLink    // side by side, original only, translation only
	Rows       []SkillRow
	RawOrig    string          // site-relative URL of the published original, which the copy buttons slice
	RawTr      string          // of the published translation; "" when there is none
	Source     *SkillSource    // where a third-party skill comes from; nil for the portal's own
	Findings   []SkillFinding  // what the checks found in the skill's files, for the writer
	Companion  *SkillCompanion // set on a companion file's page: whose file it is; nil on the skill's page
}

// SkillFile is one published file of a skill in its page's file list.
type SkillFile struct {
	Text, URL string // the file's path in the folder, and its published URL
	Page      string // the page that shows it (a companion Markdown file's), "" for none
}

// SkillCompanion is what a companion file's page says of its file: the
// skill it comes with, and its raw files (the original, and the
// translation when there is one).
type SkillCompanion struct {
	Skill, SkillURL string
	Files           []templates.Link
}

// SkillSource is the record of a third-party skill (its SKILL.source.yaml).
type SkillSource struct {
	URL, Commit, License string
}

// SkillFinding is one finding on a skill, as file:line: message.
type SkillFinding struct {
	Severity string // error, warning or info
	At       string // the file inside the skill folder, with its line
	Msg      string // in English, as gen check prints it
}

// MetaItem is one entry of a skill's front matter.
type MetaItem struct {
	Term  string
	Value string
	Code  bool       // shown as code (names, versions, tool patterns)
	List  []string   // the values of a list, each shown as code
	Items []MetaItem // the entries of a map such as metadata
	Gap   bool       // holds the row of an entry only the other side has (see alignMeta)
}

// alignMeta pairs the entries of the original's and the translation's
// front matter by term (both sides name them in the page's language), so
// that row i of one side is row i of the other: an entry one side lacks
// faces a gap. The page lays both lists on the rows of one grid, which
// keeps Version level with its translation however long the
// descriptions above them are.
func alignMeta(v SkillView) [2][]MetaItem {
	a, b := v.Meta[0], v.Meta[1]
	if !v.Translated {
		return v.Meta
	}
	has := func(items []MetaItem, term string) bool {
		for _, it := range items {
			if it.Term == term {
				return true
			}
		}
		return false
	}
	var out [2][]MetaItem
	gap := MetaItem{Gap: true}
	for i, j := 0, 0; i < len(a) || j < len(b); {
		switch {
		case i < len(a) && j < len(b) && a[i].Term == b[j].Term:
			out[0], out[1] = append(out[0], a[i]), append(out[1], b[j])
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || !has(b[j:], a[i].Term)):
			out[0], out[1] = append(out[0], a[i]), append(out[1], gap)
			i++
		default:
			out[0], out[1] = append(out[0], gap), append(out[1], b[j])
			j++
		}
	}
	return out
}

// ViewLink is one of the reader's view controls: a link to the page with
// ?view=... that the script applies without reloading.
type ViewLink struct {
	View  string // both, original or translation
	Label string
	URL   string
}

// SkillRow is one pair of sections.
type SkillRow struct {
	ID    string    // anchor of the row: the original heading's id
	Level int       // the level of the section's heading, 0 for the intro
	Title [2]string // the heading's text in the original and in the translation ("" when missing)
	Orig  SkillCell
	Tr    SkillCell
	Stale bool // the original section changed since the translation was stamped
}

// SkillCell is one side of a row.
type SkillCell struct {
	HTML     string // trusted HTML rendered from the section's Markdown
	From, To int    // byte range of the section's Markdown in the published file, what the copy button copies
	Missing  bool   // the other side has this section, this one does not
}

// SkillList is the generated list of skills on the skills index page.
type SkillList struct {
	Msg    templates.Messages
	Skills []SkillEntry
	Script string // site-relative URL of skills.js, whose filter the list's box needs
}

// SkillEntry is one skill of the index.
type SkillEntry struct {
	ID           string // anchor on the index page
	Name         string
	Description  string
	Untranslated bool     // the description is the original's: the skill has no translation
	Translated   bool     // the skill has a Chinese translation (its card says so, in both languages)
	Tags         []string // the tags of its front matter's metadata, which the filter matches too
	URL          string   // the side-by-side page
	Version      string
	Files        []templates.Link // SKILL.md and its translation
}

// TOC is the page's on-page contents: a row for each section whose heading
// is at the skill's main level or the next one (a SKILL.md's "## Workflow"
// and its "### Step 1"; the main level is the shallowest that more than
// one section has, so a lone "# Title" above them does not count), with
// the heading in the page's language where the translation has it; nil
// for a skill of fewer than minSections sections at the main level, which
// needs none.
func (v SkillView) TOC(minSections int) []templates.TOCItem {
	var count [7]int
	for _, r := range v.Rows {
		count[r.Level]++
	}
	top := 0
	for l := 6; l >= 1; l-- {
		if count[l] > 1 || top == 0 && count[l] > 0 {
			top = l
		}
	}
	if top == 0 || count[top] < minSections {
		return nil
	}
	var items []templates.TOCItem
	for _, r := range v.Rows {
		if r.Level == 0 || r.Level > top+1 {
			continue
		}
		text := r.Title[0]
		if v.Msg.Lang != v.OrigLang && r.Title[1] != "" || text == "" {
			text = r.Title[1]
		}
		level := 2
		if r.Level > top {
			level = 3
		}
		items = append(items, templates.TOCItem{Level: level, ID: r.ID, Text: text})
	}
	return items
}

// Has reports whether the HTML of a section holds marker (a mermaid
// diagram's, which needs the diagram script).
func (v SkillView) Has(marker string) bool {
	for _, r := range v.Rows {
		if strings.Contains(r.Orig.HTML, marker) || strings.Contains(r.Tr.HTML, marker) {
			return true
		}
	}
	return false
}
