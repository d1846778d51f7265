package diag

import "cmp"

// Finding is the portal's one diagnostic: a problem or a note at a
// position in an input file, with a severity. The build reports its errors
// and warnings as Findings, the translation checks (package drift) and the
// loaders of the protocol tables' inputs (package reference) theirs; all
// print them with [Format]. It lives here, below every package that makes
// one, so there is one type; the generator package calls it Finding and
// Error by alias.
type Finding struct {
	File     string   // slash-separated path inside the content tree, e.g. content/en/validator.md
	Line     int      // 1-based line, 0 when the problem concerns the whole file
	Column   int      // 1-based, in characters; 0 when the line is the whole story (every check today)
	Severity Severity // SeverityError, SeverityWarning or SeverityInfo
	Msg      string
}

// String formats the finding as "file:line:col: severity: message", as
// gen check prints it.
func (f Finding) String() string {
	return Format(f.File, f.Line, f.Column, string(f.Severity), f.Msg)
}

// Error formats the finding as "file:line:col: message", as gen build
// lists its errors: the list says what they are.
func (f *Finding) Error() string {
	return Format(f.File, f.Line, f.Column, "", f.Msg)
}

// Compare orders findings by file, line, column and message, the order in
// which every command lists them.
func Compare(a, b *Finding) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column), cmp.Compare(a.Msg, b.Msg))
}

// Reporter is where a check files its findings. The generator's build
// report is one: errors fail the build, warnings are logged, notes
// (SeverityInfo) are left to gen check. Packages below the generator take
// a Reporter so that what they find lands in the build's lists in order.
type Reporter interface {
	Report(f *Finding)
}
