package e2e

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pairag.com/portal/generator/skillpub"
)

// TestSkillsCLI installs every skill of a built site with the real npm
// skills CLI (vercel-labs/skills), given only the site's URL, as an agent
// user would ("skills add http://127.0.0.1:PORT"), and checks that each
// installed skill holds exactly the published files, byte for byte. The
// CLI is pinned in generator/e2e/skillscli/package-lock.json (1.6.0: 1.7 needs Node
// 22); scripts/test installs it, and with CI set a missing CLI fails the
// test. SKILLS_CLI names another bin/cli.mjs.
func TestSkillsCLI(t *testing.T) {
	cli := os.Getenv("SKILLS_CLI")
	if cli == "" {
		cli = "skillscli/node_modules/skills/bin/cli.mjs"
	}
	cli, _ = filepath.Abs(cli) // the CLI runs in the project directory
	if _, err := os.Stat(cli); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the skills CLI is required: npm ci --prefix generator/e2e/skillscli (scripts/test does it): %v", err)
		}
		t.Skipf("the skills CLI is not installed (npm ci --prefix generator/e2e/skillscli): %v", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skipf("node: %v", err)
	}
	srv, _ := sandboxProdServer(t, sandboxRepo(t))
	var idx skillpub.Index
	resp, err := http.Get(srv.URL + skillpub.IndexURL)
	if err == nil {
		err = json.NewDecoder(resp.Body).Decode(&idx)
		resp.Body.Close()
	}
	if err != nil || len(idx.Skills) == 0 {
		t.Fatalf("index: %v, %d skills", err, len(idx.Skills))
	}
	project := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", cli, "add", srv.URL, "-y", "--agent", "claude-code", "--copy")
	cmd.Dir = project
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "DO_NOT_TRACK=1", "DISABLE_TELEMETRY=1", "NO_COLOR=1", "CI=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("skills add %s: %v\n%s", srv.URL, err, out)
	}
	t.Logf("skills add %s:\n%s", srv.URL, out)
	for _, e := range idx.Skills {
		dir := filepath.Join(project, ".claude", "skills", e.Name)
		want := publishedFiles(t, srv.URL, e.Name)
		got := map[string]bool{}
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(dir, p)
				got[filepath.ToSlash(rel)] = true
			}
			return err
		})
		for rel, data := range want {
			inst, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
			if err != nil || string(inst) != string(data) {
				t.Errorf("%s: installed %s differs from the published file (%v)\nskills add said:\n%s", e.Name, rel, err, out)
			}
			delete(got, rel)
		}
		for rel := range got {
			t.Errorf("%s: the CLI installed %s, which the site does not publish", e.Name, rel)
		}
	}
}

// publishedFiles reads a skill's file list from the site and fetches
// every file it names.
func publishedFiles(t *testing.T, base, name string) map[string][]byte {
	t.Helper()
	var m skillpub.Manifest
	get := func(u string) []byte {
		resp, err := http.Get(base + u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("GET %s: %d %v", u, resp.StatusCode, err)
		}
		return data
	}
	if err := json.Unmarshal(get(skillpub.ManifestURL(name)), &m); err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range m.Files {
		if !strings.Contains(f.Path, "../..") {
			out[f.Path] = get(f.URL)
		}
	}
	return out
}
