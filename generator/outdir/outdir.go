// Package outdir writes gen build's output directory (public/) and
// replaces it safely: a build renders into a temporary directory beside
// the output ([Temp]), marks it as gen's ([WriteMarker]) and swaps it in
// only when it succeeded ([Swap]), atomically on Linux. [Check] refuses an
// output directory that holds sources or that gen did not write, so a
// mistyped --out never deletes anything; [RemoveStale] and [RemoveTemp]
// clean up after killed and interrupted builds. [WriteFile] is how every
// file of the site is written.
//
// It knows nothing of the site (no pages, content or protocol, only
// directories and the repository's source folders it must not touch), and
// two packages use it directly: the builder, and cmd/gen, which removes
// the temporaries when a second Ctrl-C makes it exit at once.
package outdir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"pairag.com/portal/generator/proc"
)

// MarkerFile is written at the top of every output directory
// ([WriteMarker]). [Check] only lets a build replace a directory that is
// empty, missing or holds this file, so a mistyped --out cannot delete
// sources.
const MarkerFile = ".gen-output"

const markerText = "This directory is written by gen build; the next build replaces all of it.\n"

// Check refuses output directories a build must not replace: the
// repository root (when root is not "") or a directory holding it,
// anything under its content/, protocol/ or .git/, and an existing
// non-empty directory gen did not write. out is absolute. The decision is
// made on the paths as written and again with every symbolic link on
// them followed ([Resolve]), so a link to content/, to the repository or
// to .git/ on the way to out is refused too.
func Check(out, root string) error {
	if root != "" {
		if err := checkSources(out, root); err != nil {
			return err
		}
	}
	entries, err := os.ReadDir(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("output %s: %w", out, err)
	case len(entries) == 0:
		return nil
	}
	if _, err := os.Stat(filepath.Join(out, MarkerFile)); err != nil {
		return fmt.Errorf("output %s: refusing to replace a non-empty directory gen did not write (it has no %s file); remove it yourself or choose another --out", out, MarkerFile)
	}
	return nil
}

// checkSources refuses an out that holds the repository root or lies in
// one of its source folders, literally or once links are followed.
func checkSources(out, root string) error {
	root, err := filepath.Abs(root)
	if err != nil {
		return fmt.Errorf("output %s: %w", out, err)
	}
	realOut, err := Resolve(out)
	if err != nil {
		return fmt.Errorf("output %s: %w", out, err)
	}
	realRoot, err := Resolve(root)
	if err != nil {
		return fmt.Errorf("output %s: repository %s: %w", out, root, err)
	}
	shown := out
	if realOut != out {
		shown = fmt.Sprintf("%s (%s, following symbolic links)", out, realOut)
	}
	for _, o := range []string{out, realOut} {
		for _, r := range []string{root, realRoot} {
			if within(r, o) {
				return fmt.Errorf("output %s: refusing to replace a directory that holds the repository %s", shown, root)
			}
		}
	}
	for _, src := range []string{"content", "protocol", ".git"} {
		realSrc, err := Resolve(filepath.Join(realRoot, src))
		if err != nil {
			return fmt.Errorf("output %s: %w", out, err)
		}
		for _, o := range []string{out, realOut} {
			for _, s := range []string{filepath.Join(root, src), realSrc} {
				if within(o, s) {
					return fmt.Errorf("output %s: refusing to write inside the repository's %s/, which holds sources", shown, src)
				}
			}
		}
	}
	return nil
}

// maxLinkHops bounds the links Resolve follows, as the kernel's ELOOP does.
const maxLinkHops = 40

// Resolve returns the absolute path path names once every symbolic link
// on it is followed, as far as it exists: the part that does not exist
// yet (a new --out) is kept as written, under the resolved rest. Unlike
// filepath.EvalSymlinks it accepts a missing tail and follows a link
// whose target does not exist yet.
func Resolve(path string) (string, error) {
	path, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	vol := filepath.VolumeName(path)
	done := vol + string(filepath.Separator)
	todo := strings.Split(path[len(done):], string(filepath.Separator))
	for hops := 0; len(todo) > 0; {
		name := todo[0]
		todo = todo[1:]
		switch name {
		case "", ".":
			continue
		case "..":
			done = filepath.Dir(done)
			continue
		}
		next := filepath.Join(done, name)
		info, err := os.Lstat(next)
		if errors.Is(err, fs.ErrNotExist) {
			return filepath.Join(append([]string{next}, todo...)...), nil
		}
		if err != nil {
			return "", err
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			done = next
			continue
		}
		if hops++; hops > maxLinkHops {
			return "", fmt.Errorf("%s: too many levels of symbolic links", path)
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if filepath.IsAbs(target) {
			done = filepath.VolumeName(target) + string(filepath.Separator)
			target = target[len(done):]
		}
		todo = append(strings.Split(target, string(filepath.Separator)), todo...)
	}
	return done, nil
}

// within reports whether path is dir or lies under it; both are absolute.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// WriteMarker writes [MarkerFile] into dir, the finished output, so that
// the next build may replace it.
func WriteMarker(dir string) error {
	return WriteFile(filepath.Join(dir, MarkerFile), []byte(markerText))
}

// Temp creates a new temporary directory beside out, for a build to
// render into before [Swap] puts it in place; the caller removes it when
// the build fails. Its name carries the process id, so that [RemoveStale]
// can tell a killed build's leftovers from a concurrent build's work.
func Temp(out string) (string, error) {
	return os.MkdirTemp(filepath.Dir(out), tempPattern(out))
}

// tempPattern is the name pattern of [Temp]'s directories beside out.
func tempPattern(out string) string {
	return "." + filepath.Base(out) + "-build-" + strconv.Itoa(os.Getpid()) + "-*"
}

// RemoveStale removes the temporary directories of earlier builds of out
// whose process is gone (a swap without RENAME_EXCHANGE may also have left
// "...-old"), and those of gen versions that did not record one
// (".public-123456789", ".public-123456789.old"). It returns how many
// it removed.
func RemoveStale(out string) int {
	base := regexp.QuoteMeta(filepath.Base(out))
	re := regexp.MustCompile(`^\.` + base + `-(?:build-(\d+)-\d+(?:-old)?|\d+(?:\.old)?)$`)
	entries, _ := os.ReadDir(filepath.Dir(out))
	n := 0
	for _, e := range entries {
		m := re.FindStringSubmatch(e.Name())
		if m == nil || !e.IsDir() {
			continue
		}
		if pid, _ := strconv.Atoi(m[1]); m[1] != "" && !proc.Gone(pid) {
			continue
		}
		if os.RemoveAll(filepath.Join(filepath.Dir(out), e.Name())) == nil {
			n++
		}
	}
	return n
}

// RemoveTemp removes this process's temporary build directories beside
// out. gen build calls it when a second interrupt makes it exit at once,
// while a build may still be writing.
func RemoveTemp(out string) {
	dirs, _ := filepath.Glob(filepath.Join(filepath.Dir(out), tempPattern(out)))
	for _, dir := range dirs {
		for range 3 { // a render still running may add a file between walks
			if os.RemoveAll(dir) == nil {
				break
			}
		}
	}
}

// Swap puts the finished site tmp in place of dir and removes the old
// one. Where the system can exchange two names atomically, dir always
// exists during the swap; elsewhere the old directory is renamed away
// first, and a crash between the two renames leaves it beside dir as a
// temporary that the next build removes.
func Swap(tmp, dir string) error {
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("publish %s: %w", dir, err)
	}
	switch err := exchange(tmp, dir); {
	case err == nil:
		return os.RemoveAll(tmp) // now the old site
	case !errors.Is(err, errNoExchange):
		return fmt.Errorf("publish %s: %w", dir, err)
	}
	old := tmp + "-old"
	if err := os.Rename(dir, old); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("publish %s: move old output away: %w", dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.Rename(old, dir)
		return fmt.Errorf("publish %s: move new output in: %w", dir, err)
	}
	return os.RemoveAll(old)
}

// errNoExchange means the system cannot exchange names atomically, or dir
// does not exist yet: Swap falls back to two renames.
var errNoExchange = errors.New("atomic exchange unavailable")

// partsChunk is the size of the writes WriteParts gathers small parts into.
const partsChunk = 256 << 10

// Link makes to the same file as from: a hard link, so a preview's
// rebuild reuses an unchanged page without copying it or holding it in
// memory; where the two lie on different file systems (the preview moved
// its builds from tmpfs to disk) or the file system has no hard links, it
// writes a copy instead. to must not exist.
func Link(from, to string) error {
	err := os.Link(from, to)
	var le *os.LinkError
	if err == nil || !errors.As(err, &le) || !(errors.Is(le.Err, syscall.EXDEV) || errors.Is(le.Err, syscall.EPERM) || errors.Is(le.Err, syscall.ENOTSUP)) {
		return err
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return WriteFile(to, data)
}
