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
		text, _, _ := argStrings(args)
		return configureJSON(text)
	}))
	js.Global().Set("pairagValidate", js.FuncOf(func(this js.Value, args []js.Value) any {
		text, tier, lang := argStrings(args)
		return validateJSON(text, tier, lang)
	}))
	js.Global().Set("pairagApplyFixes", js.FuncOf(func(this js.Value, args []js.Value) any {
		text, tier, lang := argStrings(args)
		return applyFixesJSON(text, tier, lang)
	}))
	js.Global().Set("pairagReady", true)
	select {}
}

func argStrings(args []js.Value) (text, tier, lang string) {
	get := func(i int) string {
		if i < len(args) && args[i].Type() == js.TypeString {
			return args[i].String()
		}
		return ""
	}
	return get(0), get(1), get(2)
}
