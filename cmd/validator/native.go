//go:build !(js && wasm)

package main

import "fmt"

// main outside the browser only explains itself; tests use the adapter
// functions directly and the real module under node.
func main() {
	fmt.Println("cmd/validator is a WebAssembly module: build it with GOOS=js GOARCH=wasm")
}
