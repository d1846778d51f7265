package protocol

import "pairag.com/portal/internal/textedit"

// ApplyFixes applies the mechanical fixes of the findings to text and keeps
// every other byte as written. Where two fixes overlap, the first (by
// position) wins; validating the result again offers the rest. A fix whose
// range is not inside text is skipped.
func ApplyFixes(text []byte, findings []Finding) (fixed []byte, applied int) {
	var edits []textedit.Edit
	for _, f := range findings {
		if f.Fix != nil {
			edits = append(edits, textedit.Edit{Start: f.Fix.Start, End: f.Fix.End, New: f.Fix.Replacement})
		}
	}
	return textedit.Apply(text, edits)
}

// fixRounds bounds FixAll: a fix can uncover another (a comment removed
// shows a trailing comma), but a handful of rounds reaches every fix the
// findings offer.
const fixRounds = 5

// FixAll validates text and applies the mechanical fixes of its findings,
// validating again after each round, since one fix can uncover another,
// until no fix is left or fixRounds rounds have run. It returns the fixed
// text, how many fixes were applied, and the result of validating the
// fixed text. Text with nothing to fix comes back unchanged.
func FixAll(text []byte, opts Options) (fixed []byte, applied int, res Result) {
	res = Validate(text, opts)
	for range fixRounds {
		var n int
		text, n = ApplyFixes(text, res.Findings)
		if n == 0 {
			break
		}
		applied += n
		res = Validate(text, opts)
	}
	return text, applied, res
}
