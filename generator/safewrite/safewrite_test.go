package safewrite

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"pairag.com/portal/generator/scratch"
)

// write creates name with data and mode, and returns name.
func write(t *testing.T, name, data string, mode fs.FileMode) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, mode); err != nil { // past the umask
		t.Fatal(err)
	}
	return name
}

// read returns the contents of name.
func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// names lists dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// reason returns the Reason of err, or -1 when err is not an *Error.
func reason(err error) Reason {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return -1
}

// TestWrite replaces a file's contents, keeping its mode, leaving nothing
// beside it, and writing through a link inside Within to its target,
// which keeps the link.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []fs.FileMode{0o600, 0o640, 0o755} {
		name := write(t, filepath.Join(dir, "m"+strconv.Itoa(int(mode)), "task.json"), "old", mode)
		f, err := Read(name, Options{Within: dir})
		if err != nil {
			t.Fatal(err)
		}
		if string(f.Data) != "old" || f.Size != 3 {
			t.Fatalf("Read = %q, %d; want old, 3", f.Data, f.Size)
		}
		if err := f.Write([]byte("new contents")); err != nil {
			t.Fatalf("Write: %v", err)
		}
		if got := read(t, name); got != "new contents" {
			t.Errorf("after Write, %s holds %q", name, got)
		}
		info, _ := os.Stat(name)
		if info.Mode() != mode {
			t.Errorf("mode after Write = %v; want %v", info.Mode(), mode)
		}
		if got := names(t, filepath.Dir(name)); len(got) != 1 {
			t.Errorf("after Write the directory holds %q; want the file alone", got)
		}
	}

	target := write(t, filepath.Join(dir, "en", "a.md"), "original", 0o644)
	link := filepath.Join(dir, "zh", "a.md")
	os.MkdirAll(filepath.Dir(link), 0o755)
	if err := os.Symlink("../en/a.md", link); err != nil {
		t.Fatal(err)
	}
	f, err := Read(link, Options{Within: dir})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Write([]byte("through the link")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, target); got != "through the link" {
		t.Errorf("target holds %q after a write through its link", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v, %v", fi, err)
	}
}

// TestWriteKeepsOwner keeps the owner and group of a file that another
// user owns, where this process may give files away (root).
func TestWriteKeepsOwner(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	name := write(t, filepath.Join(t.TempDir(), "a.md"), "old", 0o664)
	if err := os.Chown(name, 4321, 8765); err != nil {
		t.Fatal(err)
	}
	f, err := Read(name, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Write([]byte("new")); err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(name)
	st := info.Sys().(*syscall.Stat_t)
	if st.Uid != 4321 || st.Gid != 8765 || info.Mode() != 0o664 {
		t.Errorf("after Write: owner %d:%d mode %v; want 4321:8765 -rw-rw-r--", st.Uid, st.Gid, info.Mode())
	}
}

// TestWriteFailsPartWay makes the write of the new contents fail after
// part of them (a full disk, an I/O error): the original stays whole,
// the temporary file is gone, and the error says why (issue 25: a full
// disk cut the payload at 524,288 bytes).
func TestWriteFailsPartWay(t *testing.T) {
	old := strings.Repeat("old payload\n", 100_000)
	for _, tt := range []struct {
		err  error
		want Reason
		msg  string
	}{
		{syscall.ENOSPC, NoSpace, "no space left on device"},
		{syscall.EDQUOT, NoSpace, "no space left on device"},
		{syscall.EIO, Failed, "input/output error"},
	} {
		dir := t.TempDir()
		name := write(t, filepath.Join(dir, "task.json"), old, 0o644)
		f, err := Read(name, Options{})
		if err != nil {
			t.Fatal(err)
		}
		saved := writeAll
		writeAll = func(out *os.File, data []byte) error {
			out.Write(data[:len(data)/2])
			return tt.err
		}
		err = f.Write([]byte(strings.Repeat("new payload\n", 100_000)))
		writeAll = saved
		if reason(err) != tt.want || !strings.Contains(err.Error(), tt.msg) || !strings.Contains(err.Error(), "the file is unchanged") {
			t.Errorf("Write failing with %v = %v; want reason %d saying %q", tt.err, err, tt.want, tt.msg)
		}
		if got := read(t, name); got != old {
			t.Errorf("after a failed write, the file holds %d bytes; want the original %d", len(got), len(old))
		}
		if got := names(t, dir); len(got) != 1 {
			t.Errorf("a failed write left %q", got)
		}
	}
}

// TestWriteRefusesConcurrentChange changes the file after Read, in every
// way an editor saves, at the last instants before the replacement:
// Write refuses and the editor's save is what the file holds (issue 25:
// an editor's save between --fix's read and write was overwritten).
func TestWriteRefusesConcurrentChange(t *testing.T) {
	edits := []struct {
		name string
		edit func(t *testing.T, path string)
	}{
		{"in place, same size and time", func(t *testing.T, path string) {
			info, _ := os.Stat(path)
			os.WriteFile(path, []byte("OLD"), 0o644)
			os.Chtimes(path, info.ModTime(), info.ModTime())
		}},
		{"appended", func(t *testing.T, path string) {
			f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString(" and more")
			f.Close()
		}},
		{"saved atomically", func(t *testing.T, path string) {
			write(t, path+".new", "editor's save", 0o644)
			os.Rename(path+".new", path)
		}},
		{"touched", func(t *testing.T, path string) {
			os.Chtimes(path, time.Now().Add(time.Hour), time.Now().Add(time.Hour))
		}},
		{"removed", func(t *testing.T, path string) { os.Remove(path) }},
	}
	for _, hook := range []string{"before the check", "between the check and the exchange"} {
		for _, e := range edits {
			t.Run(hook+"/"+e.name, func(t *testing.T) {
				dir := t.TempDir()
				name := write(t, filepath.Join(dir, "a.md"), "old", 0o644)
				f, err := Read(name, Options{})
				if err != nil {
					t.Fatal(err)
				}
				var want string
				h := func(path string) {
					e.edit(t, path)
					b, _ := os.ReadFile(path)
					want = string(b)
				}
				if hook == "before the check" {
					hooks.beforeCheck = h
				} else {
					if e.name == "in place, same size and time" || e.name == "removed" {
						t.Skip("after the check, only a change of the file's identity, size or time is seen")
					}
					hooks.beforeExchange = h
				}
				defer func() { hooks.beforeCheck, hooks.beforeExchange = nil, nil }()
				err = f.Write([]byte("gen's changes"))
				if reason(err) != Changed || !strings.Contains(err.Error(), "changed after gen read it") {
					t.Errorf("Write after an edit = %v; want a refusal saying the file changed", err)
				}
				if got, _ := os.ReadFile(name); string(got) != want {
					t.Errorf("after the refusal the file holds %q; want the editor's %q", got, want)
				}
				for _, n := range names(t, dir) {
					if n != "a.md" && n != "a.md.new" {
						t.Errorf("the refused write left %s", n)
					}
				}
			})
		}
	}
}

// TestWriteRefusesLinkOutside refuses a file that resolves outside
// Within, when read and when its link is pointed outside after the read
// (issue 25: gen stamp rewrote a translation's target out of the
// repository).
func TestWriteRefusesLinkOutside(t *testing.T) {
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	outside := write(t, filepath.Join(root, "elsewhere", "a.md"), "not ours", 0o644)
	inside := write(t, filepath.Join(repo, "content", "b.md"), "ours", 0o644)
	link := filepath.Join(repo, "content", "a.md")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	_, err := Read(link, Options{Within: repo})
	if reason(err) != Outside || !strings.Contains(err.Error(), "outside "+repo) {
		t.Errorf("Read of a link out of the repository = %v; want a refusal", err)
	}

	link2 := filepath.Join(repo, "content", "c.md")
	os.Symlink("b.md", link2)
	f, err := Read(link2, Options{Within: repo})
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(link2)
	os.Symlink(outside, link2)
	err = f.Write([]byte("gen's"))
	if reason(err) != Outside {
		t.Errorf("Write through a link pointed outside after the read = %v; want a refusal", err)
	}
	if read(t, outside) != "not ours" || read(t, inside) != "ours" {
		t.Error("a refused write changed a file")
	}
	if _, err := Read(link, Options{}); err != nil {
		t.Errorf("Read without Within refused a link: %v", err)
	}
}

// TestWriteRefusesWhatItCannotReplace: a device, and a file read only in
// part.
func TestWriteRefusesWhatItCannotReplace(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err == nil && runtime.GOOS != "windows" {
		f, err := Read(os.DevNull, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Write([]byte("x")); reason(err) != NotRegular {
			t.Errorf("Write to %s = %v; want NotRegular", os.DevNull, err)
		}
	}
	name := write(t, filepath.Join(t.TempDir(), "big.json"), "0123456789", 0o644)
	f, err := Read(name, Options{Limit: 4})
	if err != nil {
		t.Fatal(err)
	}
	if string(f.Data) != "0123" || f.Size != 10 {
		t.Errorf("Read with Limit 4 = %q, %d; want 0123, 10", f.Data, f.Size)
	}
	if err := f.Write([]byte("x")); reason(err) != Partial || read(t, name) != "0123456789" {
		t.Errorf("Write of a partly read file = %v; want Partial and the file unchanged", err)
	}
}

// TestTemporaryFiles: the temporary file's name is a scratch file's (the
// build and the preview never take it for content), and one left by a
// killed run is removed by the next write of the same file.
func TestTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	name := write(t, filepath.Join(dir, "SKILL.zh-CN.md"), "old", 0o644)
	long := write(t, filepath.Join(dir, strings.Repeat("长", 80)+".md"), "old", 0o644) // 240 bytes
	var seen []string
	hooks.beforeCheck = func(path string) {
		for _, n := range names(t, filepath.Dir(path)) {
			if strings.Contains(n, ".gen-"+strconv.Itoa(os.Getpid())+"-") {
				seen = append(seen, n)
			}
		}
	}
	defer func() { hooks.beforeCheck = nil }()
	stale := filepath.Join(dir, ".SKILL.zh-CN.md.gen-2147483646-123456.tmp") // no such process
	write(t, stale, "left by a kill", 0o600)
	other := write(t, filepath.Join(dir, ".other.md.gen-2147483646-1.tmp"), "another file's", 0o600)
	for _, n := range []string{name, long} {
		f, err := Read(n, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Write([]byte("new")); err != nil {
			t.Fatalf("Write %s: %v", n, err)
		}
	}
	if len(seen) != 2 { // one for each write
		t.Fatalf("temporaries seen during the writes: %q", seen)
	}
	for _, n := range seen {
		if !scratch.Is(n) {
			t.Errorf("temporary %s is not a scratch file: the build would read it", n)
		}
		if len(n) > 255 {
			t.Errorf("temporary name is %d bytes long", len(n))
		}
	}
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the killed run's temporary is still there: %v", err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("another file's temporary was removed: %v", err)
	}
}

// TestMessages: every reason has its own message in both languages,
// naming the file.
func TestMessages(t *testing.T) {
	seen := map[string]bool{}
	for r := Failed; r <= Partial; r++ {
		e := &Error{Path: "content/zh-CN/a.md", Reason: r, Target: "/etc/x", Within: "/repo", Need: 42, Err: syscall.EIO}
		for _, lang := range []string{"en", "zh-CN"} {
			m := e.Message(lang)
			if !strings.HasPrefix(m, e.Path) || seen[m] {
				t.Errorf("Message(%s) of reason %d = %q: not its own, or not naming the file", lang, r, m)
			}
			seen[m] = true
		}
		if e.Error() != e.Message("en") {
			t.Errorf("Error() of reason %d is not the English message", r)
		}
	}
}
