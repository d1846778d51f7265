//go:build !unix

package generator

import "os"

// writeFile creates name with data.
func writeFile(name string, data []byte) error { return os.WriteFile(name, data, 0o644) }
