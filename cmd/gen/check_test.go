package main

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/protocol"
)

// writeTree writes a complete small site (generator's test site, without
// its skills, and the protocol document: gen check builds the site, so it
// needs all of it) and then files over it, under a new temporary
// directory, and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	ar, err := txtar.ParseFile("../../generator/testdata/site.txtar")
	if err != nil {
		t.Fatal(err)
	}
	site := map[string]string{"protocol/" + protocol.FileName: string(protocol.Default().Raw())}
	for _, f := range ar.Files {
		if !strings.HasPrefix(f.Name, "content/skills/") {
			site[f.Name] = string(f.Data)
		}
	}
	maps.Copy(site, files)
	for name, data := range site {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const (
	enPage = "---\ntitle: T\ndescription: D\n---\n\nIntro with `code`.\n\n## Steps\n\nWait 5 minutes.\n"
	zhPage = "---\ntitle: 题\ndescription: 说明\n---\n\n介绍 `code`。\n\n## 步骤\n\n等待 5 分钟。\n"
)

// TestCheckAndStamp runs gen check and gen stamp through run, as the shell would.
func TestCheckAndStamp(t *testing.T) {
	clean := map[string]string{"content/en/a.md": enPage, "content/zh-CN/a.md": zhPage}
	drift := map[string]string{"content/en/a.md": enPage, "content/zh-CN/a.md": strings.Replace(zhPage, "5 分钟", "3 分钟", 1)}
	skill := map[string]string{
		"content/skills/s/SKILL.md":       "---\nname: s\ndescription: D\n---\n\n# S\n\nSee [x](reference/x.md).\n",
		"content/skills/s/SKILL.zh-CN.md": "---\nname: s\ndescription: 说明\n---\n\n# 技能\n\n见 [x](reference/x.md)。\n",
	}
	tests := []struct {
		name  string
		files map[string]string
		args  []string
		code  int
		want  []string // lines of standard output, in order; "" for none
	}{
		{"usage", clean, []string{"check", "extra"}, 2, nil},
		{"unknown flag", clean, []string{"check", "--nope"}, 2, nil},
		{"clean but never stamped", clean, []string{"check", "--strict", "--notes"}, 0, []string{
			`content/zh-CN/a.md:6: info: section "intro": never stamped (run gen stamp once it is translated)`,
			`content/zh-CN/a.md:8: info: section "## 步骤": never stamped (run gen stamp once it is translated)`,
			"gen check: 0 error(s), 0 warning(s), 2 note(s)",
		}},
		{"notes counted per file, after the warnings", drift, []string{"check"}, 0, []string{
			`content/zh-CN/a.md:10: warning: section "## 步骤": number "5" of the original (content/en/a.md:10) reads "3" in the translation`,
			"content/zh-CN/a.md: info: 2 note(s); gen check --notes lists them",
			"gen check: 0 error(s), 1 warning(s), 2 note(s)",
		}},
		{"drift without --strict", drift, []string{"check"}, 0, []string{
			`content/zh-CN/a.md:10: warning: section "## 步骤": number "5" of the original (content/en/a.md:10) reads "3" in the translation`,
		}},
		{"drift with --strict", drift, []string{"check", "--strict"}, 1, []string{
			`content/zh-CN/a.md:10: warning: section "## 步骤": number "5" of the original (content/en/a.md:10) reads "3" in the translation`,
		}},
		{"broken sibling link, once", skill, []string{"check"}, 1, []string{
			`content/skills/s/SKILL.md:8: error: broken link "reference/x.md": no file reference/x.md in content/skills/s (copy it there, or fix the link); also linked from SKILL.zh-CN.md:8`,
		}},
		{"stamp", clean, []string{"stamp"}, 0, []string{"content/zh-CN/a.md: 2 section(s) stamped, 0 already current, 0 difference(s) accepted"}},
		{"stamp leaves drift open and says so", drift, []string{"stamp"}, 0, []string{
			`content/zh-CN/a.md:10: left open (gen stamp --accept to accept it): section "## 步骤": number "5" of the original (content/en/a.md:10) reads "3" in the translation`,
			"content/zh-CN/a.md: 2 section(s) stamped, 0 already current, 0 difference(s) accepted",
		}},
		{"stamp --accept says what it accepts", drift, []string{"stamp", "--accept"}, 0, []string{
			`content/zh-CN/a.md:10: accepting: section "## 步骤": number "5" of the original (content/en/a.md:10) reads "3" in the translation`,
			"content/zh-CN/a.md: 2 section(s) stamped, 0 already current, 1 difference(s) accepted",
		}},
		{"stamp a file that is not translated", clean, []string{"stamp", "content/en/none.md"}, 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeTree(t, tt.files)
			args := append([]string{tt.args[0], "--content", dir}, tt.args[1:]...)
			if tt.args[0] == "stamp" && len(tt.args) > 1 && !strings.HasPrefix(tt.args[1], "-") {
				args = []string{"stamp", "--content", dir, filepath.Join(dir, tt.args[1])}
			}
			var stdout, stderr bytes.Buffer
			if code := run(args, nil, &stdout, &stderr); code != tt.code {
				t.Fatalf("gen %s = %d; want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(tt.args, " "), code, tt.code, stdout.String(), stderr.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout.String(), w+"\n") {
					t.Errorf("gen %s output lacks %q; got:\n%s", strings.Join(tt.args, " "), w, stdout.String())
				}
			}
		})
	}
}

// TestStampThenCheck stamps a translation, then changes the original: the
// stamped section is reported as stale, the file's other bytes are untouched.
func TestStampThenCheck(t *testing.T) {
	dir := writeTree(t, map[string]string{"content/en/a.md": enPage, "content/zh-CN/a.md": zhPage})
	var out bytes.Buffer
	if code := run([]string{"stamp", "--content", dir}, nil, &out, &out); code != 0 {
		t.Fatalf("gen stamp = %d\n%s", code, out.String())
	}
	zh, _ := os.ReadFile(filepath.Join(dir, "content/zh-CN/a.md"))
	if n := strings.Count(string(zh), "<!-- source: "); n != 2 || strings.ReplaceAll(stripStamps(string(zh)), "\r", "") != zhPage {
		t.Errorf("stamped file (%d stamps):\n%s", n, zh)
	}
	os.WriteFile(filepath.Join(dir, "content/en/a.md"), []byte(strings.Replace(enPage, "Wait 5 minutes.", "Wait 5 whole minutes.", 1)), 0o644)
	out.Reset()
	code := run([]string{"check", "--strict", "--content", dir}, nil, &out, &out)
	want := "content/zh-CN/a.md:9: warning: section \"## 步骤\": the original changed since this was translated\ngen check: 0 error(s), 1 warning(s), 0 note(s)\n"
	if code != 1 || out.String() != want {
		t.Errorf("gen check --strict = %d\n%s\nwant 1\n%s", code, out.String(), want)
	}
}

// TestAcceptThenCheck accepts a deliberate difference, then checks: the
// acknowledgement is in the file, named; --strict passes and lists it as
// a note; a later edit of the translated section brings the warning back.
func TestAcceptThenCheck(t *testing.T) {
	drifted := strings.Replace(zhPage, "5 分钟", "3 分钟", 1)
	dir := writeTree(t, map[string]string{"content/en/a.md": enPage, "content/zh-CN/a.md": drifted})
	var out bytes.Buffer
	if code := run([]string{"stamp", "--accept", "--content", dir}, nil, &out, &out); code != 0 {
		t.Fatalf("gen stamp --accept = %d\n%s", code, out.String())
	}
	zh, _ := os.ReadFile(filepath.Join(dir, "content/zh-CN/a.md"))
	if !strings.Contains(string(zh), `: number "5" reads "3" -->`) {
		t.Errorf("the acknowledgement does not name what it accepts:\n%s", zh)
	}
	out.Reset()
	if code := run([]string{"check", "--strict", "--notes", "--content", dir}, nil, &out, &out); code != 0 || !strings.Contains(out.String(), "info: accepted (line 11)") {
		t.Errorf("gen check --strict after --accept = %d\n%s", code, out.String())
	}
	os.WriteFile(filepath.Join(dir, "content/zh-CN/a.md"), []byte(strings.Replace(string(zh), "等待 3 分钟。", "请等待 3 分钟。", 1)), 0o644)
	out.Reset()
	if code := run([]string{"check", "--strict", "--content", dir}, nil, &out, &out); code != 1 || !strings.Contains(out.String(), "expired") {
		t.Errorf("gen check --strict after editing the section = %d\n%s", code, out.String())
	}
}

func stripStamps(s string) string {
	var b strings.Builder
	for line := range strings.Lines(s) {
		if !strings.HasPrefix(line, "<!-- source: ") {
			b.WriteString(line)
		}
	}
	return b.String()
}

// TestStampSaysWhyNotStamped: a translation over the size limit of one
// Markdown file is refused by gen stamp with the reason, not skipped with
// exit 0 and nothing said.
func TestStampSaysWhyNotStamped(t *testing.T) {
	big := zhPage + strings.Repeat("很长的一段话。\n\n", markdown.MaxPageBytes/20)
	dir := writeTree(t, map[string]string{"content/en/a.md": enPage, "content/zh-CN/a.md": big})
	var out bytes.Buffer
	code := run([]string{"stamp", "--content", dir}, nil, &out, &out)
	if code == 0 || !strings.Contains(out.String(), "content/zh-CN/a.md: the file is") {
		t.Errorf("gen stamp on a translation over the limit = %d\n%s", code, out.String())
	}
}

// TestCheckGroupsMissingSections: a translation that lacks most sections
// of its original is one warning line naming how many and the first
// three (it was one line per section: 2,208 lines for 200 skills), while
// the count still counts each, and --notes lists each with where it
// belongs. A file that lacks a single section keeps its own line.
func TestCheckGroupsMissingSections(t *testing.T) {
	long := "---\ntitle: T\ndescription: D\n---\n\nIntro.\n"
	for _, h := range []string{"One", "Two", "Three", "Four", "Five"} {
		long += "\n## " + h + "\n\nText about " + h + ".\n"
	}
	dir := writeTree(t, map[string]string{
		"content/en/a.md":    long,
		"content/zh-CN/a.md": "---\ntitle: 题\ndescription: 说明\n---\n\n介绍。\n\n## 一\n\n关于一。\n",
		"content/en/b.md":    enPage,
		"content/zh-CN/b.md": "---\ntitle: 题\ndescription: 说明\n---\n\n介绍 `code`。\n",
	})
	var out, errOut bytes.Buffer
	if code := run([]string{"check", "--content", dir}, nil, &out, &errOut); code != 0 {
		t.Fatalf("gen check = %d\n%s%s", code, out.String(), errOut.String())
	}
	want := []string{
		`content/zh-CN/a.md:11: warning: 4 sections of the original are missing (not translated yet): "## Two", "## Three", "## Four" and 1 more; gen check --notes lists each with where it belongs`,
		`content/zh-CN/b.md:7: warning: section "## Steps" of the original (content/en/b.md:8) is missing; it belongs at the end`,
		"gen check: 0 error(s), 5 warning(s),",
	}
	for _, w := range want {
		if !strings.Contains(out.String(), w) {
			t.Errorf("gen check output lacks %q; got:\n%s", w, out.String())
		}
	}
	if n := strings.Count(out.String(), "content/zh-CN/a.md:11: warning:"); n != 1 {
		t.Errorf("gen check printed %d lines for content/zh-CN/a.md; want 1:\n%s", n, out.String())
	}
	out.Reset()
	run([]string{"check", "--notes", "--content", dir}, nil, &out, &errOut)
	for _, h := range []string{"Two", "Three", "Four", "Five"} {
		if w := `section "## ` + h + `" of the original`; !strings.Contains(out.String(), w) {
			t.Errorf("gen check --notes lacks %q; got:\n%s", w, out.String())
		}
	}
}
