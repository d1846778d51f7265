package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"pairag.com/portal/protocol"
)

// fixable is the V18 example with one mechanical fix to make, the alias
// "en-US", and pad spaces after its opening brace.
func fixable(pad int) string {
	text := strings.Replace(string(protocol.Default().Example.Payload), `"language": "en"`, `"language": "en-US"`, 1)
	return "{" + strings.Repeat(" ", pad) + text[1:]
}

// TestFixRefusesConcurrentEdit saves the payload, as an editor would,
// between --fix's read and its write: gen validate refuses with exit 2
// and a message in the language asked for, and the editor's save stays
// (issue 25: it was silently overwritten).
func TestFixRefusesConcurrentEdit(t *testing.T) {
	for _, lang := range []string{"en", "zh-CN"} {
		file := filepath.Join(t.TempDir(), "task.json")
		writeFile(t, file, fixable(0))
		saved := fixable(0) + "\n// the writer's last change\n"
		beforeFixWrite = func(name string) { writeFile(t, name, saved) }
		var stdout, stderr bytes.Buffer
		code := run([]string{"validate", "--fix", "--lang", lang, "--tier", "pro", file}, nil, &stdout, &stderr)
		beforeFixWrite = nil
		want := map[string]string{"en": "the file changed after gen read it", "zh-CN": "gen 读取该文件之后，它又被修改了"}[lang]
		if code != 2 || !strings.Contains(stderr.String(), "gen validate: "+file) || !strings.Contains(stderr.String(), want) {
			t.Errorf("--fix --lang %s after an editor's save: exit %d, stderr:\n%s\nwant exit 2 and %q", lang, code, stderr.String(), want)
		}
		if got, _ := os.ReadFile(file); string(got) != saved {
			t.Errorf("--fix overwrote the editor's save with:\n%.200s", got)
		}
	}
}

// TestStampRefusesConcurrentEdit saves a translation between gen stamp's
// read and its write: that file is not written (exit 2, a message in
// both languages), and the other translation is stamped.
func TestStampRefusesConcurrentEdit(t *testing.T) {
	repo := writeTree(t, map[string]string{
		"content/en/a.md": enPage, "content/zh-CN/a.md": zhPage,
		"content/en/b.md": enPage, "content/zh-CN/b.md": zhPage,
	})
	a := filepath.Join(repo, "content", "zh-CN", "a.md")
	saved := zhPage + "\n译者刚刚保存的一段话。\n"
	beforeStampWrite = func(name string) {
		if name == a {
			writeFile(t, name, saved)
		}
	}
	defer func() { beforeStampWrite = nil }()
	var stdout, stderr bytes.Buffer
	code := run([]string{"stamp", "--content", repo}, nil, &stdout, &stderr)
	for _, want := range []string{"gen stamp: " + a + ": not written: the file changed after gen read it", "gen 读取该文件之后，它又被修改了"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if code != 2 {
		t.Errorf("gen stamp after an editor's save: exit %d; want 2", code)
	}
	if got, _ := os.ReadFile(a); string(got) != saved {
		t.Errorf("gen stamp overwrote the translator's save with:\n%s", got)
	}
	if got, _ := os.ReadFile(filepath.Join(repo, "content", "zh-CN", "b.md")); !strings.Contains(string(got), "<!-- source: ") {
		t.Errorf("the other translation was not stamped:\n%s", got)
	}
}

// TestStampRefusesLinkOutOfRepository: a translation that is a symbolic
// link out of the repository is reported as gen check reports it, and
// its target is neither read nor rewritten (issue 25: gen stamp
// rewrote the target and exited 0). A link inside content/ is stamped
// through, and stays a link.
func TestStampRefusesLinkOutOfRepository(t *testing.T) {
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	outside := filepath.Join(root, "elsewhere", "a.md")
	writeFile(t, outside, zhPage)
	writeFile(t, filepath.Join(repo, "content", "en", "a.md"), enPage)
	writeFile(t, filepath.Join(repo, "content", "en", "b.md"), enPage)
	writeFile(t, filepath.Join(repo, "content", "zh-CN", "b-real.md"), zhPage)
	os.MkdirAll(filepath.Join(repo, "content", "zh-CN"), 0o755)
	if err := os.Symlink(outside, filepath.Join(repo, "content", "zh-CN", "a.md")); err != nil {
		t.Fatal(err)
	}
	inLink := filepath.Join(repo, "content", "zh-CN", "b.md")
	if err := os.Symlink("b-real.md", inLink); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"stamp", "--content", repo}, {"stamp", "--content", repo, filepath.Join(repo, "content", "zh-CN", "a.md")}} {
		var stdout, stderr bytes.Buffer
		code := run(args, nil, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "content/zh-CN/a.md: symbolic link to "+outside+" leaves the repository") {
			t.Errorf("run(%q) = %d; want 2 and the link named\nstdout:\n%s\nstderr:\n%s", args, code, stdout.String(), stderr.String())
		}
		if got, _ := os.ReadFile(outside); string(got) != zhPage {
			t.Errorf("run(%q) rewrote the file outside the repository:\n%s", args, got)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(repo, "content", "zh-CN", "b-real.md")); !strings.Contains(string(got), "<!-- source: ") {
		t.Errorf("the translation linked inside content/ was not stamped:\n%s", got)
	}
	if fi, err := os.Lstat(inLink); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link inside content/ is no longer a link")
	}
}

// mountTmpfs mounts a tmpfs of size bytes on a new directory, for the
// test's life, or skips the test where mounting is not permitted.
func mountTmpfs(t *testing.T, size int) string {
	t.Helper()
	dir := t.TempDir()
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+strconv.Itoa(size), "tmpfs", dir).CombinedOutput()
	if err != nil {
		t.Skipf("cannot mount a tmpfs for the full-disk test (needs root or CAP_SYS_ADMIN): %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	return dir
}

// fill writes a file into dir until the file system is full.
func fill(t *testing.T, dir string) {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return
		}
	}
}

// TestFullDisk runs --fix and gen stamp on a small, real tmpfs that is
// full: each refuses with exit 2 and a message saying what to do, and
// the file stays byte for byte (issue 25: --fix left the payload cut at
// 524,288 bytes, gen stamp lost the last 260 bytes of the translation).
// The translation fills whole pages, so that the old in-place write,
// which needs one page more, lost its end.
func TestFullDisk(t *testing.T) {
	disk := mountTmpfs(t, 1<<20)
	payload := filepath.Join(disk, "task.json")
	old := fixable(300 << 10)
	writeFile(t, payload, old)

	zh := zhPage + "\n" + strings.Repeat("字", (256<<10-len(zhPage)-1)/3)
	zh += strings.Repeat("\n", 256<<10-len(zh)) // exactly 64 pages
	writeFile(t, filepath.Join(disk, "repo", "content", "en", "a.md"), enPage)
	translation := filepath.Join(disk, "repo", "content", "zh-CN", "a.md")
	writeFile(t, translation, zh)
	fill(t, disk)

	tests := []struct {
		args []string
		file string
		old  string
		want []string
	}{
		{[]string{"validate", "--fix", "--tier", "pro", payload}, payload, old, []string{"gen validate: " + payload + ": not written: no space left on device", "the file is unchanged. Free some space and run again."}},
		{[]string{"validate", "--fix", "--lang", "zh-CN", "--tier", "pro", payload}, payload, old, []string{"磁盘空间不足", "请腾出空间后重新运行"}},
		{[]string{"stamp", "--content", filepath.Join(disk, "repo")}, translation, zh, []string{translation + ": not written: no space left on device", "磁盘空间不足"}},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, nil, &stdout, &stderr)
		if code != 2 {
			t.Errorf("run(%q) on a full disk = %d; want 2\n%s", tt.args, code, stderr.String())
		}
		for _, want := range tt.want {
			if !strings.Contains(stderr.String(), want) {
				t.Errorf("run(%q): stderr lacks %q:\n%s", tt.args, want, stderr.String())
			}
		}
		if got, _ := os.ReadFile(tt.file); string(got) != tt.old {
			t.Errorf("run(%q) on a full disk left %s with %d bytes; want the original %d", tt.args, tt.file, len(got), len(tt.old))
		}
		if m := tempsBeside(t, tt.file); len(m) > 0 {
			t.Errorf("run(%q) left %q", tt.args, m)
		}
	}
}

// TestBuildRefusesOutThroughLink: gen build --out cl/newsite, where cl is
// a link to content/ (or to the repository, or .git/), refuses before
// writing anything (issue 25: it wrote the site into the sources).
func TestBuildRefusesOutThroughLink(t *testing.T) {
	repo := t.TempDir() // the real sources, which build: only the guard stops the build
	for _, src := range []string{"content", "protocol", "netlify.toml"} {
		if out, err := exec.Command("cp", "-r", filepath.Join("..", "..", src), repo).CombinedOutput(); err != nil {
			t.Fatalf("cp %s: %v\n%s", src, err, out)
		}
	}
	writeFile(t, filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/main\n")
	before, _ := os.ReadDir(filepath.Join(repo, "content"))
	for link, target := range map[string]string{"cl": "content", "dot": ".", "g": ".git"} {
		if err := os.Symlink(target, filepath.Join(repo, link)); err != nil {
			t.Fatal(err)
		}
	}
	for _, out := range []string{"cl/newsite", "dot", "g/newsite"} {
		var stdout, stderr bytes.Buffer
		args := []string{"build", "--validator=false", "--cache", "off", "--content", repo, "--out", filepath.Join(repo, out)}
		if code := run(args, nil, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "following symbolic links") {
			t.Errorf("gen build --out %s = %d; want 1 and a refusal naming where the link leads\n%s", out, code, stderr.String())
		}
	}
	if after, _ := os.ReadDir(filepath.Join(repo, "content")); len(after) != len(before) {
		t.Errorf("gen build wrote into content/: %d entries, were %d", len(after), len(before))
	}
	if entries, _ := os.ReadDir(filepath.Join(repo, ".git")); len(entries) != 1 {
		t.Errorf("gen build wrote into .git/: %v", entries)
	}
}
