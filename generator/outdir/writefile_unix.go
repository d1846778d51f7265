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
func WriteFile(name string, data []byte) error { return WriteParts(name, data) }

// WriteParts creates name with the concatenation of parts, gathering small
// parts into writes of partsChunk bytes and writing large ones as they
// are: a large file made of many pieces is not first joined in memory.
func WriteParts(name string, parts ...[]byte) error {
	fd, err := syscall.Open(name, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_TRUNC|syscall.O_CLOEXEC, 0o644)
	if err != nil {
		return &os.PathError{Op: "open", Path: name, Err: err}
	}
	if len(parts) == 1 {
		err = writeAll(fd, parts[0])
	} else {
		err = writeGathered(fd, parts)
	}
	if cerr := syscall.Close(fd); err == nil {
		err = cerr
	}
	if err != nil {
		return &os.PathError{Op: "write", Path: name, Err: err}
	}
	return nil
}

// writeGathered writes parts to fd in order, small ones gathered.
func writeGathered(fd int, parts [][]byte) error {
	var chunk []byte
	for _, p := range parts {
		if len(chunk)+len(p) > partsChunk {
			if err := writeAll(fd, chunk); err != nil {
				return err
			}
			chunk = chunk[:0]
		}
		if len(p) >= partsChunk {
			if err := writeAll(fd, p); err != nil {
				return err
			}
			continue
		}
		if chunk == nil {
			chunk = make([]byte, 0, partsChunk)
		}
		chunk = append(chunk, p...)
	}
	return writeAll(fd, chunk)
}

// writeAll writes data to fd, however many writes it takes.
func writeAll(fd int, data []byte) error {
	for len(data) > 0 {
		n, err := syscall.Write(fd, data)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		data = data[n:]
	}
	return nil
}
