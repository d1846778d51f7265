package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pairag.com/portal/generator/search"
	"pairag.com/portal/generator/site"
)

// TestCompanionIsItsOwnWork: a companion page pair is a work item of the
// render stage like any other: renderPair renders it alone, from the
// loaded skill, before (and without) its skill's page, in both languages,
// and its English result keeps what the skill's page lists of it. The
// skill's page, rendered after, lists what rendering the companion found
// on both its language pages, and its search entries hold the
// companion's sections. (Companions used to be drawn only inside their
// skill's rendering: renderPair did nothing with one.)
func TestCompanionIsItsOwnWork(t *testing.T) {
	fsys := withFiles(withThirdParty(t, fixtureWithoutSkills(t)), map[string]string{
		"content/skills/" + thirdParty + "/reference/tables.md": "# Tables\n\nWhat each table means.\n\n## Tables\n\n```protocol\nstage_types\n```\n",
	})
	cfg := Config{Content: fsys, BaseURL: testBase, JudgedVersions: judgedIn(fsys)}.withDefaults()
	dir := t.TempDir()
	e := newEnv(context.Background(), cfg, dir)
	l := e.load()
	if l == nil {
		t.Fatalf("load: %v", e.rep.Errors.Err())
	}
	b := &rendered{resolved: l.resolve(l.writeAssets()), results: map[string]*pageResult{}}
	var comp, skill pair
	for _, pr := range b.pairs {
		switch {
		case pr.Kind() == site.KindCompanion && strings.HasSuffix(pr.EN.URL, "/reference/tables/"):
			comp = pr
		case pr.Kind() == site.KindSkill && strings.Contains(pr.EN.URL, thirdParty):
			skill = pr
		}
	}
	if comp.EN == nil || skill.EN == nil {
		t.Fatal("no pair for the companion reference/tables.md or for its skill")
	}
	w := b.newWorker()
	b.renderPair(w, comp)
	for _, lang := range languages {
		p := comp.Get(lang)
		page, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(site.OutputPath(p.URL))))
		if err != nil {
			t.Fatalf("renderPair(companion): %v", err)
		}
		if !strings.Contains(string(page), "What each table means.") {
			t.Errorf("%s: the page does not show the file", p.URL)
		}
		if b.result(p.URL) == nil || len(b.result(p.URL).files) == 0 {
			t.Errorf("%s: no result, or no sections for its skill's search entries", p.URL)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(site.OutputPath(skill.EN.URL)))); err == nil {
		t.Errorf("renderPair(companion) wrote its skill's page %s too", skill.EN.URL)
	}
	found := b.result(comp.EN.URL).found
	if len(found) != 1 || !strings.Contains(found[0].Msg, "directives are for pages") {
		t.Fatalf("the companion's English result found %v; want the protocol directive", found)
	}
	b.renderPair(w, skill)
	for _, lang := range languages {
		p := skill.Get(lang)
		page := readFile(t, dir, site.OutputPath(p.URL))
		if !strings.Contains(page, "directives are for pages") {
			t.Errorf("%s: the skill's page does not list what rendering its companion found", p.URL)
		}
		if !slices.ContainsFunc(b.result(p.URL).search, func(d search.Doc) bool { return strings.HasPrefix(d.URL, comp.Get(lang).URL+"#") }) {
			t.Errorf("%s: the skill's search entries hold no section of %s", p.URL, comp.Get(lang).URL)
		}
	}
}
