package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSections(t *testing.T) {
	page := `<html><body><nav>menu</nav><main id="main"><h1>Title</h1><p>Intro <em>text</em>.</p><article class="skill-card"><h2><a href="/skills/x/">x</a></h2><p>A skill's description, indexed with its skill.</p></article>
<h2 id="a">First <a class="anchor" href="#a">#</a></h2><p>Alpha</p><pre><code>skip me</code></pre>
<table><tr><td>cell</td><td>two</td></tr><tr id="r"><td>row entry</td></tr></table><h3 id="b">Second</h3><p>中文<code>x</code>内容</p><div class="page-meta"><a href="/edit">Edit this page</a> <span>Last updated: <time>2026-11-29</time></span></div></main><footer>f</footer></body></html>`
	got := Sections([]byte(page))
	want := []Section{{Text: "Intro text."}, {ID: "a", Heading: "First", Text: "Alpha cell two", Rows: []string{"r"}}, {ID: "b", Heading: "Second", Text: "中文x内容", Parent: "First"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Sections (-want +got):\n%s", diff)
	}
}
