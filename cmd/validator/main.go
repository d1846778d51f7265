//go:build js && wasm

// Command validator is the WebAssembly adapter of the protocol validator.
// The page's Web Worker calls it through pairagConfigure, pairagValidate
// and pairagApplyFixes on the global object; everything else lives in
// package protocol, so the browser runs the same engine as gen validate.
//
// The module exports its functions to JavaScript (go:wasmexport) instead
// of registering them with syscall/js: glue.js, published after Go's
// wasm_exec.js in the same file (generator/wasm), defines the three global
// functions on the exports, so their callers see the same functions with
// the same arguments and answers. A call writes its arguments as UTF-8
// into a buffer the module allocates (input), runs on the Go stack without
// a goroutine switch, and leaves its JSON answer in the module's memory
// (output), which the glue decodes into a string. Without syscall/js the
// module is about 15 KB smaller, brotli (issue 19).
package main

//lint:file-ignore U1000 the functions are exported to JavaScript (go:wasmexport), which staticcheck does not see

import "unsafe"

// in is the buffer of the next call's arguments; answer is the last call's
// answer, kept until the next call so JavaScript can read it.
var (
	in     []byte
	answer string
)

// input returns the address of a buffer of n bytes for the next call's
// arguments, for JavaScript to write to. The buffer of the last call is
// used again when it is large enough (nothing a call returns points into
// it): a new one per call was 3 bytes per character of the text to
// allocate and clear, and the collections it caused (issue 19). A buffer
// over keepIn bytes is not kept.
//
//go:wasmexport input
func input(n int32) unsafe.Pointer {
	n = max(n, 1)
	if int(n) > cap(spare) {
		spare = make([]byte, n)
	}
	in = spare[:n]
	if n > keepIn {
		spare = nil
	}
	return unsafe.Pointer(unsafe.SliceData(in))
}

// spare is the argument buffer kept for the next call.
var spare []byte

// keepIn is the largest argument buffer kept between calls: three bytes
// per UTF-16 unit of a 1 MB text.
const keepIn = 3 << 20

// output returns the address of the last answer, whose length in bytes
// the call returned.
//
//go:wasmexport output
func output() unsafe.Pointer { return unsafe.Pointer(unsafe.StringData(answer)) }

// The kinds of argument glue.js writes (two bits each in a call's kinds):
// a missing or undefined argument, a string, or another value written as
// its JSON text (empty when JSON.stringify gives none).
const (
	kindUndefined = 0
	kindString    = 1
	kindJSON      = 2
)

// argOf is an argument of kind k whose text is b (not inlined: it is
// called twice per call).
//
//go:noinline
func argOf(b []byte, k int32) arg {
	switch k {
	case kindUndefined:
		return arg{}
	case kindString:
		return str(string(b))
	}
	return arg{s: string(b), given: true}
}

// call reads a call's arguments from in: the text (text bytes), then the
// tier and the language, their kinds in the low bits of kinds; it runs f
// and keeps its answer for output, returning the answer's length.
func call(text, tier, lang, kinds int32, f func(text []byte, tier, lang arg) string) int32 {
	b := in[:text:text]
	t := argOf(in[text:text+tier], kinds&3)
	l := argOf(in[text+tier:text+tier+lang], kinds>>2&3)
	in, answer = nil, ""
	answer = f(b, t, l)
	return int32(len(answer))
}

// validate is pairagValidate(text, tier, lang).
//
//go:wasmexport validate
func validate(text, tier, lang, kinds int32) int32 {
	return call(text, tier, lang, kinds, validateBytes)
}

// applyFixes is pairagApplyFixes(text, tier, lang).
//
//go:wasmexport applyFixes
func applyFixes(text, tier, lang, kinds int32) int32 {
	return call(text, tier, lang, kinds, applyFixesBytes)
}

// configure is pairagConfigure(settings), the settings' JSON text in in.
//
//go:wasmexport configure
func configure(n int32) int32 {
	s := string(in[:n])
	in, answer = nil, ""
	answer = configureJSON(s)
	return int32(len(answer))
}

// main returns to JavaScript when it blocks: the runtime is ready and the
// exported functions can be called until the page drops the module.
func main() { select {} }
