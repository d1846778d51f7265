package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestScriptSeesInstalledFont runs scripts/test's dependency check with an
// fc-list that lists the CJK font first and then thousands of others, as
// on a desktop: grep -q stopped reading early, fc-list died of SIGPIPE
// (141) under pipefail, and the script reinstalled the font (issue 13).
func TestScriptSeesInstalledFont(t *testing.T) {
	bin := t.TempDir()
	fake := "#!/bin/sh\necho '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc: WenQuanYi Micro Hei'\n" +
		"i=0; while [ $i -lt 20000 ]; do echo \"/usr/share/fonts/x/font$i.ttf: Font $i\"; i=$((i+1)); done\n"
	if err := os.WriteFile(filepath.Join(bin, "fc-list"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	chromium := "#!/bin/sh\nexit 0\n"
	if err := os.WriteFile(filepath.Join(bin, "chromium"), []byte(chromium), 0o755); err != nil {
		t.Fatal(err)
	}
	// The check used before, for the record: it fails on this fc-list.
	old := exec.Command("bash", "-c", `set -euo pipefail; fc-list 2>/dev/null | grep -qi "wenquanyi\|wqy"`)
	old.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"))
	if err := old.Run(); err == nil {
		t.Log("the old pipeline happened to pass this time")
	} else {
		t.Logf("the old pipeline: %v", err)
	}
	for i := range 5 {
		cmd := exec.Command("bash", "../../scripts/test", "--missing")
		cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != "" {
			t.Fatalf("run %d: scripts/test --missing = %q, %v; want nothing to install", i+1, out, err)
		}
	}
}

// TestScriptInstallsMissingFont checks that a machine without the font
// still gets it installed.
func TestScriptInstallsMissingFont(t *testing.T) {
	bin := t.TempDir()
	for name, text := range map[string]string{
		"fc-list":    "#!/bin/sh\necho '/usr/share/fonts/x/a.ttf: A'\n",
		"dpkg-query": "#!/bin/sh\nprintf 'unknown ok not-installed'\n",
		"chromium":   "#!/bin/sh\nexit 0\n",
	} {
		if err := os.WriteFile(filepath.Join(bin, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("bash", "../../scripts/test", "--missing")
	cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "fonts-wqy-microhei" {
		t.Errorf("scripts/test --missing = %q, %v; want fonts-wqy-microhei", out, err)
	}
}
