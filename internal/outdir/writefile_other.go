//go:build !unix

package outdir

import "os"

// WriteFile creates name with data.
func WriteFile(name string, data []byte) error { return os.WriteFile(name, data, 0o644) }
