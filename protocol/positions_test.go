package protocol

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pairag.com/portal/protocol/catalog"
	"pairag.com/portal/protocol/jsonpos"
)

// positionCorpus is the golden payloads and a few more whose findings sit
// in every kind of place (keys, values, missing fields, empty values).
func positionCorpus(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	files, _ := filepath.Glob("testdata/payloads/*.json")
	for _, f := range files {
		out[filepath.Base(f)] = readTestdata(t, "payloads/"+filepath.Base(f))
	}
	p := payload(t)
	m := manifestOf(p)
	m["location"], m["industry_code"], m["industryCode"] = "", "J629", "x"
	limitOf(p, "input_limit")["maxTokens"] = 1
	stageOf(p, 1)["stage_name"] = stageOf(p, 0)["stage_name"]
	delete(stageOf(p, 2), "role")
	out["mutations"] = encode(t, p)
	p = payload(t)
	delete(manifestOf(p), "location")
	manifestOf(p)["language"] = "en-GB"
	out["no location"] = encode(t, p)
	return out
}

// TestPositionsEveryLineEnding validates each payload of the corpus with
// LF, CRLF and CR-only line ends at every tier: every finding keeps its
// code, pointer, line and column, the LF line is the number of line feeds
// before the finding plus one, and the position lies on the value the
// pointer names (on its key for a finding about the key), not inside one
// of its children.
func TestPositionsEveryLineEnding(t *testing.T) {
	for name, lf := range positionCorpus(t) {
		lf = bytes.ReplaceAll(lf, []byte("\r\n"), []byte("\n"))
		for _, tier := range Default().Tiers {
			t.Run(name+"/"+tier, func(t *testing.T) {
				base := Validate(lf, Options{Tier: tier})
				for _, f := range base.Findings {
					if want := bytes.Count(lf[:min(f.start, len(lf))], []byte("\n")) + 1; f.Line != want {
						t.Errorf("%s at %s: line %d; want %d", f.Code, f.Pointer, f.Line, want)
					}
					checkPointerPosition(t, lf, f)
				}
				for _, end := range []string{"\r\n", "\r"} {
					text := bytes.ReplaceAll(lf, []byte("\n"), []byte(end))
					got := Validate(text, Options{Tier: tier})
					if a, b := positionsOf(got), positionsOf(base); a != b {
						t.Errorf("line ends %q:\n%s\nwant (LF):\n%s", end, a, b)
					}
				}
			})
		}
	}
}

func positionsOf(r Result) string {
	var b strings.Builder
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "%d:%d %s %s\n", f.Line, f.Column, f.Code, f.Pointer)
	}
	return b.String()
}

// checkPointerPosition fails when a finding's offset is not on the value its
// pointer names: within the value (or its key), and not within a member
// or item of it. Findings about the text itself are not about a value.
func checkPointerPosition(t *testing.T, text []byte, f Finding) {
	t.Helper()
	if f.Pointer == "" || row(f.Code).Class == catalog.ClassInput || strings.HasPrefix(f.Code, "json-") {
		return
	}
	// Parse the object as the engine did, without fences or prose around it.
	start, end := bytes.IndexByte(text, '{'), bytes.LastIndexByte(text, '}')+1
	if start < 0 || end <= start {
		return
	}
	root, _ := jsonpos.Parse(text[:end], start, Default().Limits.MaxDepth)
	n, key := root, [2]int{-1, -1}
	for _, tok := range jsonpos.PointerTokens(f.Pointer) {
		switch {
		case n == nil:
		case n.Kind == '{':
			var next *jsonpos.Node
			for _, m := range n.Members {
				if m.Key == tok {
					next, key = m.Val, [2]int{m.KeyStart, m.KeyEnd}
				}
			}
			n = next
		case n.Kind == '[':
			i, err := strconv.Atoi(tok)
			if err != nil || i >= len(n.Items) {
				n = nil
				break
			}
			n, key = n.Items[i], [2]int{-1, -1}
		default:
			n = nil
		}
	}
	if n == nil {
		t.Errorf("%s: pointer %q names no value", f.Code, f.Pointer)
		return
	}
	at := f.start
	if at >= key[0] && at < key[1] {
		return
	}
	if at < n.Start || at >= n.End {
		t.Errorf("%s: pointer %q names [%d,%d) but the finding is at %d (%d:%d)", f.Code, f.Pointer, n.Start, n.End, at, f.Line, f.Column)
		return
	}
	for _, m := range n.Members {
		if at >= m.KeyStart && at < m.Val.End {
			t.Errorf("%s: pointer %q but the finding is at %d:%d, inside member %q", f.Code, f.Pointer, f.Line, f.Column, m.Key)
		}
	}
	for i, it := range n.Items {
		if at >= it.Start && at < it.End {
			t.Errorf("%s: pointer %q but the finding is at %d:%d, inside item %d", f.Code, f.Pointer, f.Line, f.Column, i)
		}
	}
}
