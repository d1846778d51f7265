package rank

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"pairag.com/portal/generator/search"
)

// TestPublishRoundTrip checks that the published shape decodes to the
// postings, vocabulary and word list the entries give when tokenised
// (Index.prepare), and that it ranks alike: the browser searches the
// decoded shape, the question sets the same.
func TestPublishRoundTrip(t *testing.T) {
	ix := testIndex
	ix.Synonyms = [][2]string{{"price", "fiat"}, {"收费", "法币"}}
	ix.prepare()
	pub, texts, shards, typos := publish(t, &ix.Index, 64)
	for i, d := range pub.Docs {
		if d.Text != "" || d.Names != "" {
			t.Errorf("published entry %d keeps text %q and names %q; want them left out of the first file", i, d.Text, d.Names)
		}
		if texts[i] != ix.Docs[i].Text {
			t.Errorf("text %d = %q; want %q", i, texts[i], ix.Docs[i].Text)
		}
	}
	var want []string
	for _, v := range ix.vocab {
		if typoCandidate(v) {
			want = append(want, v)
		}
	}
	if diff := cmp.Diff(want, strings.Split(typos, "\n")); diff != "" {
		t.Errorf("typo tokens differ from the vocabulary's typo candidates (-want +got):\n%s", diff)
	}
	data, err := json.Marshal(pub)
	if err != nil {
		t.Fatal(err)
	}
	var back search.Published
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	got, err := FromPublished(back, texts, shards)
	if err != nil {
		t.Fatal(err)
	}
	opt := cmp.AllowUnexported(posting{})
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"postings", got.postings, ix.postings},
		{"vocab", got.vocab, ix.vocab},
		{"words", got.words, ix.words},
		{"maxWord", got.maxWord, ix.maxWord},
		{"maxIDF", got.maxIDF, ix.maxIDF},
	} {
		if diff := cmp.Diff(c.want, c.got, opt); diff != "" {
			t.Errorf("decoded %s differ from the tokenised entries' (-want +got):\n%s", c.name, diff)
		}
	}
	for _, q := range []string{"tier", "fiat", "106", "合规", "complia", "manifest 字段", "会员等级", "price", "收费"} {
		want, res := ix.Search(q, 5), got.Search(q, 5)
		if diff := cmp.Diff(urls(want), urls(res)); diff != "" {
			t.Errorf("Search(%q) on the decoded index differs (-tokenised +decoded):\n%s", q, diff)
		}
	}
}

// TestFromPublishedRefuses checks that a broken published index is an
// error that says what is wrong, not a panic or a wrong answer.
func TestFromPublishedRefuses(t *testing.T) {
	ix := testIndex
	pub, texts, shards, _ := publish(t, &ix.Index, 64)
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

// publish is search.Publish with its shards decoded, as the browser
// decodes them.
func publish(t *testing.T, ix *search.Index, shardBytes int) (search.Published, []string, []search.Shard, string) {
	t.Helper()
	var shards []search.Shard
	pub, texts, typos, err := search.Publish(ix, shardBytes, func(data []byte) error {
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
	return pub, texts, shards, typos
}

func urls(rs []Result) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Doc.URL)
	}
	return out
}
