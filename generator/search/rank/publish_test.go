package rank

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"pairag.com/portal/generator/search"
)

// TestFromPublished holds what an index decodes to, through the files gen
// build writes ([New]: search.Builder, then [Read]), to what its entries
// say: each token's entries in order (across gaps), body counts capped at
// 3, each field's weight once, the vocabulary in UTF-16 order, the word
// list from the headings, names and glossary.
func TestFromPublished(t *testing.T) {
	ix := index(t, search.Index{
		Lang:     "en",
		Glossary: [][2]string{{"fiat", "法币"}},
		Docs: []search.Doc{
			{Title: "Reference", Heading: "Fiat payment", Text: "Fiat fiat fiat fiat is paid."},
			{Title: "Reference", Heading: "Platform points", Names: "points 积分", Text: "Points are paid.", Section: "Fiat payment"},
			{Heading: "Other", Text: "nothing here"},
			{Text: "ＦＩＡＴ"},
		},
	})
	for _, tt := range []struct {
		token string
		want  []posting
	}{
		{"fiat", []posting{{0, 3, headingWeight}, {1, 0, sectionWeight}, {3, 1, 0}}},
		{"point", []posting{{1, 1, headingWeight + namesWeight}}},
		{"积分", []posting{{1, 0, namesWeight}}},
		{"积", []posting{{1, 0, namesWeight}}},
		{"reference", []posting{{0, 0, titleWeight}, {1, 0, titleWeight}}},
		{"paid", []posting{{0, 1, 0}, {1, 1, 0}}},
		{"payment", []posting{{0, 0, headingWeight}, {1, 0, sectionWeight}}},
		{"法币", nil}, // a glossary term is a word of the segmentation, not a token of an entry
	} {
		if diff := cmp.Diff(tt.want, ix.postings[tt.token], cmp.AllowUnexported(posting{})); diff != "" {
			t.Errorf("postings[%q] (-want +got):\n%s", tt.token, diff)
		}
	}
	if !slices.IsSortedFunc(ix.vocab, compareUTF16) || len(ix.vocab) != len(ix.postings) {
		t.Errorf("vocab = %q; want the %d tokens in UTF-16 order", ix.vocab, len(ix.postings))
	}
	for _, v := range ix.vocab {
		if len(ix.postings[v]) == 0 {
			t.Errorf("vocab holds %q, which no entry holds", v)
		}
	}
	if diff := cmp.Diff(map[string]bool{"积分": true, "法币": true}, ix.words); diff != "" {
		t.Errorf("words (-want +got):\n%s", diff)
	}
	if ix.maxWord != 2 || ix.maxIDF != math.Log(5) {
		t.Errorf("maxWord, maxIDF = %d, %v; want 2, log(5)", ix.maxWord, ix.maxIDF)
	}
	if ix.Docs[1].Text != "Points are paid." || ix.Docs[1].Names != "" {
		t.Errorf("entry 1 = %+v; want its text back from the texts file, and no names (the first file leaves them out)", ix.Docs[1])
	}
}

// TestFromPublishedRefuses checks that a broken published index is an
// error that says what is wrong, not a panic or a wrong answer.
func TestFromPublishedRefuses(t *testing.T) {
	pub, texts, shards := published(t, testDocs, 64)
	if len(shards) < 2 {
		t.Fatalf("%d shards; the test needs two or more", len(shards))
	}
	if _, err := FromPublished(pub, texts, shards); err != nil {
		t.Fatalf("FromPublished of the whole index: %v", err)
	}
	if _, err := FromPublished(pub, texts, shards[1:]); err == nil {
		t.Error("FromPublished with a shard missing = nil error")
	}
	if _, err := FromPublished(pub, texts[1:], shards); err == nil {
		t.Error("FromPublished with a text missing = nil error")
	}
	bad := slices.Clone(shards)
	bad[0].Postings = bad[0].Postings[1:]
	if _, err := FromPublished(pub, texts, bad); err == nil {
		t.Error("FromPublished with a postings list missing = nil error")
	}
	bad = slices.Clone(shards)
	bad[0].Postings = append([][]int{{len(pub.Docs) << search.PostingShift}}, bad[0].Postings[1:]...)
	if _, err := FromPublished(pub, texts, bad); err == nil {
		t.Error("FromPublished with a posting past the entries = nil error")
	}
}

// published is what search.Builder publishes of ix, its shards and texts
// decoded as the browser decodes them.
func published(t *testing.T, ix search.Index, shardBytes int) (search.Published, []string, []search.Shard) {
	t.Helper()
	b := search.NewBuilder(ix.Lang, ix.Glossary, ix.Synonyms)
	for _, d := range ix.Docs {
		b.Add(d)
	}
	var shards []search.Shard
	pub, parts, _, err := b.Publish(shardBytes, func(data []byte) error {
		var sh search.Shard
		if err := json.Unmarshal(data, &sh); err != nil {
			return fmt.Errorf("shard %d: %w\n%s", len(shards), err, data)
		}
		shards = append(shards, sh)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	if err := json.Unmarshal(bytes.Join(parts, nil), &texts); err != nil {
		t.Fatalf("texts: %v", err)
	}
	return pub, texts, shards
}
