//go:build !linux

package outdir

// exchange is not available outside Linux: Swap uses two renames.
func exchange(a, b string) error { return errNoExchange }
