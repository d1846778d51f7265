package generator

import (
	"bytes"
	"slices"
	"strings"

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/internal/textedit"
)

// stampEdits removes the marker lines of a page (stamps and
// acknowledgements) from its Markdown export.
func stampEdits(src []byte, bodyStart int) []edit {
	var edits []edit
	for _, s := range splitSections(src, bodyStart) {
		if s.MarkTo > 0 {
			edits = append(edits, edit{s.MarkFrom, s.MarkTo, ""})
		}
	}
	return edits
}

// withoutMarkers is a file as its author wrote it: without the lines gen
// stamp writes. It is what is published.
func withoutMarkers(src []byte, bodyStart int) []byte {
	var edits []textedit.Edit
	for _, e := range stampEdits(src, bodyStart) {
		edits = append(edits, textedit.Edit{Start: e.start, End: e.end, New: e.text})
	}
	out, _ := textedit.Apply(src, edits)
	return out
}

// ackLine is the comment accepting one difference.
func ackLine(digest, key string) string { return markdown.AckLine(digest, ackKey(key)) }

// stampResult is what stamping one translation did.
type stampResult struct {
	out                []byte
	changed, unchanged int       // sections whose markers were rewritten or already current
	accepted           []Finding // differences acknowledged by this run
	open               []Finding // differences left as warnings
}

// stamped returns the translation of c with the digest of each paired
// original section recorded in the translated section and, with accept,
// every current difference of the section acknowledged; without it only
// acknowledgements that are still current are kept. Everything but the
// marker lines is kept byte for byte.
func stamped(c *comparison, accept bool) stampResult {
	src := c.tr.Src
	var edits []textedit.Edit
	res := stampResult{open: slices.Clone(c.open)}
	for _, r := range c.rows {
		if r.tr < 0 {
			continue
		}
		var o *section
		if r.src >= 0 && !c.orig.secs[r.src].empty(c.orig.Src) {
			o = &c.orig.secs[r.src]
		}
		t := &c.tr.secs[r.tr]
		if t.empty(src) {
			continue
		}
		eol := "\n"
		if bytes.HasSuffix(bytes.TrimRight(src[t.Start:t.Body], "\n"), []byte("\r")) { // the heading's line end, even before stampAt completes it
			eol = "\r\n"
		}
		var marks strings.Builder
		if o != nil {
			marks.WriteString(markdown.StampLine(o.digest(c.orig.Src)) + eol)
		}
		for _, d := range c.drifts[t.Index] {
			digest := c.ackDigest(o, t, d.key)
			f := Finding{File: c.tr.Name, Line: d.line, Severity: SeverityWarning, Msg: d.msg}
			current := slices.ContainsFunc(t.Acks, func(a markdown.Ack) bool { return a.Digest == digest && a.Key == ackKey(d.key) })
			switch {
			case current:
				marks.WriteString(ackLine(digest, d.key) + eol)
			case accept:
				marks.WriteString(ackLine(digest, d.key) + eol)
				res.accepted = append(res.accepted, f)
			default:
				res.open = append(res.open, f)
			}
		}
		old := ""
		if t.MarkTo > 0 {
			old = string(src[t.MarkFrom:t.MarkTo])
		}
		switch {
		case marks.String() == old:
			res.unchanged++
		case t.MarkTo > 0:
			edits = append(edits, textedit.Edit{Start: t.MarkFrom, End: t.MarkTo, New: marks.String()})
			res.changed++
		default:
			at, prefix := stampAt(src, t)
			edits = append(edits, textedit.Edit{Start: at, End: at, New: prefix + marks.String()})
			res.changed++
		}
	}
	res.out, _ = textedit.Apply(src, edits)
	sortFindings(res.accepted)
	sortFindings(res.open)
	return res
}

// stampAt is where new markers go: right after the heading line, or
// before the first line of the intro. prefix ends a heading that is the
// file's last line without a newline.
func stampAt(src []byte, s *section) (int, string) {
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
