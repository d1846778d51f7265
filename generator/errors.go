package generator

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"

	"pairag.com/portal/internal/diag"
)

// Error is one problem found while building, at a position in an input file.
type Error struct {
	File string // slash-separated path inside Config.Content, e.g. content/en/validator.md
	Line int    // 1-based line, 0 when the problem concerns the whole file
	Msg  string
}

// Error formats the problem as "file:line: message" (without the line
// when it is 0).
func (e *Error) Error() string {
	return diag.Format(e.File, e.Line, 0, "", e.Msg)
}

// ErrorList is every problem of one build, sorted by file and line. Build
// returns it as its error, so callers can errors.As it and show each entry.
type ErrorList []*Error

func (l ErrorList) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Err returns l sorted, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// Sort orders the list by file, line and message.
func (l ErrorList) Sort() {
	slices.SortStableFunc(l, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Msg, b.Msg))
	})
}

// report collects errors and warnings from concurrent workers.
type report struct {
	mu       sync.Mutex
	errs     ErrorList
	warnings ErrorList
}

func (r *report) errorf(file string, line int, format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, &Error{file, line, fmt.Sprintf(format, args...)})
}

func (r *report) warnf(file string, line int, format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.warnings = append(r.warnings, &Error{file, line, fmt.Sprintf(format, args...)})
}

// merge adds another report's errors and warnings to r.
func (r *report) merge(o *report) {
	if len(o.errs) == 0 && len(o.warnings) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, o.errs...)
	r.warnings = append(r.warnings, o.warnings...)
}

// failed reports whether any error was collected so far.
func (r *report) failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.errs) > 0
}
