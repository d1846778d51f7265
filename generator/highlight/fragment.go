package highlight

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
)

// Code in documentation is often a fragment rather than a whole program:
// a few members of a JSON object ("key": 1,), elisions ("..." or "…")
// where the rest is left out, a trailing comma. Chroma's lexers mark what
// does not parse as error tokens, which the styles paint red, so a page
// quoting real skills showed dozens of red marks on correct text. GitHub's
// highlighter shows no such marks, and neither does the site: mend turns
// every error token into what a reader sees it as.

// mend rewrites the error tokens of a block lexed by the lexer named
// lexer (chroma's name: "JSON" for json, jsonc, ...). In JSON, a
// colon or comma is punctuation, an elision is a comment, and a string
// followed by a colon is a key (as chroma reads keys inside an object);
// anything else, and errors in other languages, is plain text.
func mend(lexer string, toks []chroma.Token) []chroma.Token {
	if !hasError(toks) {
		return toks
	}
	json := lexer == "JSON"
	for i := range toks {
		t := &toks[i]
		if t.Type != chroma.Error {
			continue
		}
		switch {
		case !json:
			t.Type = chroma.Text
		case t.Value == ":" || t.Value == ",":
			t.Type = chroma.Punctuation
			if t.Value == ":" {
				keyBefore(toks, i)
			}
		case isElision(t.Value):
			t.Type = chroma.Comment
		default:
			t.Type = chroma.Text
		}
	}
	return toks
}

// keyBefore marks the string before the colon at i, past white space, as
// a key.
func keyBefore(toks []chroma.Token, i int) {
	for j := i - 1; j >= 0; j-- {
		switch {
		case toks[j].Type == chroma.Text && strings.TrimSpace(toks[j].Value) == "":
			continue
		case toks[j].Type == chroma.LiteralStringDouble:
			toks[j].Type = chroma.NameTag
		}
		return
	}
}

// isElision reports text that stands for left-out content: dots, or the
// ellipsis character.
func isElision(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && strings.Trim(s, ".…") == ""
}

func hasError(toks []chroma.Token) bool {
	for _, t := range toks {
		if t.Type == chroma.Error {
			return true
		}
	}
	return false
}
