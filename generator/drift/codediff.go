package drift

import (
	"fmt"
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// code is a code block as the drift check compares it: its lines with the
// comments set aside, each with its line inside the block, so that a
// translated comment is not drift and a change is reported where it is.
type codeLines struct {
	text []string // lines without comments and trailing space; blank lines dropped
	at   []int    // 0-based line of each inside the block's code
}

func (c codeLines) lines() []string { return c.text }

// codeOf prepares the code blocks of a section for comparison.
func codeOf(blocks []token) []codeLines {
	out := make([]codeLines, len(blocks))
	for i, b := range blocks {
		out[i] = withoutComments(b.lang, b.text)
	}
	return out
}

// withoutComments removes what the language's chroma lexer marks as a
// comment (preprocessor lines and #! lines are code). Without a known
// language the block is compared as written.
func withoutComments(lang, text string) codeLines {
	stripped := text
	if l := lexers.Get(lang); lang != "" && l != nil {
		if it, err := chroma.Coalesce(l).Tokenise(nil, text); err == nil {
			var b strings.Builder
			for _, tk := range it.Tokens() {
				if isComment(tk.Type) {
					b.WriteString(strings.Repeat("\n", strings.Count(tk.Value, "\n")))
					continue
				}
				b.WriteString(tk.Value)
			}
			stripped = b.String()
		}
	}
	var c codeLines
	for i, line := range strings.Split(strings.TrimSuffix(stripped, "\n"), "\n") {
		if line = strings.TrimRight(line, " \t\r"); strings.TrimSpace(line) != "" {
			c.text = append(c.text, line)
			c.at = append(c.at, i)
		}
	}
	return c
}

func isComment(t chroma.TokenType) bool {
	return t.InCategory(chroma.Comment) && t != chroma.CommentPreproc && t != chroma.CommentPreprocFile && t != chroma.CommentHashbang
}

// lineSimilarity is the share of lines two blocks have in common, in order.
func lineSimilarity(a, b []string) float64 {
	if n := max(len(a), len(b)); n > 0 {
		return float64(lcs(a, b)) / float64(n)
	}
	return 1
}

func lcs(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(cur[j], prev[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// diffCode returns a line diff of two code blocks, comments aside ("" when
// they are the same), and the line inside the translated block's code
// (0-based) of the first difference.
func diffCode(o, t codeLines) (string, int) {
	a, b := o.text, t.text
	// table of longest common subsequences of the suffixes
	n, m := len(a), len(b)
	l := make([][]int, n+1)
	for i := range l {
		l[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				l[i][j] = l[i+1][j+1] + 1
			} else {
				l[i][j] = max(l[i+1][j], l[i][j+1])
			}
		}
	}
	var out []string
	first := -1
	mark := func(j int) {
		if first < 0 {
			first = len(b) // past the end: the last line
			if j < len(t.at) {
				first = t.at[j]
			} else if len(t.at) > 0 {
				first = t.at[len(t.at)-1]
			}
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			i, j = i+1, j+1
		case j < m && (i == n || l[i][j+1] > l[i+1][j]):
			mark(j)
			out = append(out, fmt.Sprintf("+%q", strings.TrimSpace(b[j])))
			j++
		default:
			mark(j)
			out = append(out, fmt.Sprintf("-%q", strings.TrimSpace(a[i])))
			i++
		}
	}
	if len(out) == 0 {
		return "", 0
	}
	if len(out) > 6 {
		out = append(out[:6], fmt.Sprintf("(%d more)", len(out)-6))
	}
	return strings.Join(out, " "), max(first, 0)
}
