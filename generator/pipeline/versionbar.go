package pipeline

import (
	"bytes"
	"context"
	"fmt"

	"pairag.com/portal/generator/site"
	"pairag.com/portal/protocol/spec"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/blocks"
)

// The version bar. A field reference page is content/<lang>/docs/
// task-publish-v<N>.md for a version N in protocol/. When more than one
// version has such a page, each of them starts with a switcher listing
// them, and the page of every version but the newest with a banner naming
// the current version, linked to the same section there (a small script
// carries the #fragment; without it the link opens the page). With one
// reference page nothing is added: the site is unchanged.

// referencePages is what the build knows about the versions' reference
// pages: which pages they are, worked out by load from the pages and the
// versions, before anything is rendered.
type referencePages struct {
	byRel  map[string]*spec.Document // reference page → its version
	docs   []*spec.Document          // versions with a reference page, oldest first
	script string                    // URL of the switcher's script, when there is a switcher (written by writeAssets)
}

func referenceRel(d *spec.Document) string { return site.ReferenceSource(d) }

// findReferencePages finds the reference page of each version among pairs:
// a version has one when both languages have its page.
func findReferencePages(pairs []pair, versions []*spec.Document) referencePages {
	v := referencePages{byRel: map[string]*spec.Document{}}
	have := map[string]bool{}
	for _, pr := range pairs {
		if pr.EN != nil && pr.ZH != nil {
			have[pr.Rel()] = true
		}
	}
	for _, d := range versions {
		if have[referenceRel(d)] {
			v.byRel[referenceRel(d)] = d
			v.docs = append(v.docs, d)
		}
	}
	if len(v.docs) > 1 {
		v.script = hashedURL("versions", ".js", templates.VersionsScript())
	}
	return v
}

// versionSwitch returns the version bar of a page as HTML, and the script
// it needs; nothing for a page that is not a reference page, or when only
// one version has one.
func (b *loaded) versionSwitch(p *page) (html string, scripts []string) {
	v := &b.refs
	d, ok := v.byRel[p.Rel]
	if !ok || len(v.docs) < 2 {
		return "", nil
	}
	m, cur := templates.For(p.Lang), v.docs[len(v.docs)-1]
	bar := blocks.VersionBar{Label: m.VersionsLabel}
	for _, x := range v.docs {
		name := x.Version
		if x == cur {
			name = fmt.Sprintf(m.VersionCurrent, x.Version)
		}
		bar.Versions = append(bar.Versions, blocks.VersionLink{Name: name, URL: pageURL(p.Lang, referenceRel(x)), Here: x == d})
	}
	if d != cur {
		bar.Banner = fmt.Sprintf(m.VersionRetired, d.Version, cur.Version)
		bar.Current = templates.Link{Text: fmt.Sprintf(m.VersionSameSection, cur.Version), URL: pageURL(p.Lang, referenceRel(cur))}
	}
	var buf bytes.Buffer
	if err := blocks.VersionSwitch(bar).Render(context.Background(), &buf); err != nil {
		b.rep.Errorf(p.File, 0, "render the version bar: %v", err)
		return "", nil
	}
	return buf.String(), []string{v.script}
}
