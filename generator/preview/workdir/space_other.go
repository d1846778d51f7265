//go:build !linux

package workdir

import "errors"

// Memory reports no memory-backed directory outside Linux.
func Memory() (string, bool) { return "", false }

// Free is not measured outside Linux, where builds never go to a tmpfs.
func Free(string) (int64, error) { return 0, errors.New("not measured") }
