// Package load is the build's first stage: content files in, the site
// model (package site) out. Pages lists, reads and pairs every page of both
// languages, each with its kind and its twin (a pending stand-in for a
// translation on its way); Glossary reads the term pairs once for the
// build, the search and the translation checks. Its file-system layer
// ReadLog sits between the repository and every reader and digests what was
// read (the render cache's global key).
package load

import (
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"
)

// ReadLog is the content file system as one build reads it. It digests
// every file read and every directory listed, so the render cache's global
// key is what the build actually read outside the pages, not a list of
// inputs kept by hand that goes stale when a new kind of input appears.
type ReadLog struct {
	fs.FS
	mu    sync.Mutex
	reads map[string][sha256.Size]byte // file or directory ("name/") → digest of what was read
}

// NewReadLog wraps fsys in a ReadLog that has read nothing yet.
func NewReadLog(fsys fs.FS) *ReadLog {
	return &ReadLog{FS: fsys, reads: map[string][sha256.Size]byte{}}
}

func (l *ReadLog) record(name string, data []byte) {
	sum := sha256.Sum256(data)
	l.mu.Lock()
	l.reads[name] = sum
	l.mu.Unlock()
}

// ReadFile reads and records a file.
func (l *ReadLog) ReadFile(name string) ([]byte, error) {
	data, err := fs.ReadFile(l.FS, name)
	if err == nil {
		l.record(name, data)
	}
	return data, err
}

// ReadDir lists and records a directory: a file added or removed changes
// the key even before it is read.
func (l *ReadLog) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(l.FS, name)
	if err == nil {
		var sb strings.Builder
		for _, e := range entries {
			fmt.Fprintf(&sb, "%s %v\n", e.Name(), e.Type())
		}
		l.record(name+"/", []byte(sb.String()))
	}
	return entries, err
}

// Open opens a file whose contents are recorded once read to the end.
func (l *ReadLog) Open(name string) (fs.File, error) {
	f, err := l.FS.Open(name)
	if err != nil {
		return nil, err
	}
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		return &loggedFile{File: f, log: l, name: name, h: sha256.New()}, nil
	}
	return f, nil
}

// Stat passes through: a file's metadata does not reach the output.
func (l *ReadLog) Stat(name string) (fs.FileInfo, error) { return fs.Stat(l.FS, name) }

// Digest writes what was read to h, in name order, leaving out the files
// skip names (a page's own files, which its pair's key covers).
func (l *ReadLog) Digest(h io.Writer, skip func(name string) bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, name := range slices.Sorted(maps.Keys(l.reads)) {
		if !skip(name) {
			sum := l.reads[name]
			fmt.Fprintf(h, "%s %x\n", name, sum)
		}
	}
}

// loggedFile digests a file as it is read and records it at EOF.
type loggedFile struct {
	fs.File
	log  *ReadLog
	name string
	h    interface {
		io.Writer
		Sum([]byte) []byte
	}
	done bool
}

func (f *loggedFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	f.h.Write(p[:n])
	if err == io.EOF && !f.done {
		f.done = true
		var sum [sha256.Size]byte
		copy(sum[:], f.h.Sum(nil))
		f.log.mu.Lock()
		f.log.reads[f.name] = sum
		f.log.mu.Unlock()
	}
	return n, err
}
