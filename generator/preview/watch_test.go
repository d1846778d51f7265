package preview

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// edit changes the repository at dir the way one editor or tool does; the
// page's new text contains marker.
type edit struct {
	name   string
	do     func(t *testing.T, dir, marker string)
	path   string // URL that shows the result
	absent bool   // the result is that path giving 404
}

const page = "content/en/validator.md"

// withMarker is the page's current text with one more paragraph.
func withMarker(t *testing.T, dir, marker string) string {
	return readFile(t, filepath.Join(dir, page)) + "\n" + marker + "\n"
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// newPage is a page pair's text, left out of the navigation.
func newPage(title, marker string) string {
	return "---\ntitle: " + title + "\ndescription: A page made by a test.\nnav: false\n---\n\n" + marker + "\n"
}

var edits = []edit{
	{name: "plain write", path: "/validator/", do: func(t *testing.T, dir, m string) {
		writeFile(t, filepath.Join(dir, page), withMarker(t, dir, m))
	}},
	{name: "temp write and rename over", path: "/validator/", do: func(t *testing.T, dir, m string) {
		tmp := filepath.Join(dir, page+".tmp-8123")
		writeFile(t, tmp, withMarker(t, dir, m))
		must(t, os.Rename(tmp, filepath.Join(dir, page)))
	}},
	{name: "rename in from outside: CREATE without WRITE", path: "/validator/", do: func(t *testing.T, dir, m string) {
		tmp := filepath.Join(dir, "outside.md") // the repository root is not watched recursively
		writeFile(t, tmp, withMarker(t, dir, m))
		must(t, os.Rename(tmp, filepath.Join(dir, page)))
	}},
	{name: "vim: 4913 probe, swap file, backup rename", path: "/validator/", do: func(t *testing.T, dir, m string) {
		d, real := filepath.Join(dir, "content/en"), filepath.Join(dir, page)
		text := withMarker(t, dir, m)
		writeFile(t, filepath.Join(d, ".validator.md.swp"), "swap")
		writeFile(t, filepath.Join(d, "4913"), "")
		must(t, os.Remove(filepath.Join(d, "4913")))
		must(t, os.Rename(real, real+"~"))
		writeFile(t, real, text)
		must(t, os.Remove(real+"~"))
		must(t, os.Remove(filepath.Join(d, ".validator.md.swp")))
	}},
	{name: "jetbrains safe write", path: "/validator/", do: func(t *testing.T, dir, m string) {
		real := filepath.Join(dir, page)
		writeFile(t, real+"___jb_tmp___", withMarker(t, dir, m))
		must(t, os.Rename(real, real+"___jb_old___"))
		must(t, os.Rename(real+"___jb_tmp___", real))
		must(t, os.Remove(real+"___jb_old___"))
	}},
	{name: "emacs: lock, autosave, backup", path: "/validator/", do: func(t *testing.T, dir, m string) {
		d, real := filepath.Join(dir, "content/en"), filepath.Join(dir, page)
		text := withMarker(t, dir, m)
		must(t, os.Symlink("writer@host.4242:1700000000", filepath.Join(d, ".#validator.md")))
		writeFile(t, filepath.Join(d, "#validator.md#"), text)
		must(t, os.Rename(real, real+"~"))
		writeFile(t, real, text)
		must(t, os.Remove(filepath.Join(d, "#validator.md#")))
		must(t, os.Remove(filepath.Join(d, ".#validator.md")))
	}},
	{name: "new nested directory with a page", path: "/guides/deep/intro/", do: func(t *testing.T, dir, m string) {
		writeFile(t, filepath.Join(dir, "content/en/guides/deep/intro.md"), newPage("Intro", m))
		writeFile(t, filepath.Join(dir, "content/zh-CN/guides/deep/intro.md"), newPage("简介", m))
	}},
	{name: "delete a page pair and its directories", path: "/guides/deep/intro/", absent: true, do: func(t *testing.T, dir, m string) {
		must(t, os.RemoveAll(filepath.Join(dir, "content/en/guides")))
		must(t, os.RemoveAll(filepath.Join(dir, "content/zh-CN/guides")))
	}},
	{name: "rename a directory", path: "/howto/deep/intro/", do: func(t *testing.T, dir, m string) {
		for _, lang := range []string{"en", "zh-CN"} {
			writeFile(t, filepath.Join(dir, "content", lang, "guides/deep/intro.md"), newPage("Intro", m))
		}
		time.Sleep(300 * time.Millisecond) // let the watcher see the tree under its first name
		for _, lang := range []string{"en", "zh-CN"} {
			must(t, os.Rename(filepath.Join(dir, "content", lang, "guides"), filepath.Join(dir, "content", lang, "howto")))
		}
	}},
	{name: "edit inside the renamed directory", path: "/howto/deep/intro/", do: func(t *testing.T, dir, m string) {
		for _, lang := range []string{"en", "zh-CN"} {
			writeFile(t, filepath.Join(dir, "content", lang, "howto/deep/intro.md"), newPage("Intro", m))
		}
	}},
}

// TestEditorSaves changes a copy of the real content the ways editors do,
// with file system events and with polling, and checks that each change
// leads to a rebuild, a reload event and the new page being served.
func TestEditorSaves(t *testing.T) {
	for _, mode := range []struct {
		name string
		poll time.Duration
	}{{"fsnotify", 0}, {"poll", 40 * time.Millisecond}} {
		t.Run(mode.name, func(t *testing.T) {
			p := startPreview(t, copyRepo(t), Config{Poll: mode.poll})
			for i, e := range edits {
				t.Run(e.name, func(t *testing.T) {
					marker := "Marker" + strings.Repeat("x", i) + "end"
					p.t = t
					e.do(t, p.dir, marker)
					p.until("reload showing "+e.path, 10*time.Second, func() bool {
						body := p.page(e.path)
						if e.absent {
							return body == ""
						}
						return strings.Contains(body, marker)
					})
				})
			}
		})
	}
}

// TestEditorTempFilesAlone checks that editors' temporary files, written
// on their own, cause no build and no event.
func TestEditorTempFilesAlone(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{})
	before := p.status().Build
	d := filepath.Join(p.dir, "content/en")
	for _, name := range []string{"4913", "5036", "validator.md~", ".validator.md.swp", ".validator.md.swx", "#validator.md#", "validator.md___jb_tmp___", "validator.md___jb_old___", ".goutputstream-ABC123"} {
		writeFile(t, filepath.Join(d, name), "temporary")
		must(t, os.Remove(filepath.Join(d, name)))
	}
	must(t, os.Symlink("writer@host.1:1", filepath.Join(d, ".#validator.md")))
	must(t, os.Remove(filepath.Join(d, ".#validator.md")))
	p.quiet(400 * time.Millisecond)
	if got := p.status().Build; got != before {
		t.Errorf("builds after temp files = %d; want %d", got, before)
	}
}

// TestBurst writes one page 50 times in a row: a few rebuilds, not 50.
// The count is read once the last write is served, not after a pause; how
// many batches a loaded machine splits the burst into is not asserted
// beyond "far fewer than the writes".
func TestBurst(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{Quiet: 200 * time.Millisecond})
	before := p.status().Build
	orig := readFile(t, filepath.Join(p.dir, page))
	for i := range 50 {
		writeFile(t, filepath.Join(p.dir, page), orig+"\nBurst"+strings.Repeat("a", i)+"end\n")
	}
	p.until("last write served", 60*time.Second, func() bool {
		return strings.Contains(p.page("/validator/"), "Burst"+strings.Repeat("a", 49)+"end")
	})
	if n := p.status().Build - before; n < 1 || n > 10 {
		t.Errorf("50 writes caused %d rebuilds; want a few (1 to 10)", n)
	}
}

// TestChangesDuringBuild checks that changes made while a build runs
// cause exactly one more build after it.
func TestChangesDuringBuild(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{Quiet: 20 * time.Millisecond})
	orig := readFile(t, filepath.Join(p.dir, page))
	before := p.status().Build
	for i := range 10 {
		writeFile(t, filepath.Join(p.dir, page), orig+"\nDuring"+strings.Repeat("b", i)+"end\n")
		time.Sleep(15 * time.Millisecond) // builds of this site take about as long
	}
	p.until("last write served", 60*time.Second, func() bool {
		return strings.Contains(p.page("/validator/"), "During"+strings.Repeat("b", 9)+"end")
	})
	if n := p.status().Build - before; n < 1 || n > 10 {
		t.Errorf("builds = %d; want between 1 and 10", n)
	}
}

// TestRestartAnnounced checks that code changes are reported as needing a
// restart, in the terminal and in the status, and cause no build.
func TestRestartAnnounced(t *testing.T) {
	dir := copyRepo(t)
	writeFile(t, filepath.Join(dir, "templates/layout.templ"), "package templates\n")
	p := startPreview(t, dir, Config{})
	before := p.status().Build
	for _, name := range []string{"templates/layout.templ", "templates/assets/site.css", "generator/build.go", "cmd/gen/main.go", "protocol/validate.go"} {
		writeFile(t, filepath.Join(dir, name), "changed\n")
		p.next("status", 5*time.Second)
		st := p.status()
		if !contains(st.Restart, name) {
			t.Errorf("after changing %s, status restart = %q", name, st.Restart)
		}
	}
	if st := p.status(); st.Build != before {
		t.Errorf("builds = %d; want %d (code changes need a restart, not a build)", st.Build, before)
	}
	if out := p.out.String(); !strings.Contains(out, "templates/layout.templ changed: restart gen serve to pick up code changes") {
		t.Errorf("output lacks the restart notice:\n%s", out)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestRebuildRendersOnlyTheEditedPage edits one page's body: the rebuild
// renders that page pair again and reuses every other one.
func TestRebuildRendersOnlyTheEditedPage(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{})
	file := filepath.Join(p.dir, "content", "en", "docs", "stage-types.md")
	writeFile(t, file, readFile(t, file)+"\nA closing remark from a writer.\n")
	p.until("reload showing the edit", 10*time.Second, func() bool {
		return strings.Contains(p.page("/docs/stage-types/"), "A closing remark from a writer.")
	})
	if out := p.out.String(); !strings.Contains(out, " 1 page pair(s) rendered, ") {
		t.Errorf("the rebuild after one page edit did not render exactly one pair:\n%s", out)
	}
}
