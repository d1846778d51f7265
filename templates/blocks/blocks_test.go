package blocks

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestTableEscapes checks that table cells are escaped once.
func TestTableEscapes(t *testing.T) {
	tb := Table{Caption: "a & b", Columns: []string{"<x>"}, Rows: []Row{{Cells: []Cell{{{Text: "1 < 2", Code: true}, {Text: " & more"}}}}}}
	var b bytes.Buffer
	if err := TableBlock(tb).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`aria-label="a &amp; b"`, "<th scope=\"col\">&lt;x&gt;</th>", "<code>1 &lt; 2</code> &amp; more"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("TableBlock output lacks %q:\n%s", want, b.String())
		}
	}
}
