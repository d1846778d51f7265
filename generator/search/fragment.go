package search

import (
	"golang.org/x/net/html/atom"
)

// Fragment reads one section of HTML that is no whole page (a cell of a
// skill's side-by-side page): the text of its first heading (any level)
// and the text of the rest, code blocks and buttons left out as
// [Sections] leaves them out.
func Fragment(fragment []byte) Section {
	sc := scanner{src: fragment}
	var (
		sec           Section
		text, heading []byte
		inHead, had   bool // inside the first heading; past it
		headTag       atom.Atom
		skip          int
	)
	for {
		switch sc.next() {
		case eof:
			sec.Text = collapse(text)
			return sec
		case startTok:
			t := sc.tag
			switch {
			case sc.void || voidElement(t.atom):
				if skip == 0 && t.atom == atom.Br {
					text = append(text, ' ')
				}
			case skip > 0 || skipped(t.atom) || hasClass(t.class, skippedClass):
				skip++
			case isHeading(t.atom) && !had:
				inHead, had, headTag = true, true, t.atom
			case blockElement(t.atom):
				text = append(text, ' ')
			}
		case endTok:
			switch a := sc.tag.atom; {
			case skip > 0:
				skip--
			case inHead && a == headTag:
				sec.Heading, inHead = collapse(heading), false
			case blockElement(a):
				text = append(text, ' ')
			}
		case textTok:
			switch {
			case skip > 0:
			case inHead:
				heading = sc.appendText(heading)
			default:
				text = sc.appendText(text)
			}
		}
	}
}

func isHeading(a atom.Atom) bool {
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}
