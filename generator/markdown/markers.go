package markdown

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
)

// Marker lines are the comments gen stamp writes into translations: a
// stamp recording the digest of the original section a translated section
// was made from, and acknowledgements of deliberate differences. Package
// drift gives them their meaning; their syntax is here, with the
// transformer that keeps them out of rendered pages.

// stampRemover drops translation stamps (<!-- source: 3f2a9c1b -->) from
// rendered pages: without it goldmark would render each as a
// "raw HTML omitted" comment.
type stampRemover struct{}

func (stampRemover) Transform(doc *ast.Document, reader gtext.Reader, _ parser.Context) {
	src := reader.Source()
	var stamps []ast.Node
	walkBlocks(doc, func(n ast.Node) {
		if h, ok := n.(*ast.HTMLBlock); ok && h.Lines().Len() == 1 {
			seg := h.Lines().At(0)
			if IsMarker(seg.Value(src)) {
				stamps = append(stamps, n)
			}
		}
	})
	for _, n := range stamps {
		n.Parent().RemoveChild(n.Parent(), n)
	}
}

// Ack is a recorded acknowledgement of one finding of a translated
// section: <!-- accepted 1a2b3c4d: number "5" reads "6" -->. The digest
// covers both sections and the finding, so the acknowledgement expires as
// soon as either side changes.
type Ack struct {
	Digest string
	Key    string // the finding it accepts, without positions
	Line   int
}

// stampPrefix and stampSuffix enclose the digest gen stamp records:
// <!-- source: 3f2a9c1b -->; ackPrefix starts an acknowledgement.
const (
	stampPrefix = "<!-- source: "
	stampSuffix = " -->"
	ackPrefix   = "<!-- accepted "
)

// ParseAck reads an acknowledgement line.
func ParseAck(line []byte) (Ack, bool) {
	s, ok := markerText(line, ackPrefix)
	if !ok {
		return Ack{}, false
	}
	d, key, ok := strings.Cut(s, ": ")
	if !ok || !isHex(d) || key == "" {
		return Ack{}, false
	}
	return Ack{Digest: d, Key: key}, true
}

// markerText returns what a marker line holds between prefix and the
// closing " -->". Most lines are not markers and are not copied.
func markerText(line []byte, prefix string) (string, bool) {
	line = bytes.TrimSpace(line)
	if len(line) < len(prefix)+len(stampSuffix) || !bytes.HasPrefix(line, []byte(prefix)) || !bytes.HasSuffix(line, []byte(stampSuffix)) {
		return "", false // also "<!-- source: -->", where prefix and suffix overlap
	}
	return string(line[len(prefix) : len(line)-len(stampSuffix)]), true
}

// IsMarker reports a line gen stamp writes: a stamp or an acknowledgement.
func IsMarker(line []byte) bool {
	if _, ok := ParseStamp(line); ok {
		return true
	}
	_, ok := ParseAck(line)
	return ok
}

func isHex(d string) bool {
	for _, r := range d {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return d != ""
}

// ParseStamp returns the digest of a stamp comment line.
func ParseStamp(line []byte) (string, bool) {
	s, ok := markerText(line, stampPrefix)
	if !ok {
		return "", false
	}
	d := strings.TrimSpace(s)
	return d, isHex(d)
}

// StampLine is the comment recording the digest of an original section.
func StampLine(digest string) string { return stampPrefix + digest + stampSuffix }

// AckLine is the comment accepting one difference: the digest, then key,
// which the caller has made safe to hold in a comment.
func AckLine(digest, key string) string { return ackPrefix + digest + ": " + key + stampSuffix }
