package protocol

import "pairag.com/portal/internal/textedit"

// applyFixes applies fixes to text and keeps every other byte as written.
// Where two fixes overlap, the first (by position) wins; validating the
// result again offers the rest. A fix whose range is not inside text is
// skipped. Before anything is written, the result is checked to keep every
// string, number, literal and bracket of text outside the values the fixes
// replace; when it would not, applyFixes returns text unchanged, 0 and a
// *FixRefusal.
func applyFixes(text []byte, fixes []Fix) ([]byte, int, error) {
	edits := make([]textedit.Edit, 0, len(fixes))
	for _, f := range fixes {
		edits = append(edits, textedit.Edit{Start: f.Start, End: f.End, New: f.Replacement})
	}
	edits = appliedEdits(text, edits)
	if len(edits) == 0 {
		return text, 0, nil
	}
	fixed, n := textedit.Apply(text, edits)
	if err := checkKept(text, fixed, edits); err != nil {
		return text, 0, err
	}
	return fixed, n, nil
}

// fixRounds bounds FixAll: a fix can uncover another (a fence removed shows
// a language alias inside), but a handful of rounds reaches every fix the
// findings offer. A variable so that tests can see what is left.
var fixRounds = 5

// FixResult is the outcome of FixAll.
type FixResult struct {
	Text    []byte // the fixed text; the input itself when nothing was fixed or a fix was refused
	Applied int    // fixes applied
	// Left counts the fixes the fixed text still offers once FixAll's
	// rounds are over; running FixAll again on Text applies them.
	Left   int
	Result Result // the result of validating Text
}

// FixAll validates text and applies the mechanical fixes of its findings,
// every one of them, also those past the document's max_findings that the
// result only counts, validating again after each round, since one fix can
// uncover another, until no fix is left or fixRounds rounds have run. Time
// and memory stay linear in the size of text. When a round's fixes would
// change more than the bytes they name (see applyFixes), FixAll returns the
// input as it was, with its result, and the *FixRefusal.
func FixAll(text []byte, opts Options) (FixResult, error) {
	first, fixes := validate(text, opts)
	out := FixResult{Text: text, Result: first}
	for round := 0; round < fixRounds && len(fixes) > 0; round++ {
		fixed, n, err := applyFixes(out.Text, fixes)
		if err != nil {
			return FixResult{Text: text, Result: first}, err
		}
		if n == 0 {
			break
		}
		out.Text, out.Applied = fixed, out.Applied+n
		out.Result, fixes = validate(out.Text, opts)
	}
	out.Left = len(fixes)
	return out, nil
}
