package jsonpos

import (
	"reflect"
	"strings"
	"testing"
)

// arenaTexts are parsed one after another with one arena: small and large
// trees in turn, so blocks are reused, found too small and replaced, and
// left over; broken texts leave partial trees behind.
var arenaTexts = []string{
	`{"a":1,"b":[true,null,"x\u00e9\n"],"a":2}`,
	`[` + strings.Repeat(`{"k":"v","n":[1,2,3]},`, 400) + `{}]`,
	`{"only":"one"}`,
	`{` + strings.Repeat(`"k":0,`, 700) + `"end":{"x":[[],[[]],{}]}}`,
	`{"broken":[1,2,`,
	`[` + strings.Repeat(`"s",`, 900) + `"t"]`,
	`{"a":{"b":{"c":{"d":"deep"}}}} trailing`,
	`{}`,
}

// TestArenaTreesMatch holds a parse in an arena to a parse without one:
// the same tree, issues and count, whatever the arena's earlier parses
// left in its blocks.
func TestArenaTreesMatch(t *testing.T) {
	var a Arena
	for round := range 3 {
		for i, text := range arenaTexts {
			wantRoot, wantIssues, wantOmitted := ParseBounded([]byte(text), 0, 64, 2)
			root, issues, omitted := ParseIn(&a, []byte(text), 0, 64, 2)
			if !reflect.DeepEqual(root, wantRoot) || !reflect.DeepEqual(issues, wantIssues) || omitted != wantOmitted {
				t.Fatalf("round %d, text %d: the arena's parse differs:\n%#v %v %d\nwant\n%#v %v %d", round, i, root, issues, omitted, wantRoot, wantIssues, wantOmitted)
			}
		}
	}
	if a.Size() == 0 {
		t.Fatal("the arena holds nothing after the parses")
	}
}

// FuzzArena parses pairs of texts in one arena: the second tree matches a
// parse without an arena.
func FuzzArena(f *testing.F) {
	for i := range arenaTexts {
		f.Add([]byte(arenaTexts[i]), []byte(arenaTexts[(i+1)%len(arenaTexts)]))
	}
	f.Fuzz(func(t *testing.T, first, second []byte) {
		if len(first) > 1<<16 || len(second) > 1<<16 {
			return
		}
		var a Arena
		ParseIn(&a, first, 0, 64, 4)
		root, issues, omitted := ParseIn(&a, second, 0, 64, 4)
		wantRoot, wantIssues, wantOmitted := ParseBounded(second, 0, 64, 4)
		if !reflect.DeepEqual(root, wantRoot) || !reflect.DeepEqual(issues, wantIssues) || omitted != wantOmitted {
			t.Fatalf("after %q, the arena reads %q differently", first, second)
		}
	})
}
