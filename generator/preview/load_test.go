package preview

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var (
	loadRebuilds = flag.Int("load.rebuilds", 5, "rebuilds TestLoad's client reads through")
	loadReaders  = flag.Int("load.readers", 16, "concurrent readers in TestLoad's client")
)

// loadPaths are what the client fetches, round robin: pages in both
// languages, the 404 page, a redirect target and a protocol file.
var loadPaths = []string{
	"/", "/docs/create-task/", "/docs/task-publish-v18/", "/docs/stage-types/", "/validator/",
	"/zh-CN/", "/zh-CN/docs/create-task/", "/zh-CN/docs/task-publish-v18/", "/skills/",
	"/protocol/pairag-task-publish-v18.json", "/no-such-page/",
}

// loadReport is what the client process prints on its last line.
type loadReport struct {
	Requests, Failed, Partial int
	P50, P99, Max             time.Duration
	Sites                     int // distinct site ids seen in pages
	Errors                    []string
}

// TestLoad runs a client in a second process (this test binary again,
// as TestLoadClient) with many concurrent readers while this process
// rewrites a page again and again: every request must succeed and every
// HTML page must be whole. The client reads until the writer has seen
// -load.rebuilds rebuilds and closes its stdin, however long that takes:
// throughput is for benchmarks, not for this test.
func TestLoad(t *testing.T) {
	if os.Getenv("GEN_SERVE_LOAD_URL") != "" {
		t.Skip("in the client process")
	}
	p := startPreview(t, copyRepo(t), Config{Quiet: 10 * time.Millisecond})
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadClient$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "GEN_SERVE_LOAD_URL="+p.url, fmt.Sprintf("GEN_SERVE_LOAD_READERS=%d", *loadReaders))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	stop, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() }) // only when the test failed before the client exited
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()

	name := filepath.Join(p.dir, page)
	orig := readFile(t, name)
	rebuilds := 0
	for i := 0; rebuilds < *loadRebuilds; i++ {
		writeFile(t, name, orig+"\nLoad"+strings.Repeat("z", i%7)+"end\n")
		select {
		case err = <-exited:
			t.Fatalf("client exited early: %v\n%s", err, out.String())
		case e := <-p.events:
			if e.name == "reload" {
				rebuilds++
			}
		case <-time.After(60 * time.Second):
			t.Fatal("no event within 60 s of a write")
		}
	}
	stop.Close()
	select {
	case err = <-exited:
	case <-time.After(60 * time.Second):
		t.Fatal("client did not stop within 60 s of being told")
	}
	if err != nil {
		t.Fatalf("client: %v\n%s", err, out.String())
	}
	rep := parseReport(t, out.String())
	t.Logf("%d rebuilds while the client ran; client: %d requests, p50 %v, p99 %v, max %v, %d sites seen",
		rebuilds, rep.Requests, rep.P50, rep.P99, rep.Max, rep.Sites)
	if rep.Failed != 0 || rep.Partial != 0 {
		t.Errorf("%d failed and %d partial of %d requests: %q", rep.Failed, rep.Partial, rep.Requests, rep.Errors)
	}
	if rep.Requests == 0 || rep.Sites < 2 {
		t.Errorf("%d requests over %d rebuilds, %d sites seen; want requests during several rebuilds", rep.Requests, rebuilds, rep.Sites)
	}
}

func parseReport(t *testing.T, out string) loadReport {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		if line, ok := strings.CutPrefix(sc.Text(), "LOAD "); ok {
			var rep loadReport
			if err := json.Unmarshal([]byte(line), &rep); err != nil {
				t.Fatal(err)
			}
			return rep
		}
	}
	t.Fatalf("no report from the client:\n%s", out)
	return loadReport{}
}

// TestLoadClient is the client side of TestLoad, run in its own process.
func TestLoadClient(t *testing.T) {
	url := os.Getenv("GEN_SERVE_LOAD_URL")
	if url == "" {
		t.Skip("run by TestLoad")
	}
	var readers int
	fmt.Sscan(os.Getenv("GEN_SERVE_LOAD_READERS"), &readers)
	// The timeout catches a request the server never answers, not a slow
	// one: under go test -count=3 beside the browser tests (load ~20 on two
	// cores) answers took up to 17 s, so 10 s failed a correct server.
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: readers}, Timeout: 2 * time.Minute}

	var mu sync.Mutex
	var rep loadReport
	var lat []time.Duration
	sites := map[string]bool{}
	var stopped atomic.Bool
	go func() { io.Copy(io.Discard, os.Stdin); stopped.Store(true) }() // the writer closes stdin when done
	var wg sync.WaitGroup
	for r := range readers {
		wg.Go(func() {
			for i := r; !stopped.Load(); i++ {
				path := loadPaths[i%len(loadPaths)]
				start := time.Now()
				site, problem := fetch(client, url+path)
				mu.Lock()
				rep.Requests++
				lat = append(lat, time.Since(start))
				sites[site] = site != ""
				switch {
				case strings.HasPrefix(problem, "partial"):
					rep.Partial++
				case problem != "":
					rep.Failed++
				}
				if problem != "" && len(rep.Errors) < 10 {
					rep.Errors = append(rep.Errors, path+": "+problem)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	slices.Sort(lat)
	if len(lat) > 0 {
		rep.P50, rep.P99, rep.Max = lat[len(lat)/2], lat[len(lat)*99/100], lat[len(lat)-1]
	}
	delete(sites, "")
	rep.Sites = len(sites)
	b, _ := json.Marshal(rep)
	fmt.Printf("LOAD %s\n", b)
}

// fetch gets one URL and says what is wrong with the response, if anything,
// and which site served it.
func fetch(client *http.Client, url string) (site, problem string) {
	resp, err := client.Get(url)
	if err != nil {
		return "", err.Error()
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", "partial: " + err.Error()
	}
	want := http.StatusOK
	if strings.Contains(url, "no-such-page") {
		want = http.StatusNotFound
	}
	if resp.StatusCode != want {
		return "", fmt.Sprintf("status %d", resp.StatusCode)
	}
	if strings.HasSuffix(url, ".json") {
		if !json.Valid(body) {
			return "", "partial: invalid JSON"
		}
		return "", ""
	}
	if !bytes.HasSuffix(bytes.TrimSpace(body), []byte("</html>")) {
		return "", fmt.Sprintf("partial: HTML of %d bytes does not end with </html>", len(body))
	}
	if _, rest, ok := bytes.Cut(body, []byte(`data-site="`)); ok {
		if id, _, ok := bytes.Cut(rest, []byte(`"`)); ok {
			return string(id), ""
		}
	}
	return "", "no reload script"
}
