//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pairag.com/portal/generator/reference/referencetest"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/protocol"
)

// TestRun holds the command-line validator to the module's answers: the
// line it prints is what pairagValidate (or pairagApplyFixes) answers
// after the site's pairagConfigure (tier labels from content/labels.yaml,
// site-relative docs links), its exit status is gen validate's, and usage
// and I/O problems exit 2 with a message in both languages.
func TestRun(t *testing.T) {
	t.Cleanup(func() { configureJSON(`{}`) })
	labels, err := referencetest.TierLabels(os.DirFS("../.."))
	if err != nil {
		t.Fatal(err)
	}
	siteConfig := func(base string) {
		conf, _ := json.Marshal(map[string]any{"tierLabels": labels, "docs": site.FindingDocs(protocol.Default(), base)})
		if got := configureJSON(string(conf)); got != `{"ok":true}` {
			t.Fatal(got)
		}
	}
	example, tier := string(protocol.Default().Example.Payload), protocol.Default().Example.Tier
	alias := strings.Replace(example, `"language": "en"`, `"language": "en-GB"`, 1)
	fiat := strings.Replace(example, `"fiat_enabled": false`, `"fiat_enabled": true`, 1)
	dir := t.TempDir()
	file := filepath.Join(dir, "payload.json")
	if err := os.WriteFile(file, []byte(fiat), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  func() string // the module's answer, configured as the site configures it
		code  int
		has   []string // substrings of the answer or, for exit 2, of stderr
	}{
		{"valid from stdin", []string{"-tier", tier}, example, func() string { siteConfig(""); return validateJSON(example, str(tier), str("en")) }, 0, []string{`"valid":true`, `"tier":"` + tier + `"`}},
		{"a warning and its fix, in Chinese", []string{"-lang", "zh-CN", "-tier", "pro", "-"}, alias,
			func() string { siteConfig(""); return validateJSON(alias, str("pro"), str("zh-CN")) }, 0, []string{"别名", `"docs":"/zh-CN/docs/`}},
		{"an error from a file, the tier named as the site names it", []string{"-tier", "free", file}, "",
			func() string { siteConfig(""); return validateJSON(fiat, str("free"), str("en")) }, 1, []string{labels["free"].EN, `"docs":"/docs/`}},
		{"absolute docs links", []string{"-base", site.DefaultBaseURL, file}, "",
			func() string { siteConfig(site.DefaultBaseURL); return validateJSON(fiat, arg{}, str("en")) }, 1, []string{`"docs":"` + site.DefaultBaseURL + `/docs/`}},
		{"fixes", []string{"-fix", "-tier", "pro"}, alias,
			func() string { siteConfig(""); return applyFixesJSON(alias, str("pro"), str("en")) }, 0, []string{`"applied":1`}},
		{"an unknown tier", []string{"-tier", "gold"}, example,
			func() string { siteConfig(""); return validateJSON(example, str("gold"), str("en")) }, 1, []string{`"tier":"free"`, "unknown-tier"}},
		{"a language the site has not", []string{"-lang", "fr"}, example,
			func() string { siteConfig(""); return validateJSON(example, arg{}, str("fr")) }, 2, []string{"en or zh-CN"}},
		{"a missing file", []string{filepath.Join(dir, "none.json")}, "", nil, 2, []string{"read payload", "none.json"}},
		{"two payloads", []string{file, file}, "", nil, 2, []string{"one payload at a time", "一次只检查一份载荷"}},
		{"a repository without labels", []string{"-repo", dir, file}, "", nil, 2, []string{"tier labels of " + dir, "labels.yaml"}},
		{"an unknown flag", []string{"-format", "text"}, "", nil, 2, []string{"usage:", "用法"}},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"-repo", "../.."}, tt.args...), strings.NewReader(tt.stdin), &stdout, &stderr)
		if code != tt.code {
			t.Errorf("%s: run(%q) = %d; want %d (stderr %q)", tt.name, tt.args, code, tt.code, stderr.String())
		}
		out := stdout.String()
		if tt.want != nil {
			if want := tt.want() + "\n"; out != want {
				t.Errorf("%s: run(%q) printed\n%.400s\nwant the module's answer\n%.400s", tt.name, tt.args, out, want)
			}
		} else {
			out = stderr.String()
			if stdout.Len() > 0 {
				t.Errorf("%s: run(%q) printed %q on stdout; want nothing", tt.name, tt.args, stdout.String())
			}
		}
		for _, h := range tt.has {
			if !strings.Contains(out, h) {
				t.Errorf("%s: run(%q) output %.400s lacks %q", tt.name, tt.args, out, h)
			}
		}
	}
}
