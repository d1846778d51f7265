package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/goccy/go-yaml"

	"pairag.com/portal/generator"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/skills"
)

const skillUsage = `usage: gen skill add [--content DIR] [--name NAME] [--source URL] [--commit SHA] [--license ID] PATH

Copies the skill folder PATH (a folder holding SKILL.md) into
content/skills/NAME unchanged: every file byte for byte with its
executable bit, dot files included, .git left out. It never overwrites:
an existing content/skills/NAME is refused. Beside SKILL.md it writes the
skill's record, SKILL.source.yaml:

  source   the repository the skill comes from (--source, else the
           folder's git remote "origin", as an https URL)
  commit   the commit it was copied at (--commit, else the folder's git HEAD)
  license  --license, else the license of SKILL.md's front matter, else
           the one its LICENSE file states

Then it prints what the portal thinks of the skill: the errors, warnings
and notes gen check reports for content/skills/NAME.

NAME is --name, else SKILL.md's name, else PATH's folder name.

Exit status: 0 the skill was added, 1 it was refused (NAME exists),
2 usage or I/O problem.

flags:
`

// runSkill implements gen skill; its only subcommand is add.
func runSkill(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("skill add", skillUsage, stderr)
	content := fs.String("content", ".", "repository `dir`ectory holding content/")
	rec := skillRecord{}
	name := fs.String("name", "", "the skill's folder `name` under content/skills (default: SKILL.md's name)")
	fs.StringVar(&rec.Source, "source", "", "the skill's source repository `URL` (default: the folder's git remote)")
	fs.StringVar(&rec.Commit, "commit", "", "the source `commit` it was copied at (default: the folder's git HEAD)")
	fs.StringVar(&rec.License, "license", "", "the skill's license, an SPDX `id` or the author's words (default: front matter, then LICENSE)")
	if len(args) == 0 || args[0] != "add" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			fs.Usage()
			return 0
		}
		fmt.Fprintf(stderr, "gen skill: want a subcommand: add\n\n")
		fs.Usage()
		return 2
	}
	rest, code := parseFlags(fs, args[1:], 1)
	if code >= 0 {
		return code
	}
	if len(rest) != 1 {
		fmt.Fprintf(stderr, "gen skill add: want the skill folder PATH\n\n")
		fs.Usage()
		return 2
	}
	return addSkill(rest[0], *content, *name, rec, stdout, stderr)
}

// skillRecord is a skill's SKILL.source.yaml: where it comes from and its
// license. Its format is package skills' (which also reads "accept").
type skillRecord struct {
	Source, Commit, License string
	path                    string // the folder's path in its repository, for a comment
}

// addSkill copies src into the repository dir as content/skills/<name>,
// writes its record and prints its findings.
func addSkill(src, dir, name string, rec skillRecord, stdout, stderr io.Writer) int {
	fm, err := readSkillFile(src)
	if err != nil {
		say(stderr, "gen skill add: %v", "gen skill add：%v", err)
		return 2
	}
	if name == "" {
		abs, _ := filepath.Abs(src)
		name = filepath.Base(abs)
		if validSkillFolder.MatchString(fm.Name) && len(fm.Name) <= 64 {
			name = fm.Name
		}
	}
	if !validSkillFolder.MatchString(name) || len(name) > 64 {
		say(stderr, "gen skill add: %q is not a skill folder name (1-64 of a-z, 0-9 and single hyphens): choose one with --name", "gen skill add：%q 不能用作技能文件夹名（须为 1-64 个 a-z、0-9 和单个连字符）：请用 --name 指定", name)
		return 2
	}
	rel := "content/skills/" + name
	dest := filepath.Join(dir, filepath.FromSlash(rel))
	if _, err := os.Lstat(dest); err == nil {
		say(stderr, "gen skill add: %s exists: nothing was copied; remove it first, or add the skill under another name with --name", "gen skill add：%s 已存在，未复制任何文件；请先删除它，或用 --name 换一个名称", rel)
		return 1
	}
	fillRecord(&rec, src, fm, stderr)
	n, err := copySkill(src, dest, rec)
	if err != nil {
		say(stderr, "gen skill add: %v", "gen skill add：%v", err)
		return 2
	}
	fmt.Fprintf(stdout, "gen skill add: copied %d file(s) into %s and wrote %s/%s\n", n, rel, rel, skills.RecordFile)
	return printSkillFindings(dir, rel, stdout, stderr)
}

// validSkillFolder is the Agent Skills name rule, which a folder name follows.
var validSkillFolder = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// say prints a message in English and, indented below it, in Chinese;
// both formats take the same arguments.
func say(w io.Writer, en, zh string, args ...any) {
	both := append(append([]any{}, args...), args...)
	fmt.Fprintf(w, en+"\n  "+zh+"\n", both...)
}

// skillFront is what gen skill add reads of SKILL.md's front matter.
type skillFront struct {
	Name    string `yaml:"name"`
	License string `yaml:"license"`
}

// readSkillFile reads the front matter of src/SKILL.md, leniently: the
// portal's own checks report its problems once the skill is in.
func readSkillFile(src string) (skillFront, error) {
	var fm skillFront
	info, err := os.Stat(src)
	if err != nil {
		return fm, err
	}
	if !info.IsDir() {
		return fm, fmt.Errorf("%s is not a folder: a skill is a folder holding SKILL.md", src)
	}
	data, err := os.ReadFile(filepath.Join(src, "SKILL.md"))
	if err != nil {
		return fm, fmt.Errorf("%s: no SKILL.md: a skill is a folder holding SKILL.md (%w)", src, err)
	}
	text, _, _, err := markdown.SplitFrontMatter(data)
	if err != nil {
		return fm, nil
	}
	// Line by line, each top-level key alone: a line cannot hold an
	// alias bomb, whatever the rest of a stranger's YAML does.
	for line := range strings.Lines(string(text)) {
		var m map[string]string
		if !strings.HasPrefix(line, "name:") && !strings.HasPrefix(line, "license:") || yaml.Unmarshal([]byte(line), &m) != nil {
			continue
		}
		if v, ok := m["name"]; ok {
			fm.Name = strings.TrimSpace(v)
		}
		if v, ok := m["license"]; ok {
			fm.License = strings.TrimSpace(v)
		}
	}
	return fm, nil
}

// fillRecord completes rec from the folder: the license from the front
// matter or a LICENSE file, source and commit from its git checkout.
// What stays unknown is said, as a warning.
func fillRecord(rec *skillRecord, src string, fm skillFront, stderr io.Writer) {
	if rec.License == "" {
		rec.License = fm.License
	}
	if rec.License == "" {
		rec.License = licenseOf(src)
	}
	if rec.License == "" {
		say(stderr, "gen skill add: warning: no license in SKILL.md or a LICENSE file: ask the author before publishing, and record it with --license", "gen skill add：警告：SKILL.md 和 LICENSE 文件里都没有许可信息；发布前请先向作者确认，再用 --license 记录")
	}
	g := gitInfo(src)
	if rec.Source == "" {
		rec.Source = g.remote
	}
	if rec.Commit == "" {
		rec.Commit = g.head
	}
	rec.path = g.path
	switch {
	case rec.Source == "":
		say(stderr, "gen skill add: warning: no source: %s is not a git checkout with a remote; record where the skill comes from with --source", "gen skill add：警告：未记录来源：%s 不是带远程仓库的 git 检出；请用 --source 注明技能出处", src)
	case g.dirty && rec.Commit == g.head:
		say(stderr, "gen skill add: warning: %s has changes not committed: commit %s does not hold the bytes copied", "gen skill add：警告：%s 有未提交的改动，提交 %s 与复制的内容不一致", src, rec.Commit)
	}
}

// licenses name the licenses a LICENSE file is recognised by, each by a
// phrase of its text (lower case, spaces collapsed); the first match wins.
var licenses = []struct{ id, phrase string }{
	{"Apache-2.0", "apache license version 2.0"},
	{"MPL-2.0", "mozilla public license version 2.0"},
	{"GPL-3.0", "gnu general public license version 3"},
	{"AGPL-3.0", "gnu affero general public license version 3"},
	{"LGPL-3.0", "gnu lesser general public license version 3"},
	{"CC-BY-4.0", "creative commons attribution 4.0"},
	{"Unlicense", "this is free and unencumbered software released into the public domain"},
	{"ISC", "permission to use, copy, modify, and/or distribute this software for any purpose with or without fee is hereby granted"},
	{"BSD-3-Clause", "neither the name of"},
	{"BSD-2-Clause", "redistribution and use in source and binary forms, with or without modification, are permitted"},
	{"MIT", "permission is hereby granted, free of charge, to any person obtaining a copy"},
}

// licenseOf names the license of src's LICENSE file: its SPDX id when
// the text is one of licenses, else "See <file>" (the author's own
// terms); "" without a file.
func licenseOf(src string) string {
	for _, name := range []string{"LICENSE", "LICENSE.txt", "LICENSE.md", "LICENCE", "COPYING"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			continue
		}
		text := strings.Join(strings.Fields(strings.ToLower(string(data))), " ")
		for _, l := range licenses {
			if strings.Contains(text, l.phrase) {
				return l.id
			}
		}
		return "See " + name
	}
	return ""
}

// gitFacts are what git says of a skill folder; empty outside a checkout.
type gitFacts struct {
	remote, head, path string
	dirty              bool
}

// gitInfo asks git about the folder src: its remote origin (as https),
// HEAD, its path in the repository and whether it has changes.
func gitInfo(src string) gitFacts {
	git := func(args ...string) string {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, "git", append([]string{"-C", src}, args...)...).Output()
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(out))
	}
	var g gitFacts
	if g.head = git("rev-parse", "HEAD"); g.head == "" {
		return gitFacts{}
	}
	g.remote = httpsRemote(git("remote", "get-url", "origin"))
	g.path = git("rev-parse", "--show-prefix")
	g.path = strings.TrimSuffix(g.path, "/")
	g.dirty = git("status", "--porcelain", "--", ".") != ""
	return g
}

// scpRemote is git's scp-like remote syntax: git@github.com:owner/repo.git.
var scpRemote = regexp.MustCompile(`^[\w.-]+@([\w.-]+):(.+)$`)

// httpsRemote turns a remote URL into the https URL of the repository
// (no user, no .git); other URLs are kept as they are.
func httpsRemote(u string) string {
	if m := scpRemote.FindStringSubmatch(u); m != nil {
		u = "https://" + m[1] + "/" + m[2]
	}
	if rest, ok := strings.CutPrefix(u, "ssh://"); ok {
		if _, host, ok := strings.Cut(rest, "@"); ok {
			rest = host
		}
		u = "https://" + rest
	}
	return strings.TrimSuffix(u, ".git")
}

// copySkill copies src into dest through a hidden folder beside it,
// renamed into place once complete, so a failure leaves no half skill,
// and writes the record last. It returns how many files it copied.
func copySkill(src, dest string, rec skillRecord) (int, error) {
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return 0, err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".gen-add-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp) // nothing left once renamed
	n, err := copyTree(src, tmp)
	if err != nil {
		return 0, err
	}
	if _, err := os.Lstat(filepath.Join(tmp, skills.RecordFile)); err == nil {
		return 0, fmt.Errorf("%s already has a %s: it was copied from a portal; remove that file from the copy you add, or copy the folder in by hand", src, skills.RecordFile)
	}
	if err := os.WriteFile(filepath.Join(tmp, skills.RecordFile), rec.yaml(), 0o644); err != nil {
		return 0, err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return 0, err
	}
	if err := os.Rename(tmp, dest); err != nil {
		return 0, fmt.Errorf("move the copy into place: %w", err)
	}
	return n, nil
}

// copyTree copies every regular file under src into to, keeping the
// executable bits and leaving out .git (a folder, or a file in a worktree
// or submodule). A symbolic link is copied as the file it leads to when
// that stays inside src; any other link, or a special file, is refused.
func copyTree(src, to string) (int, error) {
	root, err := filepath.EvalSymlinks(src)
	if err != nil {
		return 0, err
	}
	n := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.Name() == ".git" && p != root {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		from, err := regularFile(root, p, d)
		if err != nil {
			return err
		}
		n++
		return copySkillFile(from, filepath.Join(to, rel))
	})
	return n, err
}

// regularFile is the regular file p stands for: itself, or the target of
// a link that stays inside root.
func regularFile(root, p string, d fs.DirEntry) (string, error) {
	if d.Type()&fs.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(p)
		if err != nil {
			return "", fmt.Errorf("%s: a symbolic link that leads nowhere: %w", p, err)
		}
		if r, err := filepath.Rel(root, target); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return "", fmt.Errorf("%s is a symbolic link out of the skill folder (to %s): copy the file it leads to into the folder first", p, target)
		}
		p = target
	}
	info, err := os.Stat(p)
	if err != nil {
		return "", err
	}
	if !info.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file (%v): a skill holds files and folders only", p, info.Mode().Type())
	}
	return p, nil
}

// copySkillFile copies from into to byte for byte: mode 0755 when from has an
// executable bit, else 0644.
func copySkillFile(from, to string) error {
	info, err := os.Stat(from)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if info.Mode()&0o111 != 0 {
		mode = 0o755
	}
	if err := os.WriteFile(to, data, mode); err != nil {
		return err
	}
	return os.Chmod(to, mode) // whatever the umask took away
}

// yaml is the record's text: each value as a YAML double-quoted string
// (JSON's quoting is YAML's), and the folder's path in its repository as
// a comment.
func (r skillRecord) yaml() []byte {
	var b bytes.Buffer
	b.WriteString("# Where this skill comes from, written by gen skill add.\n")
	if r.path != "" {
		b.WriteString("# Folder in the source repository: " + r.path + "\n")
	}
	for _, kv := range [][2]string{{"source", r.Source}, {"commit", r.Commit}, {"license", r.License}} {
		q, _ := json.Marshal(kv[1])
		fmt.Fprintf(&b, "%s: %s\n", kv[0], q)
	}
	return b.Bytes()
}

// printSkillFindings runs gen check's checks on the repository and prints
// those of the skill at rel: errors and warnings one per line, notes
// counted. The skill is added either way: exit 0.
func printSkillFindings(dir, rel string, stdout, stderr io.Writer) int {
	findings, err := generator.Check(generator.Config{Content: os.DirFS(dir)})
	if err != nil {
		say(stderr, "gen skill add: the skill was added, but checking it failed: %v", "gen skill add：技能已添加，但检查失败：%v", err)
		return 2
	}
	counts := [3]int{}
	for _, f := range findings {
		if f.File != rel && !strings.HasPrefix(f.File, rel+"/") {
			continue
		}
		switch f.Severity {
		case generator.SeverityError:
			counts[0]++
		case generator.SeverityWarning:
			counts[1]++
		default:
			counts[2]++
			continue
		}
		fmt.Fprintln(stdout, f)
	}
	fmt.Fprintf(stdout, "gen skill add: %s: %d error(s), %d warning(s), %d note(s) (gen check --notes lists the notes)\n", rel, counts[0], counts[1], counts[2])
	return 0
}
