package skillpub

import (
	"context"
	"io"
	"strings"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/skillpage"
)

// Install is the install line of a skill's page in the site language
// lang: its archive and its file list.
func Install(lang, slug string) skillpage.SkillInstallView {
	return skillpage.SkillInstallView{Msg: templates.For(lang), Archive: ArchiveURL(slug), ArchiveName: slug + ".zip", FileList: ManifestURL(slug)}
}

// ArchivesDirective is the directive that lists every skill's archive.
const ArchivesDirective = "skill_archives"

// InstallBlock is the output of the skill_archives directive in the site
// language lang: each skill's archive and the discovery index, as HTML
// and as Markdown.
func InstallBlock(lang string, slugs []string) block.Block {
	l := skillpage.SkillInstallList{Msg: templates.For(lang), Index: IndexURL}
	for _, s := range slugs {
		l.Archives = append(l.Archives, templates.Link{Text: s + ".zip", URL: ArchiveURL(s)})
	}
	return installBlock{l}
}

type installBlock struct{ l skillpage.SkillInstallList }

// HTML renders the section on the skills index.
func (k installBlock) HTML(w io.Writer) error {
	return skillpage.SkillInstallBlock(k.l).Render(context.Background(), w)
}

// Anchors: the section defines no ids.
func (installBlock) Anchors() []string { return nil }

// Markdown writes the section for the page's Markdown version, with absolute links.
func (k installBlock) Markdown(sb *strings.Builder, abs func(string) string) {
	m := k.l.Msg.Install
	for _, a := range k.l.Archives {
		sb.WriteString("- [" + block.MarkdownCode(a.Text, false) + "](" + abs(a.URL) + ")\n")
	}
	sb.WriteString("\n[" + block.MarkdownText(m.Index, false) + "](" + abs(k.l.Index) + ")\n")
}
