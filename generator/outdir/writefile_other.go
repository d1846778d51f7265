//go:build !unix

package outdir

import (
	"bytes"
	"os"
)

// WriteFile creates name with data.
func WriteFile(name string, data []byte) error { return os.WriteFile(name, data, 0o644) }

// WriteParts creates name with the concatenation of parts.
func WriteParts(name string, parts ...[]byte) error {
	return os.WriteFile(name, bytes.Join(parts, nil), 0o644)
}
