package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"pairag.com/portal/templates"
)

// TestWriterWalk is a new writer's first page, done as WRITING.md says, on
// a copy of the repository's content with gen serve running the whole time
// and gen build, check and stamp run as commands: an English page is
// previewed and published English first, translated, stamped; then a
// heading another page links to is renamed, the build reports the broken
// links, the writer fixes them and the translation, and both the build
// and gen check --strict pass.
func TestWriterWalk(t *testing.T) {
	repo := t.TempDir()
	copyDir(t, "../../content", filepath.Join(repo, "content"))
	for _, f := range []string{"protocol/pairag-task-publish-v18.json", "netlify.toml"} {
		copyFile(t, filepath.Join("../..", f), filepath.Join(repo, f))
	}
	write := func(rel, text string) { writeFile(t, filepath.Join(repo, rel), text) }
	edit := func(rel, old, new string) {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(repo, rel))
		if err != nil || !strings.Contains(string(data), old) {
			t.Fatalf("%s: %q not found (%v)", rel, old, err)
		}
		write(rel, strings.Replace(string(data), old, new, 1))
	}
	gen := func(want int, args ...string) string {
		t.Helper()
		p := startGen(t, "main", nil, args...)
		if code := p.wait(t); code != want {
			t.Fatalf("gen %s = %d; want %d\n%s", strings.Join(args, " "), code, want, p.output())
		}
		return p.output()
	}

	serve := startGen(t, "main", nil, "serve", "--content", repo, "--port", "0", "--validator=false")
	serve.waitOutput(t, "serving http://")
	base := regexp.MustCompile(`serving (http://[^ ]+?)/? \(`).FindStringSubmatch(serve.output())[1]
	page := func(path, want string) {
		t.Helper()
		deadline := time.Now().Add(120 * time.Second)
		for {
			body := get(t, base+path)
			if strings.Contains(body, want) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s does not show %q within 120 s:\n%s\n%s", path, want, body, serve.output())
			}
			time.Sleep(50 * time.Millisecond) // polling for a condition, with a deadline
		}
	}

	// 1. An English page, and links to its section from an existing page in both languages.
	write("content/en/docs/payouts.md", "---\ntitle: Payouts\ndescription: When and how participants are paid.\norder: 40\n---\n\nPoints arrive after acceptance.\n\n## Timing\n\nPayouts are made every Monday.\n")
	edit("content/en/docs/create-task.md", "\n## ", "\nSee [payout timing](/docs/payouts/#timing).\n\n## ")
	edit("content/zh-CN/docs/create-task.md", "\n## ", "\n参见[发放时间](/docs/payouts/#timing)。\n\n## ")
	page("/docs/payouts/", "Payouts are made every Monday.")
	page("/zh-CN/docs/payouts/", templates.For("zh-CN").PendingNotice)
	page("/__gen/translations", ">content/en/docs/payouts.md<")

	// 2. Published English first.
	out := gen(0, "build", "--content", repo, "--out", filepath.Join(repo, "public"), "--validator=false")
	if !strings.Contains(out, "not translated yet: /zh-CN/docs/payouts/") {
		t.Errorf("gen build does not say the page is not translated yet:\n%s", out)
	}

	// 3. Translated and stamped.
	write("content/zh-CN/docs/payouts.md", "---\ntitle: 报酬发放\ndescription: 参与者何时、如何获得报酬。\norder: 40\n---\n\n验收通过后积分到账。\n\n## 时间\n\n每周一发放报酬。\n")
	page("/zh-CN/docs/payouts/", "每周一发放报酬。")
	gen(0, "stamp", "--content", repo)
	if data, _ := os.ReadFile(filepath.Join(repo, "content/zh-CN/docs/payouts.md")); strings.Count(string(data), "<!-- source: ") != 2 {
		t.Errorf("gen stamp did not stamp both sections:\n%s", data)
	}
	gen(0, "check", "--strict", "--content", repo)

	// 4. A renamed heading: the build names both broken links, and the stale translation.
	edit("content/en/docs/payouts.md", "## Timing\n\nPayouts are made every Monday.", "## When payouts arrive\n\nPayouts are made every Monday before noon.")
	out = gen(1, "build", "--content", repo, "--out", filepath.Join(repo, "public"), "--validator=false")
	for _, want := range []string{`content/en/docs/create-task.md:`, `content/zh-CN/docs/create-task.md:`, `broken link "/docs/payouts/#timing"`} {
		if !strings.Contains(out, want) {
			t.Errorf("gen build after the rename lacks %q:\n%s", want, out)
		}
	}
	out = gen(1, "check", "--strict", "--content", repo)
	if !strings.Contains(out, `content/zh-CN/docs/payouts.md:`) || !strings.Contains(out, "the original changed since this was translated") {
		t.Errorf("gen check --strict does not name the outdated section:\n%s", out)
	}

	// 5. Fixed as the messages say: the links, the translation, a new stamp.
	edit("content/en/docs/create-task.md", "/docs/payouts/#timing", "/docs/payouts/#when-payouts-arrive")
	edit("content/zh-CN/docs/create-task.md", "/docs/payouts/#timing", "/docs/payouts/#when-payouts-arrive")
	edit("content/zh-CN/docs/payouts.md", "每周一发放报酬。", "每周一中午前发放报酬。")
	gen(0, "stamp", "--content", repo)
	gen(0, "build", "--content", repo, "--out", filepath.Join(repo, "public"), "--validator=false")
	gen(0, "check", "--strict", "--content", repo)
	page("/zh-CN/docs/payouts/", "每周一中午前发放报酬。")
	page("/__gen/status", `"ok":true`)
}

// get fetches a URL and returns its body; a failed request is an empty body
// (the preview may be between builds), to be polled again.
func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

// copyDir copies a directory tree of regular files.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		copyFile(t, p, filepath.Join(to, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, string(data))
}
