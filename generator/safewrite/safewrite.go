// Package safewrite rewrites a user's file (a payload fixed by gen
// validate --fix, a translation stamped by gen stamp) so that nothing the
// user saved is lost, whatever happens while gen writes it:
//
//   - [Read] reads the file and records what it held: its bytes, size,
//     modification time and identity (device and inode).
//   - [File.Write] writes the new contents into a temporary file in the
//     same directory, with the original's mode and, where the system
//     allows it, its owner and group; syncs it to disk; checks that the
//     file still is the one [Read] read, with the same size, modification
//     time and bytes; renames the temporary over it; and syncs the
//     directory. A kill at any instant leaves either the old file or the
//     new one, whole. On Linux the rename exchanges the two names
//     (renameat2 RENAME_EXCHANGE) and looks at the file it displaced: an
//     editor's save that landed in the last instant is put back, and the
//     write refused.
//   - Every failure is an [*Error] and leaves the file as it was: a full
//     disk, any write or sync error, a file changed since it was read (an
//     editor saved it meanwhile: overwriting would lose that save), a
//     symbolic link that leaves [Options.Within], a file that is not a
//     regular file, or one read only in part.
//
// A symbolic link is followed to the file it names: the target is
// rewritten and the link kept, as editors do. A file with several hard
// links gets its new contents under the name given only; its other names
// keep the old contents (as after any editor's atomic save).
//
// The temporary files are named ".NAME.gen-PID-RANDOM.tmp": hidden, so
// package scratch takes them for editors' scratch files, and neither the
// build nor the preview reads or publishes them. One left by a killed run
// (holding either the new contents or, after the exchange, the old) is
// removed by the next Write of the same file once its process is gone.
package safewrite

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"pairag.com/portal/generator/proc"
)

// Options says what Read accepts.
type Options struct {
	// Within, when not "", is a directory the file must lie in once every
	// symbolic link on its path is resolved (the repository for gen
	// stamp); a file outside it is refused with [Outside].
	Within string
	// Limit, when positive, is the most bytes Read reads. A file cut at
	// Limit cannot be written back ([Partial]).
	Limit int64
}

// File is a file as [Read] read it, ready to be replaced by [File.Write].
type File struct {
	Name string // the name as given to Read
	Data []byte // the bytes read
	Size int64  // the file's size when read: more than len(Data) when cut at Options.Limit

	path   string      // Name with every link resolved, absolute
	within string      // Options.Within, resolved and absolute, or ""
	info   fs.FileInfo // the file's status as read
}

// Read reads the file name and records its state for [File.Write]. It
// reads any file (a pipe or a device too); only Write needs a regular one.
// With Options.Within, a file that resolves outside it is refused before
// anything is read.
func Read(name string, opt Options) (*File, error) {
	f := &File{Name: name}
	open := name
	if opt.Within != "" {
		within, err := resolveDir(opt.Within)
		if err != nil {
			return nil, err
		}
		f.within = within
		if open, err = f.resolve(); err != nil {
			return nil, err
		}
	}
	in, err := os.Open(open)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	if f.info, err = in.Stat(); err != nil {
		return nil, err
	}
	if f.info.Mode().IsRegular() { // only a regular file can be written back
		if f.path, err = f.resolve(); err != nil {
			return nil, err
		}
	}
	r := io.Reader(in)
	if opt.Limit > 0 {
		r = io.LimitReader(in, opt.Limit)
	}
	if f.Data, err = io.ReadAll(r); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	f.Size = max(f.info.Size(), int64(len(f.Data)))
	return f, nil
}

// resolveDir resolves every link of dir and makes it absolute.
func resolveDir(dir string) (string, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", err
	}
	return filepath.Abs(real)
}

// resolve follows the links of f.Name and checks that the file they lead
// to lies in f.within.
func (f *File) resolve() (string, error) {
	real, err := filepath.EvalSymlinks(f.Name)
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(real)
	if err != nil {
		return "", err
	}
	if f.within != "" && !inside(abs, f.within) {
		return "", &Error{Path: f.Name, Reason: Outside, Target: abs, Within: f.within}
	}
	return abs, nil
}

// inside reports whether path is dir or lies under it; both are absolute.
func inside(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// Write replaces the file's contents with data, atomically, if the file
// still holds what Read read; otherwise, or on any failure, it returns an
// [*Error] and the file is unchanged.
func (f *File) Write(data []byte) error {
	if !f.info.Mode().IsRegular() {
		return &Error{Path: f.Name, Reason: NotRegular}
	}
	if int64(len(f.Data)) != f.Size {
		return &Error{Path: f.Name, Reason: Partial, Need: f.Size}
	}
	path, err := f.resolve()
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return err
		}
		return f.changed(err) // the file or a link on its way is gone
	}
	if path != f.path {
		return f.changed(fmt.Errorf("%s now leads to %s, not %s", f.Name, path, f.path))
	}
	removeStale(path)
	tmp, err := f.writeTemp(path, data)
	if err != nil {
		return err
	}
	return f.commit(tmp, path)
}

// writeTemp writes data into a new temporary file beside path, with the
// original's mode and owner, synced to disk, and returns its name.
func (f *File) writeTemp(path string, data []byte) (string, error) {
	out, err := os.CreateTemp(filepath.Dir(path), tempPrefix(filepath.Base(path))+"*.tmp")
	if err != nil {
		return "", f.failed(fmt.Errorf("create a temporary file beside it: %w", err), int64(len(data)))
	}
	tmp := out.Name()
	err = keepOwner(out, f.info)
	if err == nil {
		err = out.Chmod(f.info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky))
	}
	if err == nil {
		err = writeAll(out, data)
	}
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return "", f.failed(err, int64(len(data)))
	}
	return tmp, nil
}

// writeAll writes data to out; tests replace it to fail part of the way.
var writeAll = func(out *os.File, data []byte) error {
	_, err := out.Write(data)
	return err
}

// hooks, set by tests, run at the last instants before the file is
// replaced: after the temporary file is written (before the check that
// the file is unchanged), and between that check and the exchange.
var hooks struct{ beforeCheck, beforeExchange func(path string) }

// commit checks that path still holds what Read read and puts tmp in its
// place, then syncs the directory. tmp is gone when it returns, unless it
// holds a file that would otherwise be lost.
func (f *File) commit(tmp, path string) error {
	if hooks.beforeCheck != nil {
		hooks.beforeCheck(path)
	}
	if err := f.unchanged(path); err != nil {
		os.Remove(tmp)
		return f.changed(err)
	}
	if hooks.beforeExchange != nil {
		hooks.beforeExchange(path)
	}
	switch err := exchange(tmp, path); {
	case err == nil:
		// tmp now names the file displaced: the one read, unless an
		// editor saved in the instant since the check.
		if err := f.same(tmp); err != nil {
			if exchange(tmp, path) != nil {
				return f.failed(fmt.Errorf("%v, and the file displaced could not be put back: it is kept as %s", err, tmp), 0)
			}
			os.Remove(tmp) // the editor's file is back; tmp holds ours
			return f.changed(err)
		}
		os.Remove(tmp)
	case errors.Is(err, errNoExchange):
		if err := os.Rename(tmp, path); err != nil {
			os.Remove(tmp)
			return f.failed(err, 0)
		}
	default:
		os.Remove(tmp)
		return f.failed(err, 0)
	}
	syncDir(filepath.Dir(path))
	return nil
}

// unchanged checks that path is the file Read read, with the same size,
// modification time and bytes.
func (f *File) unchanged(path string) error {
	if err := f.same(path); err != nil {
		return err
	}
	now, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !bytes.Equal(now, f.Data) {
		return errors.New("its contents differ from what was read")
	}
	return nil
}

// same checks that name is the file Read read, with its size and
// modification time.
func (f *File) same(name string) error {
	info, err := os.Lstat(name)
	switch {
	case err != nil:
		return err
	case !os.SameFile(info, f.info):
		return errors.New("it was replaced by another file")
	case info.Size() != f.info.Size():
		return fmt.Errorf("its size is %d bytes, not %d", info.Size(), f.info.Size())
	case !info.ModTime().Equal(f.info.ModTime()):
		return fmt.Errorf("it was modified at %s", info.ModTime().Format("15:04:05.000000000"))
	}
	return nil
}

func (f *File) changed(err error) error {
	return &Error{Path: f.Name, Reason: Changed, Err: err}
}

// failed turns an I/O error into an *Error; need is the size that was
// being written, for a full disk.
func (f *File) failed(err error, need int64) error {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return &Error{Path: f.Name, Reason: NoSpace, Need: need, Err: err}
	}
	return &Error{Path: f.Name, Reason: Failed, Err: err}
}

// syncDir makes the rename in dir durable. File systems that cannot sync
// a directory have nothing to sync.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// maxTempBase bounds the part of a file's name its temporary file
// repeats, so that the temporary's name stays within the usual 255 bytes.
const maxTempBase = 150

// tempPrefix is the start of the names of this process's temporary files
// for the file base: ".NAME.gen-PID-".
func tempPrefix(base string) string {
	return "." + clip(base) + ".gen-" + strconv.Itoa(os.Getpid()) + "-"
}

// clip cuts base to at most maxTempBase bytes, at a rune boundary.
func clip(base string) string {
	if len(base) <= maxTempBase {
		return base
	}
	n := maxTempBase
	for n > 0 && base[n]&0xC0 == 0x80 {
		n--
	}
	return base[:n]
}

// removeStale removes the temporary files beside path that runs killed
// before they finished left behind.
func removeStale(path string) {
	dir := filepath.Dir(path)
	re := regexp.MustCompile(`^\.` + regexp.QuoteMeta(clip(filepath.Base(path))) + `\.gen-(\d+)-\d+\.tmp$`)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		m := re.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		if pid, _ := strconv.Atoi(m[1]); pid == os.Getpid() || proc.Gone(pid) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// errNoExchange means the system cannot exchange two names atomically.
var errNoExchange = errors.New("atomic exchange unavailable")

// Replace is Write for a caller that read the file before Read did (gen
// stamp compares the content tree read through an fs.FS): it writes data
// only if Read found the bytes old, and the file still holds them.
func (f *File) Replace(old, data []byte) error {
	if !bytes.Equal(f.Data, old) {
		return f.changed(errors.New("its contents differ from what was compared"))
	}
	return f.Write(data)
}
