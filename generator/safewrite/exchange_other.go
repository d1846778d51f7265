//go:build !linux

package safewrite

// exchange is not available outside Linux: Write renames.
func exchange(a, b string) error { return errNoExchange }
