package preview

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var (
	savesFor  = flag.Duration("saves.for", 3*time.Second, "how long TestInPlaceSaves keeps saving (the audit ran 60s)")
	savesRate = flag.Int("saves.rate", 10, "in-place saves a second in TestInPlaceSaves")
	savesSlow = flag.Int("saves.slow", 5, "every n-th save of TestInPlaceSaves leaves the file empty until a build ran (0: none)")
)

// savedPage is the page TestInPlaceSaves rewrites, and the two URLs it is
// served at.
const (
	savedPage     = "content/en/docs/create-task.md"
	savedPageHTML = "/docs/create-task/"
	savedPageMD   = "/docs/create-task.md"
)

// saveMarks finds the version markers a save writes at both ends of the body.
var saveMarks = regexp.MustCompile(`SaveBegin(\d+)|SaveEnd(\d+)`)

// saveInPlace writes text into name as many editors save: the file is
// truncated, then written, through the same inode (no rename).
func saveInPlace(t testing.TB, name, text string) {
	t.Helper()
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// savedVersion says which save a response of the saved page shows, -1 for
// the original, or what is wrong with it: an empty title, a body that lost
// one of its ends, or markers of two different saves.
func savedVersion(path, body string) (int, string) {
	switch {
	case strings.HasSuffix(path, ".md"):
		if title, _, _ := strings.Cut(body, "\n"); strings.TrimSpace(strings.TrimPrefix(title, "#")) == "" {
			return 0, fmt.Sprintf("empty page: Markdown starts %q", title)
		}
	case !strings.Contains(body, "<h1") || strings.Contains(body, "<h1></h1>"):
		return 0, "empty page: no title heading"
	}
	var begin, end []string
	for _, m := range saveMarks.FindAllStringSubmatch(body, -1) {
		if m[1] != "" {
			begin = append(begin, m[1])
		} else {
			end = append(end, m[2])
		}
	}
	switch {
	case len(begin) == 0 && len(end) == 0:
		return -1, ""
	case len(begin) != 1 || len(end) != 1 || begin[0] != end[0]:
		return 0, fmt.Sprintf("partial page: begin markers %v, end markers %v", begin, end)
	}
	var v int
	fmt.Sscan(begin[0], &v)
	return v, ""
}

// TestInPlaceSaves saves a page in place (truncate, then write) several
// times a second while readers fetch its HTML and Markdown: no response may
// be an empty page or a page cut short, although builds start while the
// file is empty (-saves.slow). -saves.for lengthens the run (the audit's
// was 60 s at 10 saves a second).
func TestInPlaceSaves(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{Quiet: 5 * time.Millisecond})
	name := filepath.Join(p.dir, savedPage)
	orig := readFile(t, name)
	version := func(i int) string {
		return fmt.Sprintf("%s\nSaveBegin%d\n\n%s\nSaveEnd%d\n", orig, i, strings.Repeat("Filler text of a long save. ", 40), i)
	}

	var (
		stop            atomic.Bool
		requests, saves atomic.Int64
		newest          atomic.Int64 // the newest save any reader saw
		mu              sync.Mutex
		bad             []string
		wg              sync.WaitGroup
	)
	newest.Store(-1)
	client := &http.Client{Timeout: 30 * time.Second}
	for r := range 4 {
		wg.Go(func() {
			for i := r; !stop.Load(); i++ {
				path := []string{savedPageHTML, savedPageMD}[i%2]
				body, problem := fetchBody(client, p.url+path)
				if problem == "" {
					var v int
					v, problem = savedVersion(path, body)
					for cur := newest.Load(); int64(v) > cur && !newest.CompareAndSwap(cur, int64(v)); cur = newest.Load() {
					}
				}
				requests.Add(1)
				if problem != "" {
					mu.Lock()
					bad = append(bad, path+": "+problem)
					mu.Unlock()
				}
			}
		})
	}
	defer func() { stop.Store(true); wg.Wait() }()

	tick := time.NewTicker(time.Second / time.Duration(*savesRate))
	defer tick.Stop()
	last := 0
	for end := time.Now().Add(*savesFor); time.Now().Before(end); last++ {
		<-tick.C // pacing the saves, not waiting for a result
		if *savesSlow <= 0 || last%*savesSlow != *savesSlow-1 {
			saveInPlace(t, name, version(last))
			saves.Add(1)
			continue
		}
		// A slow save: a build runs, and finishes, while the file is
		// empty. The page it serves must be the last good one. First
		// the previous save is served, so that no build is running.
		p.until("the previous save served", 120*time.Second, func() bool {
			v, _ := savedVersion(savedPageHTML, p.page(savedPageHTML))
			return v == last-1
		})
		before := p.status().Build
		if err := os.Truncate(name, 0); err != nil {
			t.Fatal(err)
		}
		p.until("a build of the truncated file", 120*time.Second, func() bool { return p.status().Build > before })
		for _, path := range []string{savedPageHTML, savedPageMD} {
			if v, problem := savedVersion(path, p.page(path)); problem != "" || v != last-1 {
				t.Errorf("save %d: %s while the file is empty: version %d, %s; want the last good page, version %d", last, path, v, problem, last-1)
			}
		}
		saveInPlace(t, name, version(last))
		saves.Add(1)
	}
	last--
	deadline := time.Now().Add(120 * time.Second)
	for newest.Load() < int64(last) {
		if time.Now().After(deadline) {
			t.Fatalf("the last save (%d) not served within 120 s; newest seen %d; status %+v", last, newest.Load(), p.status())
		}
		select {
		case <-p.events:
		case <-time.After(time.Second): // a reader may see it without a new event
		}
	}
	stop.Store(true)
	wg.Wait()
	out := p.out.String()
	t.Logf("%d in-place saves in %v, %d requests, %d builds finished, %d superseded; %d built from a held-back source, %d read again after a file changed under them",
		saves.Load(), *savesFor, requests.Load(), p.status().Build, strings.Count(out, "build superseded"),
		strings.Count(out, "is incomplete (a save in progress?)"), strings.Count(out, "changed while the build read it"))
	if len(bad) > 0 {
		t.Errorf("%d of %d responses were empty or partial pages; first: %q", len(bad), requests.Load(), bad[:min(len(bad), 10)])
	}
}

// fetchBody gets url and returns its body, or what went wrong.
func fetchBody(client *http.Client, url string) (string, string) {
	resp, err := client.Get(url)
	if err != nil {
		return "", err.Error()
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", "read: " + err.Error()
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Sprintf("status %d", resp.StatusCode)
	}
	return string(body), ""
}

// TestIncompleteSourceReported empties a page and leaves it so: the
// preview keeps serving the last good page, and once the file has stayed
// empty for holdFor the status (the overlay) names the file and says why;
// writing it whole again clears the error.
func TestIncompleteSourceReported(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{Quiet: 5 * time.Millisecond})
	name := filepath.Join(p.dir, savedPage)
	orig := readFile(t, name)
	good := withoutSiteID(p.page(savedPageHTML))
	saveInPlace(t, name, "")
	reported := func() bool {
		for _, e := range p.status().Errors {
			if e.File == savedPage && e.Line == 1 && strings.Contains(e.Msg, "the file is empty") && strings.Contains(e.Msg, "last complete version") {
				return true
			}
		}
		return false
	}
	p.until("the empty file reported", 60*time.Second, reported)
	if got := withoutSiteID(p.page(savedPageHTML)); got != good {
		t.Errorf("%s while its source is empty differs from the last good page", savedPageHTML)
	}
	if !strings.Contains(p.out.String(), savedPage+":1: the file is empty") {
		t.Errorf("terminal does not report the empty file:\n%s", p.out)
	}
	saveInPlace(t, name, orig)
	p.until("the error cleared", 60*time.Second, func() bool { st := p.status(); return st.OK && !st.Partial })
}

// TestIsPageSource: the files that must start with front matter, and so
// can be caught mid-save by its absence.
func TestIsPageSource(t *testing.T) {
	for name, want := range map[string]bool{
		"content/en/docs/create-task.md":                            true,
		"content/zh-CN/_index.md":                                   true,
		"content/skills/pairag-task-publish/SKILL.md":               true,
		"content/skills/pairag-task-publish/SKILL.zh-CN.md":         true,
		"content/skills/pairag-task-publish/reference/checklist.md": false, // front matter optional
		"content/en/docs/#create-task.md":                           false,
		"content/en/docs/.create-task.md.swp":                       false,
		"content/labels.yaml":                                       false,
		"protocol/pairag-task-publish-v18.json":                     false,
	} {
		if got := isPageSource(name); got != want {
			t.Errorf("isPageSource(%q) = %v; want %v", name, got, want)
		}
	}
}
