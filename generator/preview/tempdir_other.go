//go:build !linux

package preview

import "errors"

// memoryDir reports no memory-backed directory outside Linux.
func memoryDir() (string, bool) { return "", false }

// freeBytes is not measured outside Linux, where builds never go to a tmpfs.
func freeBytes(string) (int64, error) { return 0, errors.New("not measured") }
