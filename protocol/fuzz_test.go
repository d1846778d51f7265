package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"pairag.com/portal/internal/textedit"
	"pairag.com/portal/protocol/catalog"
)

// FuzzValidate feeds arbitrary text to Validate. It must never panic, every
// finding must be well formed, and applying fixes must stay in bounds.
// Seeds: the golden payloads and testdata/fuzz/FuzzValidate.
func FuzzValidate(f *testing.F) {
	files, _ := filepath.Glob("testdata/payloads/*.json")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "free")
	}
	for _, s := range []string{"", "{", "[]", `{"manifest":{},"stages":[{}]}`, "\xEF\xBB\xBF{}", "```\n{}\n```", `{"a":1,"a":2}`, "{//\n}", `{"stages":[1,],}`} {
		f.Add([]byte(s), "pro")
	}
	f.Fuzz(func(t *testing.T, text []byte, tier string) {
		res := Validate(text, Options{Tier: tier, Lang: "zh-CN"})
		errors := 0
		for _, fd := range res.Findings {
			if _, ok := catalog.Find(fd.Code); !ok {
				t.Fatalf("unknown code %q", fd.Code)
			}
			if fd.Line < 1 || fd.Column < 1 || fd.MessageEN == "" || fd.MessageZH == "" {
				t.Fatalf("malformed finding %+v", fd)
			}
			if s, e := fd.Span(); s < 0 || e < s || e > len(text) {
				t.Fatalf("span [%d,%d) outside text of %d bytes", s, e, len(text))
			}
			if fd.Severity == SeverityError {
				errors++
			}
		}
		if res.Valid != (errors == 0) {
			t.Fatalf("Valid = %v with %d errors", res.Valid, errors)
		}
		fixed, _, _ := ApplyFixes(text, res.Findings)
		if utf8.Valid(text) && !utf8.Valid(fixed) {
			t.Fatalf("ApplyFixes broke UTF-8")
		}
	})
}

// FuzzFixKeeps holds the fixer's promise on arbitrary text: FixAll keeps
// every byte it does not fix. It replays FixAll's rounds and requires each
// edit to be of a kind that takes nothing of the payload, judged here
// without the lexer FixAll's own check uses: a deletion of a comma, a
// comment, a byte order mark or a fence line (with white space), or the
// replacement of one JSON scalar by another. A refusal must leave the text
// as it was, and is itself a failure: a fix the engine offered was not a
// mend. Seeds: the golden payloads, recovery cases and
// testdata/fuzz/FuzzFixKeeps.
func FuzzFixKeeps(f *testing.F) {
	files, _ := filepath.Glob("testdata/payloads/*.json")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "free")
	}
	example := string(Default().Example.Payload)
	for _, s := range []string{
		"```json\n" + example + "\n```\n", "Here:\n```json\n" + example + "\n```\nthanks", example + example,
		"```json\n{\"a\": \"```\"}", "{\"manifest\": {\"version\": \"17\"}}, \"stages\": []}",
		"\xEF\xBB\xBF{\"a\": [1,], /* c */ \"b\": 2,}", "{\"manifest\": {\"language\": \"en-US\" // x\n}}",
	} {
		f.Add([]byte(s), "pro")
	}
	f.Fuzz(func(t *testing.T, text []byte, tier string) {
		if err := fixKeeps(text, tier); err != nil {
			t.Fatal(err)
		}
	})
}

// fixKeeps runs FixAll on text and says what broke the promise that it
// keeps every byte it does not fix; nil when it held.
func fixKeeps(text []byte, tier string) error {
	opts := Options{Tier: tier}
	fr, err := FixAll(text, opts)
	if err != nil {
		if !bytes.Equal(fr.Text, text) {
			return fmt.Errorf("FixAll refused (%v) but changed the text", err)
		}
		return fmt.Errorf("FixAll refused its own fixes: %w", err)
	}
	cur := text
	for range fixRounds {
		_, fixes := validate(cur, opts)
		var edits []textedit.Edit
		for _, fx := range fixes {
			edits = append(edits, textedit.Edit{Start: fx.Start, End: fx.End, New: fx.Replacement})
		}
		edits = appliedEdits(cur, edits)
		if len(edits) == 0 {
			break
		}
		for _, e := range edits {
			if why := notAMend(cur[e.Start:e.End], e.New); why != "" {
				return fmt.Errorf("edit [%d,%d) %q -> %q %s", e.Start, e.End, cur[e.Start:e.End], e.New, why)
			}
		}
		cur, _ = textedit.Apply(cur, edits)
	}
	if !bytes.Equal(cur, fr.Text) {
		return fmt.Errorf("FixAll's text differs from its rounds replayed")
	}
	if utf8.Valid(text) && !utf8.Valid(fr.Text) {
		return fmt.Errorf("FixAll broke UTF-8")
	}
	return nil
}

// notAMend says why replacing old with repl could take something of the
// payload, or "" when it cannot.
func notAMend(old []byte, repl string) string {
	if repl == "" {
		d := bytes.TrimSpace(old)
		switch {
		case string(d) == ",", string(d) == "\xEF\xBB\xBF", string(old) == "\xEF\xBB\xBF":
		case bytes.HasPrefix(d, []byte("//")) && bytes.IndexByte(d, '\n') < 0:
		case bytes.HasPrefix(d, []byte("/*")) && bytes.HasSuffix(d, []byte("*/")) && !bytes.Contains(d[2:len(d)-2], []byte("*/")):
		case bytes.HasPrefix(d, []byte("```")) && len(bytes.TrimLeft(bytes.TrimLeft(d, "`"), "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")) == 0:
		default:
			return "deletes more than a comma, a comment, a byte order mark or a fence line"
		}
		return ""
	}
	if repl == " " && notAMend(old, "") == "" && bytes.HasPrefix(bytes.TrimSpace(old), []byte("/")) {
		return "" // a comment that stood between two tokens
	}
	if !scalar(old) || !scalar([]byte(repl)) {
		return "replaces something other than one JSON scalar by one"
	}
	return ""
}

// scalar reports whether b is one JSON string, number or literal.
func scalar(b []byte) bool {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return false
	}
	switch v.(type) {
	case map[string]any, []any:
		return false
	}
	return len(b) > 0 && b[0] != ' ' && b[len(b)-1] != ' '
}
