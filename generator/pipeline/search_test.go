package pipeline

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"pairag.com/portal/generator/search"
	"pairag.com/portal/generator/search/rank"
)

var (
	realSiteOnce sync.Once
	realSiteDir  string
	realSiteErr  error
)

// realSite builds the repository's content once for the search tests.
func realSite(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the whole site")
	}
	realSiteOnce.Do(func() {
		realSiteDir, realSiteErr = os.MkdirTemp("", "search-site-*")
		if realSiteErr == nil {
			_, realSiteErr = Render(context.Background(), Config{Content: os.DirFS("../.."), BaseURL: testBase}, realSiteDir)
		}
	})
	if realSiteErr != nil {
		t.Fatalf("Render(content/): %v", realSiteErr)
	}
	return realSiteDir
}

// builtIndex reads the published index of a language through the manifest.
func builtIndex(t *testing.T, dir, lang string) *rank.Index {
	t.Helper()
	var manifest map[string]string
	if err := json.Unmarshal([]byte(readFile(t, dir, SearchManifest)), &manifest); err != nil {
		t.Fatal(err)
	}
	ix, err := rank.Read(os.DirFS(dir), manifest[lang])
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// question is one line of testdata/search-questions.txt.
type question struct {
	Lang, Query string
	Want        []string
}

func loadQuestions(t *testing.T, name string) []question {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var qs []question
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 3 {
			t.Fatalf("bad question line %q", line)
		}
		qs = append(qs, question{strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1]), strings.Fields(parts[2])})
	}
	return qs
}

// TestSearchQuestions runs the question set over the built indexes: at
// least 95% must have an expected section in the first five results.
func TestSearchQuestions(t *testing.T) {
	dir := realSite(t)
	ixs := map[string]*rank.Index{}
	qs := loadQuestions(t, "search-questions.txt")
	if len(qs) < 30 {
		t.Fatalf("%d questions; the set needs at least 30", len(qs))
	}
	hits, zhCount := 0, 0
	for _, q := range qs {
		if q.Lang == zh {
			zhCount++
		}
		ix := ixs[q.Lang]
		if ix == nil {
			ix = builtIndex(t, dir, q.Lang)
			ixs[q.Lang] = ix
		}
		var got []string
		for _, r := range ix.Search(q.Query, 5) {
			got = append(got, r.Doc.URL)
		}
		if slices.ContainsFunc(got, func(u string) bool { return slices.Contains(q.Want, u) }) {
			hits++
			continue
		}
		t.Logf("%s %q: top 5 = %q; want one of %q", q.Lang, q.Query, got, q.Want)
	}
	if zhCount*2 < len(qs) {
		t.Errorf("%d of %d questions are Chinese; want at least half", zhCount, len(qs))
	}
	if hits*100 < 95*len(qs) {
		t.Errorf("%d of %d questions answered in the top 5; want at least 95%%", hits, len(qs))
	}
	t.Logf("%d of %d questions answered in the top 5", hits, len(qs))
}

// TestSearchQuestionSet runs the second question set (issue 23: skills,
// synonyms, typos, mixed languages, table rows through their headers)
// over the built indexes and holds the share answered first and in the
// first five to a floor.
func TestSearchQuestionSet(t *testing.T) {
	dir := realSite(t)
	qs := loadQuestions(t, "search-questions-v2.txt")
	if len(qs) < 60 {
		t.Fatalf("%d questions; the set needs at least 60", len(qs))
	}
	ixs := map[string]*rank.Index{en: builtIndex(t, dir, en), zh: builtIndex(t, dir, zh)}
	first, top5, zhCount := 0, 0, 0
	for _, q := range qs {
		if q.Lang == zh {
			zhCount++
		}
		var got []string
		for _, r := range ixs[q.Lang].Search(q.Query, 5) {
			got = append(got, r.Doc.URL)
		}
		wanted := func(u string) bool { return slices.Contains(q.Want, u) }
		switch {
		case len(got) > 0 && wanted(got[0]):
			first++
			top5++
		case slices.ContainsFunc(got, wanted):
			top5++
			t.Logf("not first: %s %q: top 5 = %q; want one of %q", q.Lang, q.Query, got, q.Want)
		default:
			t.Logf("missed: %s %q: top 5 = %q; want one of %q", q.Lang, q.Query, got, q.Want)
		}
	}
	if zhCount*2 < len(qs) {
		t.Errorf("%d of %d questions are Chinese; want at least half", zhCount, len(qs))
	}
	// The target is 85% first and 95% in the top 5 (issue 23). The top 5
	// is held to it; for the first place, what the engine reaches today
	// (56 of 63, 88%) is the floor a change may not go below.
	if first*100 < 88*len(qs) || top5*100 < 95*len(qs) {
		t.Errorf("%d of %d questions answered first and %d in the top 5; want at least 88%% and 95%%", first, len(qs), top5)
	}
	t.Logf("%d of %d questions answered first, %d in the top 5", first, len(qs), top5)
}

// TestSynonymTargets holds content/synonyms.yaml to the built indexes:
// every term a synonym means must be in its language's index, or the
// synonym finds nothing.
func TestSynonymTargets(t *testing.T) {
	dir := realSite(t)
	data, err := os.ReadFile(filepath.Join("../..", synonymsFile))
	if err != nil {
		t.Fatal(err)
	}
	syn, err := search.ParseSynonyms(data, languages)
	if err != nil {
		t.Fatalf("%s: %v", synonymsFile, err)
	}
	for _, lang := range languages {
		if len(syn[lang]) == 0 {
			t.Errorf("%s has no synonyms for %s", synonymsFile, lang)
		}
		ix := builtIndex(t, dir, lang)
		if len(ix.Synonyms) != len(syn[lang]) {
			t.Errorf("the %s index holds %d synonym pairs; %s has %d", lang, len(ix.Synonyms), synonymsFile, len(syn[lang]))
		}
		for _, p := range syn[lang] {
			if miss := ix.Missing(p[1]); len(miss) > 0 {
				t.Errorf("%s: %s synonym %q means %q, but the index has no %q: use a term the pages use", synonymsFile, lang, p[0], p[1], miss)
			}
		}
	}
}

// TestSearchTiesInPageOrder: entries that score alike come in the order
// of the page, not of their anchors' names (issue 23 saw zh-HK's alias
// before the zh-TW codebook row the page shows first).
func TestSearchTiesInPageOrder(t *testing.T) {
	dir := realSite(t)
	for _, lang := range languages {
		ix := builtIndex(t, dir, lang)
		res := ix.Search("Chinese (Traditional)", 2)
		if len(res) < 2 || res[0].Score != res[1].Score || !strings.HasSuffix(res[0].Doc.URL, "#language_codebook.zh-TW") {
			var got []string
			for _, r := range res {
				got = append(got, fmt.Sprintf("%s %.3f", r.Doc.URL, r.Score))
			}
			t.Errorf("%s: Search(Chinese (Traditional)) = %q; want the codebook row and the alias tied, the codebook row first", lang, got)
		}
	}
}
