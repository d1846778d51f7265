package markdown

import "bytes"

// Output is what a page's Markdown renders into: the HTML, and where in it
// each heading the renderer wrote begins and ends, so that the on-page
// contents read the headings instead of scanning the whole body again. It
// is the util.BufWriter goldmark writes through, unbuffered: the HTML goes
// straight into the buffer.
type Output struct {
	bytes.Buffer
	Headings []HeadingSpan
	// Foreign is set once HTML other than goldmark's and the site's own
	// node renderers was written (a protocol directive's blocks): it may
	// hold headings that Headings does not list.
	Foreign bool
	// Diagrams is set once a mermaid diagram was written: the page needs
	// the script that draws it.
	Diagrams bool
}

// HeadingSpan is one heading element of an Output: its level and the bytes
// from "<hN" to the newline after "</hN>".
type HeadingSpan struct{ Level, Start, End int }

// Reset empties the output for the next page, keeping its memory.
func (o *Output) Reset() {
	o.Buffer.Reset()
	o.Headings = o.Headings[:0]
	o.Foreign = false
	o.Diagrams = false
}

// OwnHeadings reports whether Headings lists every heading element of the
// output: nothing foreign was written and every heading was closed.
// Goldmark omits raw HTML, so a page's Markdown cannot add others.
func (o *Output) OwnHeadings() bool {
	if o.Foreign {
		return false
	}
	for _, h := range o.Headings {
		if h.End < h.Start {
			return false
		}
	}
	return true
}

// Available, Buffered and Flush make an Output a util.BufWriter with
// nothing held back.
func (o *Output) Available() int { return o.Cap() - o.Len() }
func (o *Output) Buffered() int  { return 0 }
func (o *Output) Flush() error   { return nil }

// beginHeading and endHeading mark a heading the renderer writes to w, when
// w is an Output.
func beginHeading(w any, level int) {
	if o, ok := w.(*Output); ok {
		o.Headings = append(o.Headings, HeadingSpan{Level: level, Start: o.Len(), End: -1})
	}
}

func endHeading(w any) {
	if o, ok := w.(*Output); ok && len(o.Headings) > 0 {
		o.Headings[len(o.Headings)-1].End = o.Len()
	}
}

// foreign marks w, when it is an Output, as holding foreign HTML.
func foreign(w any) {
	if o, ok := w.(*Output); ok {
		o.Foreign = true
	}
}
