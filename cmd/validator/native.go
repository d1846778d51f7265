//go:build !(js && wasm)

package main

import "fmt"

// main outside the browser only explains itself. The adapter functions
// (adapter.go) build natively: adapter_test.go calls them directly, and
// wasm_test.go runs the real module under node.
func main() {
	fmt.Println("cmd/validator is a WebAssembly module: build it with GOOS=js GOARCH=wasm")
}
