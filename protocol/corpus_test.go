package protocol

import (
	"strings"
	"testing"

	"pairag.com/portal/protocol/jsonpos"
)

// mutationCorpus builds, at run time, the texts of the fixer's corpus: for
// each base payload, every scalar value replaced by a value of another
// kind and by an alias or a near miss, every key renamed (camelCase) or
// followed by a comment, a trailing comma after every member, every object
// closed twice or not at all, and the fence and two-document damage seen
// in pasted model output. Nothing is tuned to a list: the texts follow the
// bases' own structure.
func mutationCorpus(t *testing.T) []string {
	t.Helper()
	bases := []string{
		string(Default().Example.Payload),
		string(readTestdata(t, "payloads/reference-example.json")),
		string(readTestdata(t, "payloads/chinese-free-task.json")),
		`{"manifest": {"name": "n", "version": "18.0"}, "stages": [{"stage_name": "a", "stage_type": 1}]}`, // a minimal payload
	}
	var out []string
	for _, base := range bases {
		root, issues := jsonpos.Parse([]byte(base), 0, 64)
		if root == nil {
			t.Fatalf("base does not parse: %v", issues)
		}
		edit := func(start, end int, repl string) { out = append(out, base[:start]+repl+base[end:]) }
		var walk func(n *jsonpos.Node)
		walk = func(n *jsonpos.Node) {
			switch n.Kind {
			case '{':
				for _, m := range n.Members {
					edit(m.KeyStart, m.KeyEnd, `"`+camel(m.Key)+`"`)
					edit(m.KeyStart, m.KeyStart, "/* "+m.Key+" */ ")
					edit(m.Val.End, m.Val.End, ",")
					walk(m.Val)
				}
				edit(n.End-1, n.End, "}}")   // closed twice
				edit(n.End-1, n.End, "")     // never closed
				edit(n.End-1, n.End, ",\n}") // a trailing comma
			case '[':
				for _, it := range n.Items {
					walk(it)
				}
				edit(n.End-1, n.End, ",]")
			case '"':
				edit(n.Start, n.End, "1")
				edit(n.Start, n.End, `"`+strings.ToUpper(n.Str)+`-US"`)
				edit(n.Start, n.End, `""`)
			case '0':
				edit(n.Start, n.End, `"`+n.Str+`"`)
				edit(n.Start, n.End, n.Str+"0")
				edit(n.Start, n.End, "-"+n.Str)
			default:
				edit(n.Start, n.End, `"true"`)
			}
		}
		walk(root)
		second := strings.Replace(base, `"name": "`, `"name": "2 `, 1)
		out = append(out, []string{
			"```json\n" + base + "\n```\n", "```json\n" + base, "```" + base + "```", "```json" + base + "\n```",
			"Here is the payload:\n```json\n" + base + "\n```\nAnything else?", "Here it is: " + base, base + "\nDone.",
			base + second, base + "\n" + second, base + ",\n" + second, "[" + base + "," + second + "]",
			"```json\n" + base + "\n```\n```json\n" + second + "\n```\n", "\xEF\xBB\xBF" + base, base + "}", "{" + base,
		}...)
	}
	return out
}

// camel writes a snake_case key in camelCase.
func camel(key string) string {
	parts := strings.Split(key, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

// TestCorpusFixKeeps holds the fixer's promise on the corpus: on every
// text, for a tier in turn, FixAll keeps every byte it does not fix (as
// FuzzFixKeeps judges it) and never refuses its own fixes.
func TestCorpusFixKeeps(t *testing.T) {
	corpus := mutationCorpus(t)
	if len(corpus) < 1000 {
		t.Fatalf("the corpus holds %d texts; want at least 1000", len(corpus))
	}
	tiers := Default().Tiers
	fixed := 0
	for i, text := range corpus {
		tier := tiers[i%len(tiers)]
		if err := fixKeeps([]byte(text), tier); err != nil {
			t.Errorf("text %d (%s): %v\n%s", i, tier, err, abbreviate(text))
			continue
		}
		if fr, _ := FixAll([]byte(text), Options{Tier: tier}); fr.Applied > 0 {
			fixed++
		}
	}
	t.Logf("%d texts, %d with fixes applied", len(corpus), fixed)
	if fixed < len(corpus)/4 {
		t.Errorf("only %d of %d texts had fixes to check", fixed, len(corpus))
	}
}
