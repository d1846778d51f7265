package preview

import (
	"errors"
	"slices"
	"sync"

	"pairag.com/portal/generator"
)

// Status is what /__gen/status reports: the outcome of the last build and
// the code changes that need a restart.
type Status struct {
	Build   int64     `json:"build"`   // builds finished since the start, failed ones included
	Site    string    `json:"site"`    // id of the site being served; empty before the first good build
	OK      bool      `json:"ok"`      // the last build succeeded
	Partial bool      `json:"partial"` // the served site is from a build with errors
	Millis  int64     `json:"ms"`      // duration of the last build
	Errors  []Problem `json:"errors"`  // the last build's errors; empty when OK
	Restart []string  `json:"restart"` // code files changed since the start
}

// Problem is one build error at a position in a source file.
type Problem struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Msg  string `json:"msg"`
}

// problems turns a build error into Problems: one per entry of a
// generator.ErrorList, or one without a file for any other error.
func problems(err error) []Problem {
	var list generator.ErrorList
	if !errors.As(err, &list) {
		return []Problem{{Msg: err.Error()}}
	}
	ps := make([]Problem, len(list))
	for i, e := range list {
		ps[i] = Problem{File: e.File, Line: e.Line, Msg: e.Msg}
	}
	return ps
}

// statusBox guards the current Status.
type statusBox struct {
	mu sync.Mutex
	st Status
}

func (b *statusBox) get() Status {
	b.mu.Lock()
	defer b.mu.Unlock()
	st := b.st
	st.Errors = slices.Clone(st.Errors)
	st.Restart = slices.Clone(st.Restart)
	if st.Errors == nil {
		st.Errors = []Problem{}
	}
	if st.Restart == nil {
		st.Restart = []string{}
	}
	return st
}

// update changes the status under the lock.
func (b *statusBox) update(f func(*Status)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	f(&b.st)
}
