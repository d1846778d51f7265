package generator

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/internal/scratch"
	"pairag.com/portal/internal/yamlpos"
)

// skillsDir holds one folder per agent skill.
const skillsDir = "content/skills"

// Names of a skill's main file and its translation.
const (
	skillFile      = "SKILL.md"
	skillFileZH    = "SKILL." + zh + ".md"
	maxNameLen     = 64
	maxDescLen     = 1024
	maxCompatLen   = 500
	skillURLPrefix = "/skills/"
)

// SkillFrontMatter is the YAML header of a SKILL.md: the fields of the
// Agent Skills format plus the version and author many skills carry.
// Unknown keys are findings. Scalars keep their text as written.
type SkillFrontMatter struct {
	Name          string    // required: 1-64 of a-z, 0-9 and single hyphens; the folder's name
	Description   string    // required: 1-1024 characters
	License       string    // optional
	Compatibility string    // optional: at most 500 characters
	Metadata      metaValue // optional: a map, nested maps and lists allowed as some published skills nest them
	AllowedTools  string    // optional: space-separated tool patterns (a YAML list is joined)
	Version       string
	Author        string

	invalid map[string]bool // keys present with a value of the wrong kind, reported already
	broken  bool            // the YAML could not be read: nothing more is said about it
}

// skill is one folder of content/skills/.
type skill struct {
	Slug  string
	Dir   string            // content/skills/<slug>
	Files []string          // every file of the folder, relative to it, sorted
	Data  map[string][]byte // contents by relative name
	Texts map[string]*drift.TextFile
	FM    [2]SkillFrontMatter          // of SKILL.md and SKILL.zh-CN.md
	Pairs map[string]*drift.Comparison // by original's relative name; nil entries for none
}

// orig and tr are the two SKILL files; tr is nil when the skill is not translated.
func (s *skill) orig() *drift.TextFile { return s.Texts[skillFile] }
func (s *skill) tr() *drift.TextFile   { return s.Texts[skillFileZH] }

// loadSkills reads every skill folder, compares each translated file with
// its original and checks front matter and links to sibling files.
func loadSkills(fsys fs.FS) ([]*skill, []Finding) {
	entries, err := fs.ReadDir(fsys, skillsDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []Finding{{File: skillsDir, Severity: SeverityError, Msg: fmt.Sprintf("read skills: %v", err)}}
	}
	var skills []*skill
	var out []Finding
	for _, e := range entries {
		switch {
		case scratch.Is(e.Name()):
		case !e.IsDir():
			out = append(out, Finding{File: skillsDir + "/" + e.Name(), Severity: SeverityWarning, Msg: "ignored: a skill is a folder holding SKILL.md"})
		default:
			s, found := loadSkill(fsys, e.Name())
			out = append(out, found...)
			if s != nil {
				skills = append(skills, s)
			}
		}
	}
	return skills, out
}

// loadSkill reads one skill folder; nil when it has no SKILL.md.
func loadSkill(fsys fs.FS, slug string) (*skill, []Finding) {
	s := &skill{Slug: slug, Dir: skillsDir + "/" + slug, Data: map[string][]byte{}, Texts: map[string]*drift.TextFile{}, Pairs: map[string]*drift.Comparison{}}
	var out []Finding
	err := fs.WalkDir(fsys, s.Dir, func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || scratch.Is(d.Name()) {
			return err
		}
		data, err := fs.ReadFile(fsys, file)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(file, s.Dir+"/")
		s.Files = append(s.Files, rel)
		s.Data[rel] = data
		return nil
	})
	if err != nil {
		return nil, []Finding{{File: s.Dir, Severity: SeverityError, Msg: fmt.Sprintf("read skill: %v", err)}}
	}
	if s.Data[skillFile] == nil {
		return nil, []Finding{{File: s.Dir, Severity: SeverityWarning, Msg: "no " + skillFile + ": the folder is not published"}}
	}
	for _, rel := range s.Files {
		if path.Ext(rel) == ".md" {
			out = append(out, s.loadText(rel)...)
		}
	}
	out = append(out, s.pair()...)
	out = append(out, s.checkLinks()...)
	return s, out
}

// loadText splits and analyses one Markdown file of the skill; the SKILL
// files' front matter is decoded and checked.
func (s *skill) loadText(rel string) []Finding {
	file, data := s.Dir+"/"+rel, s.Data[rel]
	var out []Finding
	body := 0
	if rel == skillFile || rel == skillFileZH {
		var fm SkillFrontMatter
		fm, body, out = parseSkillFrontMatter(file, data)
		s.FM[btoi(rel == skillFileZH)] = fm
		if !fm.broken {
			out = append(out, checkSkillName(file, s.Slug, fm, data, rel == skillFile)...)
		}
	} else if _, _, b, err := markdown.SplitFrontMatter(data); err == nil {
		body = b
	}
	s.Texts[rel] = drift.NewTextFile(file, data, body)
	return out
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pair compares every translated Markdown file with its original.
func (s *skill) pair() []Finding {
	var out []Finding
	for _, rel := range s.Files {
		if path.Ext(rel) != ".md" {
			continue
		}
		if drift.IsTranslation(rel) {
			orig := strings.TrimSuffix(rel, "."+zh+".md") + ".md"
			if s.Texts[orig] == nil {
				out = append(out, Finding{File: s.Dir + "/" + rel, Severity: SeverityWarning, Msg: "translation of " + orig + ", which does not exist"})
			}
			continue
		}
		t := s.Texts[drift.TranslationName(rel)]
		if t == nil {
			out = append(out, Finding{File: s.Dir + "/" + rel, Severity: SeverityInfo, Msg: "not translated: add " + path.Base(drift.TranslationName(rel))})
			continue
		}
		s.Pairs[rel] = drift.Compare(s.Texts[rel], t, nil) // its findings are reported with the pair's
	}
	if t := s.tr(); t != nil && s.FM[1].Name != s.FM[0].Name {
		out = append(out, Finding{File: t.Name, Line: fmLine(t.Src, "name"), Severity: SeverityWarning, Msg: fmt.Sprintf("front matter: name %q differs from %q of %s: the name is not translated", s.FM[1].Name, s.FM[0].Name, skillFile)})
	}
	return out
}

// checkLinks reports relative links of the skill's Markdown files that do
// not lead to a file of the skill folder: one finding per missing target,
// at its first link, naming every place that links it.
func (s *skill) checkLinks() []Finding {
	type place struct {
		file string
		line int
	}
	broken := map[string][]place{}
	msgs := map[string]string{}
	var order []string
	for _, rel := range s.Files {
		t := s.Texts[rel]
		if t == nil {
			continue
		}
		for _, l := range t.LinkTargets() {
			target, _ := siblingTarget(rel, l.Dest)
			if msg := s.brokenSibling(rel, l.Dest); msg != "" {
				if broken[target] == nil {
					order = append(order, target)
					msgs[target] = fmt.Sprintf("broken link %q: %s", l.Dest, msg)
				}
				broken[target] = append(broken[target], place{t.Name, l.Line})
			}
		}
	}
	var out []Finding
	for _, target := range order {
		ps := broken[target]
		msg := msgs[target]
		var at []string
		for _, p := range ps {
			if a := fmt.Sprintf("%s:%d", strings.TrimPrefix(p.file, s.Dir+"/"), p.line); !slices.Contains(at, a) {
				at = append(at, a)
			}
		}
		if len(at) > 1 {
			msg += fmt.Sprintf("; also linked from %s", strings.Join(at[1:], ", "))
		}
		out = append(out, Finding{File: ps[0].file, Line: ps[0].line, Severity: SeverityError, Msg: msg})
	}
	return out
}

// brokenSibling says what is wrong with a relative link from the skill
// file rel, or returns "" (also for links that are not relative).
func (s *skill) brokenSibling(rel, dest string) string {
	target, ok := siblingTarget(rel, dest)
	if !ok {
		return ""
	}
	if target == "" || strings.HasPrefix(target, "../") {
		return "it leads out of the skill folder, which is published alone"
	}
	if !slices.Contains(s.Files, target) {
		return "no file " + target + " in " + s.Dir + " (copy it there, or fix the link)"
	}
	return ""
}

// siblingTarget resolves a relative link of the skill file rel to a path
// inside the skill folder, the way a browser resolves it against the
// published file (dot segments removed, a trailing slash or a double one
// kept); ok is false for absolute links, site paths and fragments. A
// target outside the folder starts with "../"; "" is the folder itself.
func siblingTarget(rel, dest string) (string, bool) {
	u, err := url.Parse(dest)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Path == "" || strings.HasPrefix(u.Path, "/") {
		return "", false
	}
	// A deep base, so that climbing out of the folder is seen rather than
	// stopped at the root.
	const folder = "/_/_/_/_/_/_/_/_/_/_/_/_/_/_/_/_/skill/"
	base := &url.URL{Scheme: "https", Host: "site", Path: folder + rel}
	got := base.ResolveReference(&url.URL{Path: u.Path}).Path
	target, inside := strings.CutPrefix(got, folder)
	if !inside {
		return "../" + strings.TrimPrefix(got, "/"), true
	}
	return target, true
}

// skillLinkURL is the site path a relative link of the skill file rel
// leads to once published (query and fragment kept); dest itself when it
// is not a relative link to a file of the folder.
func skillLinkURL(slug, rel, dest string) string {
	target, ok := siblingTarget(rel, dest)
	if !ok || target == "" || target == ".." || strings.HasPrefix(target, "../") {
		return dest
	}
	u, _ := url.Parse(dest)
	out := &url.URL{Path: skillURLPrefix + slug + "/" + target, RawQuery: u.RawQuery, Fragment: u.Fragment}
	return out.String()
}

var skillName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// checkSkillName checks a SKILL file's front matter against the Agent Skills format.
// The translation's name is checked against the original's, not again
// against the folder.
func checkSkillName(file, slug string, fm SkillFrontMatter, src []byte, orig bool) []Finding {
	var out []Finding
	bad := func(key, format string, args ...any) {
		out = append(out, Finding{File: file, Line: fmLine(src, key), Severity: SeverityWarning, Msg: "front matter: " + fmt.Sprintf(format, args...)})
	}
	switch n := utf8.RuneCountInString(fm.Name); {
	case n == 0 && fm.invalid["name"]:
	case n == 0:
		bad("name", "name is missing; it is required: the skill folder's name, 1-%d lowercase letters, digits and hyphens", maxNameLen)
	case n > maxNameLen:
		bad("name", "name has %d characters; at most %d are allowed", n, maxNameLen)
	case !skillName.MatchString(fm.Name):
		bad("name", "name %q: use lowercase letters, digits and single hyphens, not at the start or end", fm.Name)
	}
	if orig && fm.Name != "" && fm.Name != slug {
		bad("name", "name %q differs from the folder name %q; they must be the same", fm.Name, slug)
	}
	switch n := utf8.RuneCountInString(strings.TrimSpace(fm.Description)); {
	case n == 0 && fm.invalid["description"]:
	case n == 0:
		bad("description", "description is missing; it is required: up to %d characters on what the skill does and when to use it", maxDescLen)
	case n > maxDescLen:
		bad("description", "description has %d characters; at most %d are allowed", n, maxDescLen)
	}
	if n := utf8.RuneCountInString(fm.Compatibility); n > maxCompatLen {
		bad("compatibility", "compatibility has %d characters; at most %d are allowed", n, maxCompatLen)
	}
	return out
}

// fmLine is the line of a top-level key of a file's front matter; 1 when
// the key is absent.
func fmLine(src []byte, key string) int {
	text, first, _, err := markdown.SplitFrontMatter(src)
	if err != nil {
		return 1
	}
	if l, ok := yamlpos.KeyLines(text)[key]; ok {
		return l + first - 1
	}
	return 1
}
