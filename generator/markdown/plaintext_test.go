package markdown

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/yuin/goldmark/renderer/html"
)

// TestPlainTextIsWrittenAsIs holds the text renderer's shortcut to
// goldmark's writer: text plainText accepts is what both of its ways of
// writing produce for it.
func TestPlainTextIsWrittenAsIs(t *testing.T) {
	alphabet := []string{"a", "Z", "0", " ", "\n", "中文", "#", ";", "x22", "&", "&amp;", "&#x22;", "&#34;", "\\", "\\*", "\\ ", "<", ">", "\"", "'", "\x00", "\xff"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 50_000 {
		var b []byte
		for range r.IntN(10) {
			b = append(b, alphabet[r.IntN(len(alphabet))]...)
		}
		checkPlainText(t, b)
	}
}

func FuzzPlainText(f *testing.F) {
	f.Add([]byte("plain words, 中文"))
	f.Add([]byte("a &amp; b \\* c"))
	f.Fuzz(func(t *testing.T, b []byte) { checkPlainText(t, b) })
}

func checkPlainText(t *testing.T, text []byte) {
	t.Helper()
	if !plainText(text) {
		return
	}
	for name, write := range map[string]func(*bufio.Writer){
		"Write":    func(w *bufio.Writer) { html.DefaultWriter.Write(w, text) },
		"RawWrite": func(w *bufio.Writer) { html.DefaultWriter.RawWrite(w, text) },
	} {
		var out bytes.Buffer
		w := bufio.NewWriter(&out)
		write(w)
		w.Flush()
		if !bytes.Equal(out.Bytes(), text) {
			t.Fatalf("%q is plain, but goldmark's %s writes %q", text, name, out.Bytes())
		}
	}
}
