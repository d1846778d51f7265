package outdir

import (
	"errors"

	"golang.org/x/sys/unix"
)

// exchange swaps the names a and b atomically with renameat2
// RENAME_EXCHANGE. It returns errNoExchange when b does not exist or the
// file system cannot do it.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.ENOENT) || errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) {
		return errNoExchange
	}
	return err
}
