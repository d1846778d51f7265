//go:build !linux

package generator

// exchange is not available outside Linux: swap uses two renames.
func exchange(a, b string) error { return errNoExchange }
