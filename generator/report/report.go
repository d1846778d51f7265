// Package report collects what a build finds: errors, which fail it, and
// warnings, which it logs. Collector is safe for the build's concurrent
// workers and is a diag.Reporter, so the packages below the generator file
// their findings into it; List is the sorted result a build returns.
package report

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"pairag.com/portal/internal/diag"
)

// List is every problem of one build, sorted by file and line. Build
// returns it as its error, so callers can errors.As it and show each entry.
type List []*diag.Finding

// Error lists the findings one a line, as Finding.Error formats them.
func (l List) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Err returns l sorted, or nil when it is empty.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// Sort orders the list by file, line, column and message.
func (l List) Sort() {
	slices.SortStableFunc(l, diag.Compare)
}

// Collector collects errors and warnings from concurrent workers; its
// zero value is empty and ready.
type Collector struct {
	mu       sync.Mutex
	Errors   List // read after the workers are done
	Warnings List
	Notes    List // filed with Note: what only gen check shows
}

// Errorf files an error at file:line (line 0: the whole file).
func (r *Collector) Errorf(file string, line int, format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Errors = append(r.Errors, &diag.Finding{File: file, Line: line, Severity: diag.SeverityError, Msg: fmt.Sprintf(format, args...)})
}

// Warnf files a warning at file:line.
func (r *Collector) Warnf(file string, line int, format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Warnings = append(r.Warnings, &diag.Finding{File: file, Line: line, Severity: diag.SeverityWarning, Msg: fmt.Sprintf(format, args...)})
}

// Report files a finding found below the generator (package reference's
// loaders and checks, package symlinks' guard): errors fail the build,
// warnings are logged, notes are left to gen check. It makes Collector a
// diag.Reporter.
func (r *Collector) Report(f *diag.Finding) {
	switch f.Severity {
	case diag.SeverityError, diag.SeverityWarning:
		r.mu.Lock()
		defer r.mu.Unlock()
		if f.Severity == diag.SeverityError {
			r.Errors = append(r.Errors, f)
		} else {
			r.Warnings = append(r.Warnings, f)
		}
	}
}

// Note files a finding that gen check shows however severe it is: the
// build's translation comparisons file their notes (a section never
// stamped, a difference accepted) here, so that gen check takes them from
// the build instead of comparing every pair a second time.
func (r *Collector) Note(f *diag.Finding) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Notes = append(r.Notes, f)
}

// Merge adds another collector's errors, warnings and notes to r.
func (r *Collector) Merge(o *Collector) {
	if len(o.Errors) == 0 && len(o.Warnings) == 0 && len(o.Notes) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Errors = append(r.Errors, o.Errors...)
	r.Warnings = append(r.Warnings, o.Warnings...)
	r.Notes = append(r.Notes, o.Notes...)
}

// Failed reports whether any error was collected so far.
func (r *Collector) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.Errors) > 0
}
