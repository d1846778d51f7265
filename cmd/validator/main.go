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
		return validateJSON(argAt(args, 0).s, argAt(args, 1), argAt(args, 2))
	}))
	js.Global().Set("pairagApplyFixes", js.FuncOf(func(this js.Value, args []js.Value) any {
		return applyFixesJSON(argAt(args, 0).s, argAt(args, 1), argAt(args, 2))
	}))
	js.Global().Set("pairagReady", true)
	select {}
}

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
