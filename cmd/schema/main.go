// Command schema prints the JSON Schema derived from the protocol document,
// byte for byte as gen build publishes it, for scripts that need it without
// a build.
package main

import (
	"fmt"
	"os"

	"pairag.com/portal/protocol"
)

func main() {
	s, err := protocol.Default().Schema()
	if err != nil {
		fmt.Fprintln(os.Stderr, "schema:", err)
		os.Exit(1)
	}
	os.Stdout.Write(s)
}
