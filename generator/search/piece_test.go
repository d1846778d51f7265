package search

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// pieceDocs are the entries of a few pages of both languages: tokens
// shared between pages and with the entries added one by one, Han tokens
// in rows and pages, texts that need escapes, a page without entries.
func pieceDocs() (rows []Doc, pages [][]Doc) {
	rows = []Doc{
		{URL: "/ref/#stage_name", Title: "Field reference", Heading: "stage_name", Names: "stage_name 阶段名称", Text: "The stage's name, shown to 执行者.", Kind: KindRow, Section: "Stages"},
		{URL: "/ref/#tier", Title: "Field reference", Heading: "tier", Names: "tier 等级", Text: "free pro ultra", Kind: KindRow},
		{URL: "/ref/#E_TIER", Title: "Field reference", Heading: "E_TIER", Names: "E_TIER", Kind: KindCode},
	}
	for i, texts := range [][]string{
		{"Create a task: the stages, the tier and the points.", "每个阶段的名称。免费版最多 5 个阶段。"},
		{},
		{"Orchestrator policies: forbidden_actions, harness_policy.forbidden_actions.", "The tier sets the stages' limit \"quoted\" \\ and <b>.", "免费用户的积分上限"},
		{"stage_name again, and bad \xff UTF-8 and \u2028."},
	} {
		var docs []Doc
		for j, x := range texts {
			docs = append(docs, Doc{URL: fmt.Sprintf("/docs/p%d/#s%d", i, j), Title: fmt.Sprintf("Page %d 页面", i), Heading: fmt.Sprintf("Section %d 阶段上限", j), Text: x, Section: "Stages"})
		}
		pages = append(pages, docs)
	}
	return rows, pages
}

// published is everything a Builder publishes, as bytes.
func published(t *testing.T, b *Builder) (pub Published, shards []string, texts, typos string) {
	t.Helper()
	pub, parts, typos, err := b.Publish(64, func(s []byte) error {
		shards = append(shards, string(s))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pub, shards, string(bytes.Join(parts, nil)), typos
}

// TestPiecesAsEntries holds the index merged from pages' pieces to the
// index of the same entries added one by one: the same shards, texts,
// typos and first file, byte for byte.
func TestPiecesAsEntries(t *testing.T) {
	rows, pages := pieceDocs()
	one := NewBuilder("zh-CN", [][2]string{{"stage", "阶段"}}, [][2]string{{"收费", "积分"}})
	merged := NewBuilder("zh-CN", [][2]string{{"stage", "阶段"}}, [][2]string{{"收费", "积分"}})
	for _, d := range rows {
		one.Add(d)
		merged.Add(d)
	}
	pieces := make([]*Piece, len(pages))
	var wg sync.WaitGroup
	for i, docs := range pages {
		wg.Go(func() { pieces[i] = NewPiece(docs) }) // as render workers make them
	}
	wg.Wait()
	for i, docs := range pages {
		for _, d := range docs {
			one.Add(d)
		}
		merged.AddPiece(pieces[i])
	}
	wantPub, wantShards, wantTexts, wantTypos := published(t, one)
	pub, shards, texts, typos := published(t, merged)
	if diff := cmp.Diff(wantPub, pub); diff != "" {
		t.Errorf("first file from pieces (-entries +pieces):\n%s", diff)
	}
	if diff := cmp.Diff(wantShards, shards); diff != "" {
		t.Errorf("shards from pieces (-entries +pieces):\n%s", diff)
	}
	if texts != wantTexts || typos != wantTypos {
		t.Errorf("texts, typos from pieces = %s, %q; want %s, %q", texts, typos, wantTexts, wantTypos)
	}
	var back []string
	if err := json.Unmarshal([]byte(texts), &back); err != nil || len(back) != len(pub.Docs) {
		t.Errorf("texts %s: %d strings, %v; want %d", texts, len(back), err, len(pub.Docs))
	}
	if len(shards) < 3 {
		t.Errorf("%d shards; want several, so that a token's postings cross pages and shards", len(shards))
	}
}

// TestPieceKeepsDocs holds a piece to its entries, and a page without
// entries to no piece, which AddPiece skips.
func TestPieceKeepsDocs(t *testing.T) {
	_, pages := pieceDocs()
	if diff := cmp.Diff(pages[0], NewPiece(pages[0]).Docs()); diff != "" {
		t.Errorf("NewPiece(docs).Docs() (-want +got):\n%s", diff)
	}
	if p := NewPiece(nil); p != nil {
		t.Errorf("NewPiece(nil) = %+v; want nil", p)
	}
	b := NewBuilder("en", nil, nil)
	b.AddPiece(nil)
	if pub, _, _, _ := b.Publish(64, func([]byte) error { return nil }); len(pub.Docs) != 0 {
		t.Errorf("AddPiece(nil) added %d entries", len(pub.Docs))
	}
}
