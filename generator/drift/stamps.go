package drift

import (
	"bytes"
	"slices"
	"strings"

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/internal/textedit"
)

// StampEdits removes the marker lines of a page (stamps and
// acknowledgements) from its Markdown export.
func StampEdits(src []byte, bodyStart int) []textedit.Edit {
	var edits []textedit.Edit
	for _, s := range SplitSections(src, bodyStart) {
		if s.MarkTo > 0 {
			edits = append(edits, textedit.Edit{Start: s.MarkFrom, End: s.MarkTo})
		}
	}
	return edits
}

// WithoutMarkers is a file as its author wrote it: without the lines gen
// stamp writes. It is what is published.
func WithoutMarkers(src []byte, bodyStart int) []byte {
	out, _ := textedit.Apply(src, StampEdits(src, bodyStart))
	return out
}

// ackLine is the comment accepting one difference.
func ackLine(digest, key string) string { return markdown.AckLine(digest, ackKey(key)) }

// StampResult is what stamping one translation did.
type StampResult struct {
	Out                []byte
	Changed, Unchanged int            // sections whose markers were rewritten or already current
	Accepted           []diag.Finding // differences acknowledged by this run
	Open               []diag.Finding // differences left as warnings
}

// Stamped returns the translation of c with the digest of each paired
// original section recorded in the translated section and, with accept,
// every current difference of the section acknowledged; without it only
// acknowledgements that are still current are kept. Everything but the
// marker lines is kept byte for byte.
func Stamped(c *Comparison, accept bool) StampResult {
	src := c.Tr.Src
	var edits []textedit.Edit
	res := StampResult{Open: slices.Clone(c.open)}
	for _, r := range c.Rows {
		if r.Tr < 0 {
			continue
		}
		var o *Section
		if r.Orig >= 0 && !c.Orig.Secs[r.Orig].Empty(c.Orig.Src) {
			o = &c.Orig.Secs[r.Orig]
		}
		t := &c.Tr.Secs[r.Tr]
		if t.Empty(src) {
			continue
		}
		eol := "\n"
		if bytes.HasSuffix(bytes.TrimRight(src[t.Start:t.Body], "\n"), []byte("\r")) { // the heading's line end, even before stampAt completes it
			eol = "\r\n"
		}
		var marks strings.Builder
		if o != nil {
			marks.WriteString(markdown.StampLine(o.digest(c.Orig.Src)) + eol)
		}
		for _, d := range c.drifts[t.Index] {
			digest := c.ackDigest(o, t, d.key)
			f := diag.Finding{File: c.Tr.Name, Line: d.line, Severity: diag.SeverityWarning, Msg: d.msg}
			current := slices.ContainsFunc(t.Acks, func(a markdown.Ack) bool { return a.Digest == digest && a.Key == ackKey(d.key) })
			switch {
			case current:
				marks.WriteString(ackLine(digest, d.key) + eol)
			case accept:
				marks.WriteString(ackLine(digest, d.key) + eol)
				res.Accepted = append(res.Accepted, f)
			default:
				res.Open = append(res.Open, f)
			}
		}
		old := ""
		if t.MarkTo > 0 {
			old = string(src[t.MarkFrom:t.MarkTo])
		}
		switch {
		case marks.String() == old:
			res.Unchanged++
		case t.MarkTo > 0:
			edits = append(edits, textedit.Edit{Start: t.MarkFrom, End: t.MarkTo, New: marks.String()})
			res.Changed++
		default:
			at, prefix := stampAt(src, t)
			edits = append(edits, textedit.Edit{Start: at, End: at, New: prefix + marks.String()})
			res.Changed++
		}
	}
	res.Out, _ = textedit.Apply(src, edits)
	SortFindings(res.Accepted)
	SortFindings(res.Open)
	return res
}

// stampAt is where new markers go: right after the heading line, or
// before the first line of the intro. prefix ends a heading that is the
// file's last line without a newline.
func stampAt(src []byte, s *Section) (int, string) {
	if s.Level > 0 {
		if s.Body == 0 || src[s.Body-1] != '\n' {
			return s.Body, "\n"
		}
		return s.Body, ""
	}
	for pos := s.Body; pos < s.End; {
		end, _ := markdown.CutLine(src, pos)
		if len(bytes.TrimSpace(src[pos:end])) > 0 {
			return pos, ""
		}
		pos = end
	}
	return s.Body, ""
}

// PublishedRange is the byte range of section i's Markdown in the
// published file (the file without marker lines): from its heading (its
// first line of text, for the intro) to its last line of text, the line
// end included: what a skill page's row lets a reader copy.
func (f *TextFile) PublishedRange(i int) (int, int) {
	if f.pubSecs == nil {
		f.pub = WithoutMarkers(f.Src, f.BodyStart)
		f.pubSecs = SplitSections(f.pub, f.BodyStart)
	}
	pub, secs := f.pub, f.pubSecs
	if i >= len(secs) {
		return 0, 0
	}
	from, to := secs[i].Start, secs[i].End
	for from < to && (pub[from] == '\n' || pub[from] == '\r' || pub[from] == ' ' || pub[from] == '\t') {
		from++
	}
	from = bytes.LastIndexByte(pub[:from], '\n') + 1 // keep the indentation of the first line
	for to > from && (pub[to-1] == '\n' || pub[to-1] == '\r' || pub[to-1] == ' ' || pub[to-1] == '\t') {
		to--
	}
	if end, _ := markdown.CutLine(pub, to); to > from {
		to = end
	}
	return from, to
}
