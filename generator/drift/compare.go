package drift

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/internal/diag"
)

// drift is one difference between a translated section and its original.
// key names it without positions, so that an acknowledgement can refer to
// it across edits elsewhere in the file; msg says it in full.
type drift struct {
	line int
	key  string
	msg  string
}

// Compare aligns a translation with its original and reports drift,
// one finding per difference, at the line where the translation differs
// or where the missing part belongs. normalize, when set, maps link
// targets before they are compared.
func Compare(o, t *TextFile, normalize func(string) string) *Comparison {
	c := &Comparison{Orig: o, Tr: t, Rows: alignSections(o, t), Stale: map[int]bool{}, drifts: map[int][]drift{}}
	for k, r := range c.Rows {
		switch {
		case r.Tr < 0:
			s := &o.Secs[r.Orig]
			if !s.Empty(o.Src) {
				line, where := c.nextSectionLine(k)
				f := diag.Finding{File: t.Name, Line: line, Severity: diag.SeverityWarning, Msg: fmt.Sprintf("section %q of the original (%s:%d) is missing; it belongs %s", s.Name(), o.Name, s.Line, where)}
				c.Findings = append(c.Findings, f)
				c.open = append(c.open, f)
			}
		case r.Orig < 0:
			s := &t.Secs[r.Tr]
			c.settle(nil, s, []drift{{s.Line, "extra section", fmt.Sprintf("extra section %q: the original has no such section", s.Name())}})
		default:
			c.comparePair(&o.Secs[r.Orig], &t.Secs[r.Tr], normalize)
		}
	}
	SortFindings(c.Findings)
	return c
}

// nextSectionLine is where the section of row k belongs in the
// translation: before the next translated section, or at the end.
func (c *Comparison) nextSectionLine(k int) (int, string) {
	for _, r := range c.Rows[k+1:] {
		if r.Tr > 0 {
			s := &c.Tr.Secs[r.Tr]
			return s.Line, fmt.Sprintf("before %q", s.Name())
		}
	}
	return 1 + bytes.Count(c.Tr.Src, []byte("\n")), "at the end"
}

// comparePair checks one pair of sections: level, code blocks, tokens and the stamp.
func (c *Comparison) comparePair(o, t *Section, normalize func(string) string) {
	oe, te := o.Empty(c.Orig.Src), t.Empty(c.Tr.Src)
	switch {
	case oe && te:
		return
	case te:
		f := diag.Finding{File: c.Tr.Name, Line: t.Line, Severity: diag.SeverityWarning, Msg: fmt.Sprintf("section %q of the original (%s:%d) is missing", o.Name(), c.Orig.Name, o.Line)}
		c.Findings = append(c.Findings, f)
		c.open = append(c.open, f)
		return
	case oe:
		c.settle(nil, t, []drift{{t.Line, "extra section", fmt.Sprintf("extra section %q: the original has no such section", t.Name())}})
		return
	}
	name := t.Name()
	var ds []drift
	if o.Level != t.Level {
		ds = append(ds, drift{t.Line, fmt.Sprintf("heading level %d instead of %d", t.Level, o.Level),
			fmt.Sprintf("section %q: heading level %d differs from level %d of the original (%s:%d)", name, t.Level, o.Level, c.Orig.Name, o.Line)})
	}
	of, tf := c.Orig.facts[o.Index], c.Tr.facts[t.Index]
	blocks := alignBlocks(of, tf)
	ds = append(ds, c.compareCode(name, t, of, tf, blocks)...)
	ds = append(ds, c.compareTokens(name, t, of, tf, blocks, normalize)...)
	c.settle(o, t, ds)
	c.checkStamp(o, t)
}

// alignBlocks pairs the top-level blocks of two sections by kind, in order;
// it returns the translation's block for each block of the original, or -1.
func alignBlocks(of, tf facts) []int {
	return matchInOrder(len(of.kinds), len(tf.kinds), func(a, b int) float64 {
		if of.kinds[a] == tf.kinds[b] {
			return 1
		}
		return 0
	})
}

// belongs is the line of the translation before which the original's
// top-level block k belongs: the block paired with the next paired block
// of the original, else the end of the section.
func (c *Comparison) belongs(t *Section, tf facts, blocks []int, k int) int {
	for _, j := range blocks[min(k, len(blocks)):] {
		if j >= 0 {
			return tf.lines[j]
		}
	}
	if next := t.Index + 1; next < len(c.Tr.Secs) {
		return c.Tr.Secs[next].Line // the next section's heading: no count from the top per finding
	}
	return 1 + bytes.Count(c.Tr.Src[:t.End], []byte("\n"))
}

// at is the line of the translation where a token of the original's
// block k is expected: its paired block, else where it belongs.
func (c *Comparison) at(t *Section, tf facts, blocks []int, k int) int {
	if k < len(blocks) && blocks[k] >= 0 {
		return tf.lines[blocks[k]]
	}
	return c.belongs(t, tf, blocks, k)
}

// compareCode aligns the code blocks of two sections by content and
// reports a block missing, extra or changed (comments set aside).
func (c *Comparison) compareCode(name string, t *Section, of, tf facts, blocks []int) []drift {
	ob, tb := of.blocks, tf.blocks
	if sameCode(ob, tb) {
		return nil // the usual case: code is not translated
	}
	oc, tc := codeOf(ob), codeOf(tb)
	score := func(a, b int) float64 {
		switch {
		case slices.Equal(oc[a].lines(), tc[b].lines()):
			return 3
		case ob[a].lang == tb[b].lang:
			return 1 + lineSimilarity(oc[a].lines(), tc[b].lines())
		}
		return 0
	}
	match := matchInOrder(len(ob), len(tb), score)
	var ds []drift
	paired := make([]bool, len(tb))
	for a, b := range match {
		if b >= 0 && score(a, b) == 0 {
			b = -1
		}
		switch {
		case b < 0:
			ds = append(ds, drift{c.belongs(t, tf, blocks, ob[a].blk),
				"code block " + firstLine(ob[a].text) + " is missing",
				fmt.Sprintf("section %q: code block %s of the original (%s:%d) is missing; it belongs before this line", name, firstLine(ob[a].text), c.Orig.Name, ob[a].line)})
		default:
			paired[b] = true
			if d, line := diffCode(oc[a], tc[b]); d != "" {
				ds = append(ds, drift{tb[b].body + line, "code block " + firstLine(ob[a].text) + " differs",
					fmt.Sprintf("section %q: code block differs from the original's (%s:%d), comments aside: %s", name, c.Orig.Name, ob[a].line, d)})
			}
		}
	}
	for b, ok := range paired {
		if !ok {
			ds = append(ds, drift{tb[b].line, "extra code block " + firstLine(tb[b].text),
				fmt.Sprintf("section %q: code block %s is not in the original", name, firstLine(tb[b].text))})
		}
	}
	return ds
}

// sameCode reports whether two sections have the same code blocks, in the
// same order and languages, byte for byte. Then they pair one to one with
// no difference, and compareCode need not tokenise them to set comments
// aside.
func sameCode(a, b []token) bool {
	return slices.EqualFunc(a, b, func(x, y token) bool { return x.lang == y.lang && x.text == y.text })
}

// firstLine quotes the first non-blank line of a code block, shortened.
func firstLine(code string) string {
	for line := range strings.Lines(code) {
		if line = strings.TrimSpace(line); line != "" {
			if r := []rune(line); len(r) > 40 {
				line = string(r[:39]) + "…"
			}
			return fmt.Sprintf("%q", line)
		}
	}
	return `""`
}

// compareTokens reports inline code, link targets and numbers that one
// side has more often than the other. A token missing from the
// translation and one only the translation has, of the same kind, are one
// change: "number 5 reads 6". A number the translation writes in Chinese
// numerals stands for the number.
func (c *Comparison) compareTokens(name string, t *Section, of, tf facts, blocks []int, normalize func(string) string) []drift {
	key := func(tk token) tokenKey {
		if tk.kind == linkTargetToken && normalize != nil {
			return tokenKey{tk.kind, normalize(tk.text)}
		}
		return tokenKey{tk.kind, tk.text}
	}
	count := map[tokenKey]int{}
	for _, tk := range tf.tokens {
		if !tk.soft {
			count[key(tk)]++
		}
	}
	var missing []token // in the original's order
	for _, tk := range of.tokens {
		if tk.soft {
			continue
		}
		if k := key(tk); count[k] > 0 {
			count[k]--
		} else {
			missing = append(missing, tk)
		}
	}
	var extra []token
	for _, tk := range tf.tokens {
		if k := key(tk); !tk.soft && count[k] > 0 {
			count[k]--
			extra = append(extra, tk)
		}
	}
	missing = satisfySoft(missing, tf.tokens)
	var ds []drift
	for _, m := range missing {
		if i := slices.IndexFunc(extra, func(e token) bool { return e.kind == m.kind }); i >= 0 {
			e := extra[i]
			extra = slices.Delete(extra, i, i+1)
			ds = append(ds, drift{e.line, fmt.Sprintf("%s %s reads %s", m.kind, quoteToken(m), quoteToken(e)),
				fmt.Sprintf("section %q: %s %s of the original (%s:%d) reads %s in the translation", name, m.kind, quoteToken(m), c.Orig.Name, m.line, quoteToken(e))})
			continue
		}
		ds = append(ds, drift{c.at(t, tf, blocks, m.blk), fmt.Sprintf("%s %s is missing", m.kind, quoteToken(m)),
			fmt.Sprintf("section %q: %s %s of the original (%s:%d) is missing", name, m.kind, quoteToken(m), c.Orig.Name, m.line)})
	}
	for _, e := range extra {
		ds = append(ds, drift{e.line, fmt.Sprintf("%s %s is extra", e.kind, quoteToken(e)),
			fmt.Sprintf("section %q: %s %s is not in the original", name, e.kind, quoteToken(e))})
	}
	return ds
}

// satisfySoft drops the missing numbers that the translation writes in
// Chinese numerals.
func satisfySoft(missing, tokens []token) []token {
	soft := map[string]int{}
	for _, tk := range tokens {
		if tk.soft {
			soft[tk.text]++
		}
	}
	return slices.DeleteFunc(missing, func(m token) bool {
		if m.kind == numberToken && soft[m.text] > 0 {
			soft[m.text]--
			return true
		}
		return false
	})
}

func quoteToken(tk token) string {
	if tk.kind == inlineCodeToken {
		fence := block.CodeFence(tk.text, 1)
		return fence + tk.text + fence
	}
	return fmt.Sprintf("%q", tk.text)
}

// settle files the differences found in translated section t (paired
// with o, or nil for an extra section): a difference the writer
// acknowledged, with the acknowledgement still current, is a note that
// says so; any other is a warning. An acknowledgement that no longer
// matches a difference is a note too.
func (c *Comparison) settle(o, t *Section, ds []drift) {
	c.drifts[t.Index] = ds
	used := make([]bool, len(t.Acks))
	for _, d := range ds {
		i := slices.IndexFunc(t.Acks, func(a markdown.Ack) bool { return a.Key == ackKey(d.key) })
		switch {
		case i < 0:
			c.warn(d.line, "%s", d.msg)
		case t.Acks[i].Digest == c.ackDigest(o, t, d.key):
			used[i] = true
			c.note(d.line, "accepted (line %d): %s", t.Acks[i].Line, d.msg)
		default:
			used[i] = true
			c.warn(d.line, "%s (the acknowledgement on line %d expired: a side changed since; review, then run gen stamp --accept)", d.msg, t.Acks[i].Line)
		}
	}
	for i, a := range t.Acks {
		if !used[i] {
			c.note(a.Line, "section %q: the acknowledgement of %q matches no difference any more; gen stamp removes it", t.Name(), a.Key)
		}
	}
}

func (c *Comparison) warn(line int, format string, args ...any) {
	c.Findings = append(c.Findings, diag.Finding{File: c.Tr.Name, Line: line, Severity: diag.SeverityWarning, Msg: fmt.Sprintf(format, args...)})
}

func (c *Comparison) note(line int, format string, args ...any) {
	c.Findings = append(c.Findings, diag.Finding{File: c.Tr.Name, Line: line, Severity: diag.SeverityInfo, Msg: fmt.Sprintf(format, args...)})
}

// ackKey is how a difference is named in an acknowledgement: one line
// that cannot end the HTML comment.
func ackKey(key string) string {
	key = strings.Join(strings.Fields(key), " ")
	for strings.Contains(key, "--") {
		key = strings.ReplaceAll(key, "--", "-\u00ad-")
	}
	return key
}

// ackDigest is the digest an acknowledgement of key records: of both
// sections as they are now and of the difference, so that changing either
// side expires it.
func (c *Comparison) ackDigest(o, t *Section, key string) string {
	od := ""
	if o != nil {
		od = o.digest(c.Orig.Src)
	}
	sum := sha256.Sum256([]byte(od + "\x00" + t.digest(c.Tr.Src) + "\x00" + ackKey(key)))
	return hex.EncodeToString(sum[:4])
}

// checkStamp compares the digest a translated section records with the
// original section's current digest.
func (c *Comparison) checkStamp(o, t *Section) {
	switch {
	case t.Stamp == "": // no digest to compare: the original's is not computed
		c.note(t.Line, "section %q: never stamped (run gen stamp once it is translated)", t.Name())
	case t.Stamp != o.digest(c.Orig.Src):
		c.Stale[t.Index] = true
		c.warn(t.Line, "section %q: the original changed since this was translated", t.Name())
	}
}
