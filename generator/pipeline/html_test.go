package pipeline

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// pageHeadingIDs returns the ids of the h2-h6 elements of a page in order.
func pageHeadingIDs(t testing.TB, page string) []string {
	t.Helper()
	var ids []string
	walk(parse(t, page), func(n *html.Node) {
		if n.Type == html.ElementNode && len(n.Data) == 2 && n.Data[0] == 'h' && n.Data[1] >= '2' && n.Data[1] <= '6' {
			ids = append(ids, attr(n, "id"))
		}
	})
	return ids
}

func parse(t testing.TB, page string) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func walk(n *html.Node, f func(*html.Node)) {
	f(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

func textOf(n *html.Node) string {
	var b strings.Builder
	walk(n, func(c *html.Node) {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	})
	return b.String()
}
