package search

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// publishDocs are entries of every field and both languages, with tokens
// many entries share, some one holds, gaps between holders, and counts
// past the cap.
var publishDocs = []Doc{
	{URL: "/ref/#intro", Title: "Reference", Text: "The manifest has many fields. Stages pay in points or in fiat, depending on the tier."},
	{URL: "/ref/#tier", Title: "Reference", Heading: "Membership tier limits", Text: "Each tier limits the stages: tier, tier, tier, tier."},
	{URL: "/ref/#fiat", Title: "Reference", Heading: "Fiat payment", Text: "Fiat is paid in US dollars."},
	{URL: "/ref/#st", Title: "Reference", Heading: "stage_type.compliance_guardrail", Names: "106 compliance_guardrail Compliance guardrail 合规护栏", Text: "Enforces policy.", Kind: KindRow, Section: "Stage types"},
	{URL: "/zh/#fiat", Title: "参考", Heading: "法币支付", Text: "法币支付是可选项，按阶段设置。法币法币法币。"},
	{URL: "/zh/#tier", Title: "参考", Heading: "会员等级限制的说明", Names: "会员等级", Text: "免费版不能使用法币。", Section: "限制"},
	{URL: "/s/#x", Title: "Skill", Heading: "Pairag task publishing", Text: "ＦＵＬＬ-width and Café résumé.", Kind: KindSkill},
}

// TestPublishedPostings holds the shards a Builder publishes to the
// postings worked out entry by entry, token by token, from the
// tokenizer's tokens (no collector): every token once, in UTF-16 order
// across the shards, each shard named by its first token, each entry
// that holds a token numbered from the one before, with its body count
// (at most 3) and the fields that hold it; and the word list and typo
// tokens the index publishes.
func TestPublishedPostings(t *testing.T) {
	glossary := [][2]string{{"fiat", "法币"}, {"tier", "会员等级"}}
	synonyms := [][2]string{{"收费", "积分"}}
	for _, shardBytes := range []int{1, 64, ShardBytes} {
		b := NewBuilder("en", glossary, synonyms)
		for _, d := range publishDocs {
			b.Add(d)
		}
		got := map[string][]int{}
		var vocab, firsts []string
		pub, _, typos, err := b.Publish(shardBytes, func(data []byte) error {
			var sh Shard
			if err := json.Unmarshal(data, &sh); err != nil {
				return err
			}
			toks := strings.Split(sh.Vocab, "\n")
			if len(toks) != len(sh.Postings) {
				t.Fatalf("shard %d: %d tokens, %d postings lists", len(firsts), len(toks), len(sh.Postings))
			}
			for i, tok := range toks {
				got[tok] = sh.Postings[i]
			}
			vocab, firsts = append(vocab, toks...), append(firsts, toks[0])
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		want := naivePostings(publishDocs)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("shards of %d bytes: postings (-want +got):\n%s", shardBytes, diff)
		}
		if diff := cmp.Diff(slices.SortedFunc(maps.Keys(want), CompareUTF16), vocab); diff != "" {
			t.Errorf("shards of %d bytes: vocabulary (-want +got):\n%s", shardBytes, diff)
		}
		if diff := cmp.Diff(firsts, pub.Shards); diff != "" {
			t.Errorf("shards of %d bytes: the index names its shards by other tokens than their first (-first +named):\n%s", shardBytes, diff)
		}
		if shardBytes == 1 && len(pub.Shards) != len(vocab) {
			t.Errorf("shards of 1 byte: %d shards for %d tokens; want one each", len(pub.Shards), len(vocab))
		}
		var wantTypos []string
		for _, v := range vocab {
			if TypoCandidate(v) {
				wantTypos = append(wantTypos, v)
			}
		}
		if diff := cmp.Diff(wantTypos, strings.Split(typos, "\n")); diff != "" {
			t.Errorf("typo tokens differ from the vocabulary's typo candidates (-want +got):\n%s", diff)
		}
		wantWords := "会员等级 合规护栏 收费 法币 法币支付 积分"
		if pub.Words != wantWords {
			t.Errorf("words = %q; want %q (short Han headings and names, every glossary and synonym term)", pub.Words, wantWords)
		}
	}
}

// naivePostings is the postings of docs as the published shards number
// them, worked out for each entry and token from the tokenizer's tokens.
func naivePostings(docs []Doc) map[string][]int {
	out := map[string][]int{}
	last := map[string]int{}
	for i, d := range docs {
		body, fields := map[string]int{}, map[string]int{}
		for _, tok := range tokens(d.Text) {
			body[tok] = min(body[tok]+1, maxBodyCount)
		}
		for _, f := range []struct {
			text string
			bit  int
		}{{d.Title, MarkTitle}, {d.Heading, MarkHeading}, {d.Names, MarkNames}, {d.Section, MarkSection}} {
			for _, tok := range tokens(f.text) {
				fields[tok] |= f.bit
			}
		}
		held := maps.Clone(body)
		maps.Copy(held, fields)
		for tok := range held {
			out[tok] = append(out[tok], (i-last[tok])<<PostingShift|body[tok]|fields[tok]<<2)
			last[tok] = i
		}
	}
	return out
}
