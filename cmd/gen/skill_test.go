package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// skillFolder writes a look-alike third-party skill folder: a SKILL.md
// (front matter given), a dot file its install script copies, an
// executable script, a nested reference, a broken link the portal will
// report, and .git content that must stay behind.
func skillFolder(t *testing.T, front string, extra map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "upstream", "tide-notes")
	files := map[string]string{
		"SKILL.md":            "---\n" + front + "---\n\n# Tide notes\n\nRun [install](scripts/install.sh); read [the table](reference/tables.md) and [the missing page](reference/gone.md).\n",
		"resources/.zshrc":    "alias tides='tide-notes --today'\n",
		"scripts/install.sh":  "#!/bin/sh\ncp \"$(dirname \"$0\")/../resources/.zshrc\" \"$HOME/.tide-zshrc\"\n",
		"reference/tables.md": "# Tables\n\n| a | b |\n| - | - |\n| 1 | 2 |\n",
		".git/config":         "[core]\n",
	}
	for k, v := range extra {
		files[k] = v
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") {
			mode = 0o755
		}
		if err := os.WriteFile(p, []byte(data), mode); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const mitText = "MIT License\n\nCopyright (c) 2026 Tide\n\nPermission is hereby granted, free of charge, to any person obtaining a copy\nof this software ...\n"

// TestSkillAdd runs gen skill add as the shell would: the folder is
// copied byte for byte (dot file and executable bit kept, .git left
// out), the record names source, commit and license from the flags, the
// front matter or LICENSE, and the portal's findings on the new skill
// are printed (its broken link), while existing skills are never
// overwritten.
func TestSkillAdd(t *testing.T) {
	tests := []struct {
		name      string
		front     string
		extra     map[string]string
		flags     []string
		wantName  string
		wantYAML  []string
		wantErr   string // on stderr
		wantFound string // on stdout
	}{
		{"front matter license and flags", "name: tide-notes\ndescription: Notes the tides.\nlicense: Apache-2.0\n", nil,
			[]string{"--source", "https://github.com/tide/skills", "--commit", "0123abc"}, "tide-notes",
			[]string{`source: "https://github.com/tide/skills"`, `commit: "0123abc"`, `license: "Apache-2.0"`}, "", `broken link "reference/gone.md"`},
		{"license from LICENSE, name from the flag", "name: tide-notes\ndescription: Notes the tides.\n", map[string]string{"LICENSE": mitText},
			[]string{"--name", "tides", "--source", "https://example.test/s"}, "tides",
			[]string{`license: "MIT"`, `commit: ""`}, "", "content/skills/tides/SKILL.md"},
		{"an author's own terms", "name: tide-notes\ndescription: Notes the tides.\n", map[string]string{"LICENSE.txt": "All rights reserved by Tide.\n"},
			[]string{"--source", "https://example.test/s"}, "tide-notes", []string{`license: "See LICENSE.txt"`}, "", ""},
		{"nothing known", "name: Tide Notes\ndescription: Notes the tides.\n", nil, nil, "tide-notes",
			[]string{`source: ""`, `license: ""`}, "no license in SKILL.md", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := skillFolder(t, tt.front, tt.extra)
			repo := writeTree(t, nil)
			var out, errb bytes.Buffer
			code := run(append(append([]string{"skill", "add", "--content", repo}, tt.flags...), src), nil, &out, &errb)
			if code != 0 {
				t.Fatalf("exit %d; stdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
			}
			dest := filepath.Join(repo, "content", "skills", tt.wantName)
			sameTree(t, src, dest)
			rec, err := os.ReadFile(filepath.Join(dest, "SKILL.source.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.wantYAML {
				if !strings.Contains(string(rec), w+"\n") {
					t.Errorf("SKILL.source.yaml:\n%s\nwant a line %s", rec, w)
				}
			}
			if !strings.Contains(errb.String(), tt.wantErr) || !strings.Contains(out.String(), tt.wantFound) {
				t.Errorf("stdout:\n%s\nstderr:\n%s\nwant %q on stderr and %q on stdout", out.String(), errb.String(), tt.wantErr, tt.wantFound)
			}
			if !strings.Contains(out.String(), "gen skill add: content/skills/"+tt.wantName+": ") {
				t.Errorf("stdout has no summary of the skill's findings:\n%s", out.String())
			}
		})
	}
}

// sameTree checks that dest holds src's files byte for byte with their
// executable bits, less .git, plus the record.
func sameTree(t *testing.T, src, dest string) {
	t.Helper()
	want := map[string]bool{"SKILL.source.yaml": true}
	filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if strings.HasPrefix(rel, ".git") {
			return nil
		}
		want[rel] = true
		a, _ := os.ReadFile(p)
		b, err := os.ReadFile(filepath.Join(dest, rel))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: copy differs from the source (%v)", rel, err)
			return nil
		}
		ia, _ := os.Stat(p)
		ib, _ := os.Stat(filepath.Join(dest, rel))
		if (ia.Mode()&0o111 != 0) != (ib.Mode()&0o111 != 0) {
			t.Errorf("%s: mode %v; the source's is %v", rel, ib.Mode(), ia.Mode())
		}
		return nil
	})
	filepath.WalkDir(dest, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dest, p)
			if !want[rel] {
				t.Errorf("%s was copied; the source has no such file (or it is under .git)", rel)
			}
		}
		return err
	})
}

// TestSkillAddRefuses: an existing skill folder is never overwritten
// (exit 1, the folder untouched); a folder without SKILL.md and a link
// out of the folder are refused (exit 2) and leave nothing behind.
func TestSkillAddRefuses(t *testing.T) {
	front := "name: tide-notes\ndescription: Notes the tides.\n"
	repo := writeTree(t, map[string]string{"content/skills/tide-notes/SKILL.md": "---\nname: tide-notes\ndescription: Mine.\n---\n\n# Mine\n"})
	var out, errb bytes.Buffer
	if code := run([]string{"skill", "add", "--content", repo, skillFolder(t, front, nil)}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "content/skills/tide-notes exists") {
		t.Errorf("over an existing skill: exit %d, stderr %q; want 1 and the refusal", code, errb.String())
	}
	if data, _ := os.ReadFile(filepath.Join(repo, "content/skills/tide-notes/SKILL.md")); !strings.Contains(string(data), "Mine.") {
		t.Errorf("the existing skill was changed: %q", data)
	}
	empty := t.TempDir()
	errb.Reset()
	if code := run([]string{"skill", "add", "--content", repo, empty}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "no SKILL.md") {
		t.Errorf("a folder without SKILL.md: exit %d, stderr %q; want 2", code, errb.String())
	}
	src := skillFolder(t, "name: other\ndescription: D.\n", nil)
	if err := os.Symlink("/etc/passwd", filepath.Join(src, "passwd")); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := run([]string{"skill", "add", "--content", repo, src}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "symbolic link out of the skill folder") {
		t.Errorf("a link out of the folder: exit %d, stderr %q; want 2", code, errb.String())
	}
	entries, _ := os.ReadDir(filepath.Join(repo, "content/skills"))
	if len(entries) != 1 {
		t.Errorf("content/skills holds %v after the refusals; want tide-notes alone", entries)
	}
}

// TestSkillAddFromGit takes source and commit from the folder's git
// checkout: the origin remote as https, HEAD, and the folder's path in
// the repository as a comment.
func TestSkillAddFromGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	src := skillFolder(t, "name: tide-notes\ndescription: Notes the tides.\nlicense: MIT\n", nil)
	os.RemoveAll(filepath.Join(src, ".git"))
	top := filepath.Dir(filepath.Dir(src))
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", top, "-c", "user.name=T", "-c", "user.email=t@example.test"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("remote", "add", "origin", "git@github.com:tide/skills.git")
	git("add", ".")
	git("commit", "-qm", "skills")
	head := git("rev-parse", "HEAD")
	repo := writeTree(t, nil)
	var out, errb bytes.Buffer
	if code := run([]string{"skill", "add", "--content", repo, src}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	rec, _ := os.ReadFile(filepath.Join(repo, "content/skills/tide-notes/SKILL.source.yaml"))
	for _, w := range []string{`source: "https://github.com/tide/skills"`, `commit: "` + head + `"`, "# Folder in the source repository: upstream/tide-notes"} {
		if !strings.Contains(string(rec), w+"\n") {
			t.Errorf("SKILL.source.yaml:\n%s\nwant a line %s", rec, w)
		}
	}
	if strings.Contains(errb.String(), "warning") {
		t.Errorf("stderr %q; want no warning for a clean checkout", errb.String())
	}
}
