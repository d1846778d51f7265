package protocol

import (
	"strings"
	"testing"

	"pairag.com/portal/protocol/jsonpos"
)

// TestStringSkipExact holds object's skip of stringValue to stringValue:
// for every string field whose only check is its length, a string that
// object skips (at least minBytes bytes) gets no finding from stringValue,
// in ASCII and in characters of two to four bytes.
func TestStringSkipExact(t *testing.T) {
	for _, d := range Versions() {
		x := indexOf(d)
		for ref, l := range x.lists {
			for _, f := range l.order {
				if f.kind != '"' || f.stringRest {
					continue
				}
				for _, ch := range []string{"a", "é", "中", "😀"} {
					for n := 0; n <= f.minBytes/len(ch)+2; n++ {
						s := strings.Repeat(ch, n)
						if len(s) < f.minBytes {
							continue // object calls stringValue
						}
						v := &validation{doc: d, idx: x}
						var steps []jsonpos.Step
						v.stringValue(f, &jsonpos.Node{Kind: '"', Str: s}, path{steps: &steps})
						if len(v.found) > 0 {
							t.Errorf("%s %s: stringValue(%q) = %s; object skips it", ref, f.Name, s, v.found[0].code)
						}
					}
				}
			}
		}
	}
}
