package drift

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"pairag.com/portal/generator/markdown"
)

// Section is one part of a Markdown file: an ATX heading and everything up
// to the next ATX heading, or, for section 0, the text before the first
// heading (the intro). Lines inside fenced code never start a section.
type Section struct {
	Index int    // position in the file; 0 is the intro
	Level int    // 1 to 6; 0 for the intro
	Title string // heading text without the # markers and {#id}
	ID    string // explicit {#id} of the heading, "" for none
	Line  int    // 1-based line of the heading; of the first body line for the intro
	Start int    // offset of the heading line (of the body for the intro)
	Body  int    // offset just past the heading line
	End   int    // offset of the next section

	Stamp     string         // digest recorded by gen stamp, "" for none
	StampLine int            // line of the stamp comment
	Acks      []markdown.Ack // deliberate differences the writer accepted
	MarkFrom  int            // byte range of the marker lines (stamp and acks), newline included
	MarkTo    int            // 0 when the section has none
}

// name is how findings refer to a section: its heading as written, or "intro".
// Name is how findings and the translation dashboard name a section:
// its heading with its # markers, or "intro".
func (s *Section) Name() string {
	if s.Level == 0 {
		return "intro"
	}
	return strings.Repeat("#", s.Level) + " " + s.Title
}

// SplitSections splits src[bodyStart:] into sections. The result always
// starts with the intro, which may be empty.
func SplitSections(src []byte, bodyStart int) []Section {
	line := 1 + bytes.Count(src[:bodyStart], []byte("\n"))
	secs := make([]Section, 1, 2+bytes.Count(src[bodyStart:], []byte("\n#"))) // room for every heading: sections are large
	secs[0] = Section{Line: line, Start: bodyStart, Body: bodyStart}
	var fence fenceState
	for pos := bodyStart; pos < len(src); line++ {
		end, _ := markdown.CutLine(src, pos)
		text := src[pos:end]
		if c := text[0]; c != ' ' && c != '#' && c != '`' && c != '~' {
			pos = end // neither a heading nor a fence line: inside or outside a fence as before
			continue
		}
		if fence.inside(text) {
			pos = end
			continue
		}
		if level, title, id, ok := atxHeading(text); ok {
			secs[len(secs)-1].End = pos
			secs = append(secs, Section{Index: len(secs), Level: level, Title: title, ID: id, Line: line, Start: pos, Body: end})
		}
		pos = end
	}
	secs[len(secs)-1].End = len(src)
	for i := range secs {
		secs[i].findStamp(src, bodyStart)
	}
	return secs
}

// fenceState follows fenced code blocks line by line.
type fenceState struct {
	char byte // ` or ~ while inside a fence, 0 outside
	n    int  // length of the opening fence
}

// inside reports whether line belongs to a fenced code block, fence lines included.
func (f *fenceState) inside(line []byte) bool {
	t, ok := trimIndent(line)
	if !ok {
		return f.char != 0
	}
	c, n := fenceRun(t)
	if f.char != 0 {
		if c == f.char && n >= f.n && len(bytes.TrimSpace(t[n:])) == 0 {
			f.char = 0
		}
		return true
	}
	if n >= 3 && (c == '~' || !bytes.ContainsRune(t[n:], '`')) {
		f.char, f.n = c, n
		return true
	}
	return false
}

// trimIndent removes up to three spaces; ok is false for a line indented
// further (indented code, or a list continuation).
func trimIndent(line []byte) ([]byte, bool) {
	for i := 0; i < 4; i++ {
		if i == len(line) || line[i] != ' ' {
			return line[i:], true
		}
	}
	return line, false
}

// fenceRun returns the fence character at the start of t and how many times it repeats.
func fenceRun(t []byte) (byte, int) {
	if len(t) == 0 || (t[0] != '`' && t[0] != '~') {
		return 0, 0
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	return t[0], n
}

// atxHeading parses an ATX heading line: level, text and explicit id.
func atxHeading(line []byte) (level int, title, id string, ok bool) {
	t, ok := trimIndent(bytes.TrimRight(line, "\r\n"))
	if !ok {
		return 0, "", "", false
	}
	for level < len(t) && t[level] == '#' {
		level++
	}
	if level == 0 || level > 6 || (level < len(t) && t[level] != ' ' && t[level] != '\t') {
		return 0, "", "", false
	}
	s := strings.TrimSpace(string(t[level:]))
	if i := strings.LastIndex(s, "{"); i >= 0 && strings.HasSuffix(s, "}") {
		for _, attr := range strings.Fields(s[i+1 : len(s)-1]) {
			if strings.HasPrefix(attr, "#") {
				id = attr[1:]
			}
		}
		s = strings.TrimSpace(s[:i])
	}
	if trimmed := strings.TrimRight(s, "#"); trimmed == "" || strings.HasSuffix(trimmed, " ") {
		s = strings.TrimSpace(trimmed) // closing sequence of #s
	}
	return level, s, id, true
}

// findStamp records the marker lines of the section: the stamp and the
// acknowledgements on consecutive lines from the first non-blank line
// after the heading (of the intro's body).
func (s *Section) findStamp(src []byte, bodyStart int) {
	line := s.Line + bytes.Count(src[s.Start:s.Body], []byte("\n")) // the heading line, not the file up to it: linear in the file
	pos := s.Body
	for ; pos < s.End; line++ {
		end, _ := markdown.CutLine(src, pos)
		if len(bytes.TrimSpace(src[pos:end])) > 0 {
			break
		}
		pos = end
	}
	first := line
	for ; pos < s.End; line++ {
		end, _ := markdown.CutLine(src, pos)
		text := src[pos:end]
		d, stamp := markdown.ParseStamp(text)
		a, acked := markdown.ParseAck(text)
		if (!stamp || s.Stamp != "") && !acked {
			break
		}
		if s.MarkTo == 0 {
			s.MarkFrom = pos
		}
		if stamp {
			s.Stamp, s.StampLine = d, line
		} else {
			a.Line = line
			s.Acks = append(s.Acks, a)
		}
		s.MarkTo, pos = end, end
	}
	if s.Level == 0 && pos < s.End {
		s.Line = line // the intro is reported at its first line of text
	} else if s.Level == 0 {
		s.Line = first
	}
}

// markdown returns the section's Markdown without its stamp, ending in one newline.
func (s *Section) markdown(src []byte) string {
	text := string(src[s.Start:s.End])
	if s.MarkTo > 0 {
		text = string(src[s.Start:s.MarkFrom]) + string(src[s.MarkTo:s.End])
	}
	text = strings.Trim(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if text == "" {
		return ""
	}
	return text + "\n"
}

// normalized is the text a digest is taken of: the section's Markdown
// without the stamp, trailing spaces and surrounding or repeated blank
// lines, so that reflowing whitespace does not make a translation stale.
func (s *Section) normalized(src []byte) string {
	var b strings.Builder
	blank := false
	for line := range strings.Lines(s.markdown(src)) {
		line = strings.TrimRight(line, " \t\r\n")
		if line == "" {
			blank = true
			continue
		}
		if blank && b.Len() > 0 {
			b.WriteByte('\n')
		}
		blank = false
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// digest is the stamp of the section's normalized text: the first 8 hex
// digits of its SHA-256.
func (s *Section) digest(src []byte) string {
	sum := sha256.Sum256([]byte(s.normalized(src)))
	return hex.EncodeToString(sum[:4])
}

// Empty reports a section with no text (an intro that is not there).
// It is normalized(src) == "" without making the text: only blanks, tabs
// and line ends outside the stamp.
func (s *Section) Empty(src []byte) bool {
	blank := func(b []byte) bool {
		for _, c := range b {
			if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
				return false
			}
		}
		return true
	}
	if s.MarkTo > 0 {
		return blank(src[s.Start:s.MarkFrom]) && blank(src[s.MarkTo:s.End])
	}
	return blank(src[s.Start:s.End])
}
