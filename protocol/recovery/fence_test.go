package recovery

import (
	"bytes"
	"slices"
	"testing"
)

// fenceLinesByLine is fenceLines as it was written first, looking at
// every line: the judge of the version that jumps from ``` to ```.
func fenceLinesByLine(text []byte, from int) []span {
	var out []span
	for at := from; at < len(text); {
		end := len(text)
		if nl := bytes.IndexAny(text[at:], "\r\n"); nl >= 0 {
			end = at + nl + 1
			if text[end-1] == '\r' && end < len(text) && text[end] == '\n' {
				end++
			}
		}
		line := text[at:end]
		indent := len(line) - len(bytes.TrimLeft(line, " "))
		if indent <= 3 && bytes.HasPrefix(line[indent:], []byte("```")) {
			x := indent + 3
			for x < len(line) && line[x] == '`' {
				x++
			}
			x = infoEnd(line, x)
			if hasText(line[x:]) {
				out = append(out, span{at, at + x})
			} else {
				out = append(out, span{at, end})
			}
		}
		at = end
	}
	return out
}

// FuzzFenceLines holds fenceLines to the line-by-line version.
func FuzzFenceLines(f *testing.F) {
	for _, s := range []string{"```json\n{}\n```\n", "   ```\r\n{}\r```", "    ```\n", "a```\n```", "\xEF\xBB\xBF```json{\n}", "x\n ```` js \n``", "```", "\r\r```x\r\n"} {
		f.Add([]byte(s), 0)
		f.Add([]byte(s), 3)
	}
	f.Fuzz(func(t *testing.T, text []byte, from int) {
		if from < 0 || from > len(text) {
			return
		}
		got, want := fenceLines(text, from), fenceLinesByLine(text, from)
		if !slices.Equal(got, want) {
			t.Fatalf("fenceLines(%q, %d) = %v; the line-by-line version says %v", text, from, got, want)
		}
	})
}
