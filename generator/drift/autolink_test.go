package drift

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"

	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/synth/synthtest"
)

// TestTokensWithoutAutolinks holds the drift check's reading of a page the
// build parses without autolinks (markdown.SameWithoutAutolinks) to its
// reading of the same page parsed with them: the same sections and tokens.
func TestTokensWithoutAutolinks(t *testing.T) {
	hl := highlight.New()
	with, without := markdown.New("en", hl), markdown.NewWithoutAutolinks("en", hl)
	r := rand.New(rand.NewPCG(9, 10))
	checked := 0
	for range 20000 {
		src := []byte(synthtest.RandomMarkdown(r))
		if !markdown.SameWithoutAutolinks(src) {
			continue
		}
		checked++
		a, b := readWith(with, src), readWith(without, src)
		if !reflect.DeepEqual(a.Secs, b.Secs) || !reflect.DeepEqual(a.facts, b.facts) {
			t.Fatalf("%q reads differently without autolinks:\nwith:    %+v\nwithout: %+v", src, a.facts, b.facts)
		}
	}
	if checked < 5000 {
		t.Errorf("only %d pages could be compared", checked)
	}
}

func readWith(md goldmark.Markdown, src []byte) *TextFile {
	st := markdown.NewState(&markdown.Page{Lang: "en", Src: src}, nil, nil)
	doc := md.Parser().Parse(gtext.NewReader(src), parser.WithContext(markdown.NewContext(st)))
	return ParsedTextFile("t.md", src, 0, doc)
}
