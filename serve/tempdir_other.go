//go:build !linux

package serve

// memoryDir reports no memory-backed directory outside Linux.
func memoryDir() (string, bool) { return "", false }
