//go:build js && wasm

// Command validator is the WebAssembly adapter of the protocol validator: it
// registers pairagConfigure, pairagValidate and pairagApplyFixes on the
// global object and waits. The page's Web Worker calls them; everything else lives in package
// protocol, so the browser runs the same engine as gen validate.
package main

import (
	"syscall/js"
)

func main() {
	js.Global().Set("pairagConfigure", js.FuncOf(func(this js.Value, args []js.Value) any {
		return configureJSON(argAt(args, 0).s)
	}))
	js.Global().Set("pairagValidate", js.FuncOf(func(this js.Value, args []js.Value) any {
		return validateBytes(textAt(args, 0), argAt(args, 1), argAt(args, 2))
	}))
	js.Global().Set("pairagApplyFixes", js.FuncOf(func(this js.Value, args []js.Value) any {
		return applyFixesBytes(textAt(args, 0), argAt(args, 1), argAt(args, 2))
	}))
	js.Global().Set("pairagReady", true)
	select {}
}

// textAt returns argument i, the text to judge, as UTF-8 bytes: a string
// is encoded by the page's TextEncoder straight into one Uint8Array and
// copied once into the module, where js.Value.String would copy it into
// bytes, then into a string, and the engine's []byte into bytes again
// (three copies of the text, 5% of validating a 20-stage payload).
// Anything else is read as argAt reads it.
func textAt(args []js.Value, i int) []byte {
	if i >= len(args) || args[i].Type() != js.TypeString {
		return []byte(argAt(args, i).s)
	}
	if encoder.IsUndefined() {
		encoder = js.Global().Get("TextEncoder").New()
	}
	u := encoder.Call("encode", args[i])
	b := make([]byte, u.Length())
	js.CopyBytesToGo(b, u)
	return b
}

// encoder is the page's TextEncoder, made on first use.
var encoder js.Value

// argAt returns argument i: a string as it is, another value as the JSON
// text of it, and undefined (or a missing argument) as not given.
func argAt(args []js.Value, i int) arg {
	if i >= len(args) || args[i].Type() == js.TypeUndefined {
		return arg{}
	}
	if args[i].Type() == js.TypeString {
		return str(args[i].String())
	}
	s := js.Global().Get("JSON").Call("stringify", args[i])
	if s.Type() != js.TypeString {
		return arg{given: true}
	}
	return arg{s: s.String(), given: true}
}
