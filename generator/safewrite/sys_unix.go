//go:build unix

package safewrite

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives out the owner and group of the file info describes,
// where this process may: a user who is not root cannot give a file away,
// and the new file is then theirs, as after any editor's atomic save.
func keepOwner(out *os.File, info fs.FileInfo) error {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok || (int(st.Uid) == os.Geteuid() && int(st.Gid) == os.Getegid()) {
		return nil
	}
	if err := out.Chown(int(st.Uid), int(st.Gid)); err != nil && !errors.Is(err, syscall.EPERM) {
		return err
	}
	return nil
}
