//go:build unix

package outdir

import (
	"os"
	"syscall"
)

// WriteFile creates name with data. It is os.WriteFile without the
// non-blocking mode and poller registration os.OpenFile tries on every
// file: that is five extra system calls per file, and a build writes
// thousands of files on machines where system calls are slow.
func WriteFile(name string, data []byte) error {
	fd, err := syscall.Open(name, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_TRUNC|syscall.O_CLOEXEC, 0o644)
	if err != nil {
		return &os.PathError{Op: "open", Path: name, Err: err}
	}
	for len(data) > 0 && err == nil {
		var n int
		n, err = syscall.Write(fd, data)
		if err == syscall.EINTR {
			err = nil
		}
		data = data[max(n, 0):]
	}
	if cerr := syscall.Close(fd); err == nil {
		err = cerr
	}
	if err != nil {
		return &os.PathError{Op: "write", Path: name, Err: err}
	}
	return nil
}
