package markdown

import (
	"fmt"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// Limits on what one Markdown file may be, chosen far above any real page
// (the largest page of the portal is about 60 KB, the largest skill file of
// 25 public skills about 300 KB) so that only a hostile or broken file
// meets them, and far below what would take a build's time or memory
// (a 14 MB page took 26 s to build). A file over a limit is an error at
// its first line naming the limit; its body is not rendered or compared,
// and every other page still builds and previews.
const (
	// MaxPageBytes is the largest Markdown file, front matter included.
	MaxPageBytes = 4 << 20
	// MaxFrontMatterBytes is the largest front matter (the YAML between
	// the two --- lines).
	MaxFrontMatterBytes = 64 << 10
)

// TooLarge says what is wrong with a Markdown file of n bytes, or "" when
// it is within MaxPageBytes.
func TooLarge(n int) string {
	if n <= MaxPageBytes {
		return ""
	}
	return fmt.Sprintf("the file is %s, over the limit of %s for one Markdown file; split it into several pages (or companion files)", size(n), size(MaxPageBytes))
}

// CheckYAML says why front matter text may not go to a YAML decoder, with
// the line (relative to text) of the problem, or returns "" when it may:
// text over MaxFrontMatterBytes, and anchors or aliases, which no page or
// skill needs and which let a few lines expand into gigabytes (an alias
// bomb in a page's title ran a build until it was killed).
func CheckYAML(text []byte) (line int, msg string) {
	if len(text) > MaxFrontMatterBytes {
		return 1, fmt.Sprintf("front matter is %s, over the limit of %s; keep it to the keys a page needs", size(len(text)), size(MaxFrontMatterBytes))
	}
	f, err := parser.ParseBytes(text, 0)
	if err != nil {
		return 0, "" // the decoder reports it, with its position
	}
	var found ast.Node
	for _, doc := range f.Docs {
		ast.Walk(visitor(func(n ast.Node) bool {
			switch n.(type) {
			case *ast.AnchorNode, *ast.AliasNode:
				found = n
			}
			return found == nil
		}), doc)
	}
	if found == nil {
		return 0, ""
	}
	return found.GetToken().Position.Line, "YAML anchors and aliases (&name, *name) are not allowed in front matter; write each value out"
}

// visitor adapts a function to ast.Visitor; it stops descending once the
// function returns false.
type visitor func(ast.Node) bool

func (v visitor) Visit(n ast.Node) ast.Visitor {
	if v(n) {
		return v
	}
	return nil
}

// size formats a byte count for a message: 4 MiB, 14.0 MiB, 70 KiB.
func size(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
