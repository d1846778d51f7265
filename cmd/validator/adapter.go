package main

import (
	"errors"
	"runtime"
	"strconv"
	_ "unsafe" // for go:linkname

	"pairag.com/portal/protocol"
)

// Every offset the module returns counts UTF-16 code units, which is how
// JavaScript indexes strings: a finding's from and to, its fix's start and
// end, and the start and end of each suggestion's edits. A caller applies
// them to the string it sent with slice, never to its UTF-8 bytes.

// webFinding is a finding as the page needs it: the CLI's JSON fields plus
// the offending span, with every offset in UTF-16 code units. The module
// writes the answer without building it (encodeResult); the type says
// what the answer is, and the tests read and write answers with it.
type webFinding struct {
	protocol.Finding
	Fix         *protocol.Fix         `json:"fix,omitempty"`         // offsets in UTF-16 code units
	Suggestions []protocol.Suggestion `json:"suggestions,omitempty"` // edits in UTF-16 code units
	From        int                   `json:"from"`
	To          int                   `json:"to"`
}

// webResult is protocol.Result with web findings.
type webResult struct {
	Valid    bool         `json:"valid"`
	Tier     string       `json:"tier"`
	Findings []webFinding `json:"findings"`
}

// arg is one argument of a call from JavaScript: a string, another value
// written as JSON (s), or no value at all (undefined).
type arg struct {
	s        string
	given    bool
	isString bool
}

// str is a string argument.
func str(s string) arg { return arg{s: s, given: true, isString: true} }

// config is what pairagConfigure received; the worker calls it once, after
// the module is ready and before the first validation.
var config configuration

// configureJSON stores the page's settings (tier labels in both languages,
// from content/labels.yaml, and the index linking findings to the reference) and answers {"ok":true} or {"error":"..."}.
// Unknown keys are ignored, so a newer page can talk to an older module.
func configureJSON(text string) string {
	c, err := decodeConfiguration(text)
	if err != nil {
		return errorJSON("pairagConfigure: " + err.Error())
	}
	config = c
	return `{"ok":true}`
}

// options are the protocol options of one call, as gen validate makes
// them: no tier is free, a tier that is not a string is an unknown tier
// (with the note that says so), no language is English, and a language
// other than en and zh-CN is an error, as it is for the CLI (exit 2).
func options(fn string, tier, lang arg) (protocol.Options, error) {
	l := "en"
	if lang.given {
		l = lang.s
	}
	if !lang.isString && lang.given || l != "en" && l != "zh-CN" {
		q := quoted(lang)
		return protocol.Options{}, errors.New(fn + ": the language must be en or zh-CN, not " + q + " (语言只能是 en 或 zh-CN，不能是 " + q + ")")
	}
	t := tier.s
	if tier.given && !tier.isString && t == "" {
		t = "?" // a value JSON cannot write: still an unknown tier
	}
	return protocol.Options{Tier: t, Lang: l, TierLabels: config.TierLabels, Docs: config.Docs}, nil
}

// quoted shows an argument in a message.
func quoted(a arg) string {
	switch {
	case !a.given:
		return "undefined"
	case a.isString:
		return protocol.Quote(a.s)
	}
	return a.s
}

// validateBytes runs protocol.Validate on a text already in bytes and
// encodes the result for the page (the module's
// own copy, which the answer's spans point into).
func validateBytes(b []byte, tier, lang arg) string {
	opts, err := options("pairagValidate", tier, lang)
	if err != nil {
		return errorJSON(err.Error())
	}
	gc := gcOff(len(b))
	r := protocol.Validate(b, opts)
	gcOn(gc)
	return encodeResult(b, r)
}

// gcLimit is the heap size at which the collector runs during a
// validation anyway: twice what the largest input (max_bytes) is seen to
// need.
const gcLimit = 1 << 30

// gcOff turns the collector off up to gcLimit for a validation of size
// bytes, and gcOn turns it back on as it was. Nearly all a validation
// allocates (the tree of the text) stays live until it returns, so
// collecting during it frees little and rescans the tree each time: in
// WebAssembly, with no other thread to mark, that was most of the time of a
// payload of a million keys. The two are calls around the validation rather
// than one function taking it as a closure, which was code of its own for
// each caller in the module; a panic ends the module anyway.
func gcOff(size int) gcState {
	reserve(size)
	return gcState{setGCPercent(-1), setMemoryLimit(gcLimit)}
}

// gcState is the collector's setting before gcOff.
type gcState struct {
	percent int32
	limit   int64
}

func gcOn(s gcState) {
	setGCPercent(s.percent)
	setMemoryLimit(s.limit)
}

// setGCPercent and setMemoryLimit are runtime/debug.SetGCPercent and
// SetMemoryLimit without the package: the runtime provides both under
// these names (runtime/debug's own functions only call them), and importing
// runtime/debug brings fmt, os and time into the module, and with time
// internal/godebug and its metrics (18 KB of the module, brotli).
// TestNoHeavyImports keeps runtime/debug out.
//
//go:linkname setGCPercent runtime/debug.setGCPercent
func setGCPercent(int32) int32

//go:linkname setMemoryLimit runtime/debug.setMemoryLimit
func setMemoryLimit(int64) int64

// reserve grows the module's memory at once to what a validation of size
// bytes may need (a text of a million keys took 68 bytes a byte), so the
// heap grows once instead of by an arena at a time: that halved the time
// of the first validation of such a text. Small inputs need nothing.
// WebAssembly memory never shrinks, so a size once reserved stays
// reserved (reserved) and is not asked for again.
func reserve(size int) {
	n := min(64*size, gcLimit/2)
	if size < 1<<20 || n <= reserved {
		return
	}
	reserved = n
	b := make([]byte, n)
	runtime.KeepAlive(b)
	runtime.GC()
}

// reserved is the largest size reserve has grown the memory to.
var reserved int

// fixAnswer is what pairagApplyFixes returns.
type fixAnswer struct {
	Text    string `json:"text"`
	Applied int    `json:"applied"`
	Left    int    `json:"left"` // fixes the text still offers: apply the fixes again
	// Refused is set, in the language asked for, when the fixes would have
	// changed more than the bytes they name; text is then the input.
	Refused string `json:"refused,omitempty"`
	// Message says, in the language asked for, what was not done: the
	// refusal, or how many fixes are left.
	Message string `json:"message,omitempty"`
}

// applyFixesBytes applies mechanical fixes with protocol.FixAll and returns
// the new text with how many fixes were applied and how many are left.
func applyFixesBytes(text []byte, tier, lang arg) string {
	opts, err := options("pairagApplyFixes", tier, lang)
	if err != nil {
		return errorJSON(err.Error())
	}
	gc := gcOff(len(text))
	fr, err := protocol.FixAll(text, opts)
	gcOn(gc)
	out := fixAnswer{Text: string(fr.Text), Applied: fr.Applied, Left: fr.Left}
	r := refusalOf(err)
	switch {
	case r != nil:
		out.Refused = r.Message(opts.Lang)
		out.Message = out.Refused
	case fr.Left > 0 && opts.Lang == "zh-CN":
		out.Message = "已应用 " + strconv.Itoa(fr.Applied) + " 处修复；还有 " + strconv.Itoa(fr.Left) + " 处可自动修复，请再次应用修复"
	case fr.Left > 0:
		out.Message = "applied " + strconv.Itoa(fr.Applied) + " fix(es); " + strconv.Itoa(fr.Left) + " more can be applied: apply the fixes again"
	}
	return encodeFixAnswer(out)
}

// refusalOf returns the *protocol.FixRefusal in err's chain, or nil. It
// is errors.As for the one type, which keeps errors.As and the reflection
// it needs (about 8 KB, brotli) out of the module.
func refusalOf(err error) *protocol.FixRefusal {
	for err != nil {
		if r, ok := err.(*protocol.FixRefusal); ok {
			return r
		}
		err = errors.Unwrap(err)
	}
	return nil
}
