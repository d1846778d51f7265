package generator

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"pairag.com/portal/generator/search"
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
			_, realSiteErr = Render(context.Background(), Config{Content: os.DirFS(".."), BaseURL: testBase}, realSiteDir)
		}
	})
	if realSiteErr != nil {
		t.Fatalf("Render(content/): %v", realSiteErr)
	}
	return realSiteDir
}

// builtIndex reads the published index of a language through the manifest.
func builtIndex(t *testing.T, dir, lang string) *search.Index {
	t.Helper()
	var manifest map[string]string
	if err := json.Unmarshal([]byte(readFile(t, dir, SearchManifest)), &manifest); err != nil {
		t.Fatal(err)
	}
	ix, err := search.Unmarshal([]byte(readFile(t, dir, manifest[lang])))
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

func loadQuestions(t *testing.T) []question {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "search-questions.txt"))
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
	ixs := map[string]*search.Index{}
	qs := loadQuestions(t)
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
