package diag

// Severity is how serious a finding is: of a payload's findings (package
// protocol) only errors make it invalid; of a build's, only errors stop it.
type Severity string

// The severities, from most to least serious.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

// Rank orders severities for sorting: errors 0, warnings 1, everything
// else 2.
func (s Severity) Rank() int {
	switch s {
	case SeverityError:
		return 0
	case SeverityWarning:
		return 1
	}
	return 2
}
