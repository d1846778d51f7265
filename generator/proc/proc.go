// Package proc answers one question about other processes: is this one
// still running? gen build and gen serve use it to tell their own
// temporary directories from those of runs that were killed.
package proc

import (
	"errors"
	"os"
	"syscall"
)

// Gone reports whether no process with the given id exists.
func Gone(pid int) bool {
	if pid <= 0 {
		return true
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return true
	}
	defer p.Release()
	err = p.Signal(syscall.Signal(0))
	return errors.Is(err, os.ErrProcessDone) || errors.Is(err, syscall.ESRCH)
}
