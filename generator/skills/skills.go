package skills

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
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/internal/langs"
	"pairag.com/portal/internal/scratch"
	"pairag.com/portal/internal/yamlpos"
)

// The site languages: a skill is written in English, translated into Chinese.
const (
	en = langs.EN
	zh = langs.ZH
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

// frontMatter is the YAML header of a SKILL.md: the fields of the
// Agent Skills format plus the version and author many skills carry.
// Unknown keys are findings. Scalars keep their text as written.
type frontMatter struct {
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

// Skill is one folder of content/skills/, loaded and checked: what the
// builder publishes (its files, its page in each language) and what gen
// check and gen stamp compare (its translated files).
type Skill struct {
	Slug  string                       // the folder's name: the skill's URL is /skills/<slug>/
	dir   string                       // content/skills/<slug>
	files []string                     // every file of the folder, relative to it, sorted
	data  map[string][]byte            // contents by relative name
	texts map[string]*drift.TextFile   // the Markdown files, split into sections
	fm    [2]frontMatter               // of SKILL.md and SKILL.zh-CN.md
	pairs map[string]*drift.Comparison // by original's relative name; nil entries for none
}

// Comparisons are the skill's translated files compared with their
// originals, in file order: gen check reports their findings, gen stamp
// writes their stamps, and the build reports them as it does a page's.
func (s *Skill) Comparisons() []*drift.Comparison {
	var out []*drift.Comparison
	for _, rel := range s.files {
		if c := s.pairs[rel]; c != nil {
			out = append(out, c)
		}
	}
	return out
}

// orig and tr are the two SKILL files; tr is nil when the skill is not translated.
func (s *Skill) orig() *drift.TextFile { return s.texts[skillFile] }
func (s *Skill) tr() *drift.TextFile   { return s.texts[skillFileZH] }

// Load reads every skill folder of content/skills in fsys, compares each
// translated file with its original and checks front matter and links to
// sibling files. The findings are the skills' own; those of the
// comparisons are in [Skill.Comparisons]. No folder is no skills.
func Load(fsys fs.FS) ([]*Skill, []diag.Finding) {
	entries, err := fs.ReadDir(fsys, skillsDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []diag.Finding{{File: skillsDir, Severity: diag.SeverityError, Msg: fmt.Sprintf("read skills: %v", err)}}
	}
	var skills []*Skill
	var out []diag.Finding
	for _, e := range entries {
		switch {
		case scratch.Is(e.Name()):
		case !e.IsDir():
			out = append(out, diag.Finding{File: skillsDir + "/" + e.Name(), Severity: diag.SeverityWarning, Msg: "ignored: a skill is a folder holding SKILL.md"})
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
func loadSkill(fsys fs.FS, slug string) (*Skill, []diag.Finding) {
	s := &Skill{Slug: slug, dir: skillsDir + "/" + slug, data: map[string][]byte{}, texts: map[string]*drift.TextFile{}, pairs: map[string]*drift.Comparison{}}
	var out []diag.Finding
	err := fs.WalkDir(fsys, s.dir, func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || scratch.Is(d.Name()) {
			return err
		}
		data, err := fs.ReadFile(fsys, file)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(file, s.dir+"/")
		s.files = append(s.files, rel)
		s.data[rel] = data
		return nil
	})
	if err != nil {
		return nil, []diag.Finding{{File: s.dir, Severity: diag.SeverityError, Msg: fmt.Sprintf("read skill: %v", err)}}
	}
	if s.data[skillFile] == nil {
		return nil, []diag.Finding{{File: s.dir, Severity: diag.SeverityWarning, Msg: "no " + skillFile + ": the folder is not published"}}
	}
	for _, rel := range s.files {
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
func (s *Skill) loadText(rel string) []diag.Finding {
	file, data := s.dir+"/"+rel, s.data[rel]
	var out []diag.Finding
	if msg := markdown.TooLarge(len(data)); msg != "" {
		// published as it is, but neither rendered nor compared
		out = append(out, diag.Finding{File: file, Line: 1, Severity: diag.SeverityError, Msg: msg})
		data = nil
	}
	for _, f := range markdown.CheckBytes(file, data) {
		out = append(out, *f)
	}
	body := 0
	if rel == skillFile || rel == skillFileZH {
		var fm frontMatter
		var found []diag.Finding
		fm, body, found = parseSkillFrontMatter(file, data)
		out = append(out, found...)
		s.fm[btoi(rel == skillFileZH)] = fm
		if !fm.broken {
			out = append(out, checkSkillName(file, s.Slug, fm, data, rel == skillFile)...)
		}
	} else if _, _, b, err := markdown.SplitFrontMatter(data); err == nil {
		body = b
	}
	s.texts[rel] = drift.NewTextFile(file, data, body)
	return out
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pair compares every translated Markdown file with its original.
func (s *Skill) pair() []diag.Finding {
	var out []diag.Finding
	for _, rel := range s.files {
		if path.Ext(rel) != ".md" {
			continue
		}
		if drift.IsTranslation(rel) {
			orig := strings.TrimSuffix(rel, "."+zh+".md") + ".md"
			if s.texts[orig] == nil {
				out = append(out, diag.Finding{File: s.dir + "/" + rel, Severity: diag.SeverityWarning, Msg: "translation of " + orig + ", which does not exist"})
			}
			continue
		}
		t := s.texts[drift.TranslationName(rel)]
		if t == nil {
			out = append(out, diag.Finding{File: s.dir + "/" + rel, Severity: diag.SeverityInfo, Msg: "not translated: add " + path.Base(drift.TranslationName(rel))})
			continue
		}
		s.pairs[rel] = drift.Compare(s.texts[rel], t, nil) // its findings are reported with the pair's
	}
	if t := s.tr(); t != nil && s.fm[1].Name != s.fm[0].Name {
		out = append(out, diag.Finding{File: t.Name, Line: fmLine(t.Src, "name"), Severity: diag.SeverityWarning, Msg: fmt.Sprintf("front matter: name %q differs from %q of %s: the name is not translated", s.fm[1].Name, s.fm[0].Name, skillFile)})
	}
	return out
}

// checkLinks reports relative links of the skill's Markdown files that do
// not lead to a file of the skill folder: one finding per missing target,
// at its first link, naming every place that links it.
func (s *Skill) checkLinks() []diag.Finding {
	type place struct {
		file string
		line int
	}
	broken := map[string][]place{}
	msgs := map[string]string{}
	var order []string
	for _, rel := range s.files {
		t := s.texts[rel]
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
	var out []diag.Finding
	for _, target := range order {
		ps := broken[target]
		msg := msgs[target]
		var at []string
		for _, p := range ps {
			if a := fmt.Sprintf("%s:%d", strings.TrimPrefix(p.file, s.dir+"/"), p.line); !slices.Contains(at, a) {
				at = append(at, a)
			}
		}
		if len(at) > 1 {
			msg += fmt.Sprintf("; also linked from %s", strings.Join(at[1:], ", "))
		}
		out = append(out, diag.Finding{File: ps[0].file, Line: ps[0].line, Severity: diag.SeverityError, Msg: msg})
	}
	return out
}

// brokenSibling says what is wrong with a relative link from the skill
// file rel, or returns "" (also for links that are not relative).
func (s *Skill) brokenSibling(rel, dest string) string {
	target, ok := siblingTarget(rel, dest)
	if !ok {
		return ""
	}
	if target == "" || strings.HasPrefix(target, "../") {
		return "it leads out of the skill folder, which is published alone"
	}
	if !slices.Contains(s.files, target) {
		return "no file " + target + " in " + s.dir + " (copy it there, or fix the link)"
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
func checkSkillName(file, slug string, fm frontMatter, src []byte, orig bool) []diag.Finding {
	var out []diag.Finding
	bad := func(key, format string, args ...any) {
		out = append(out, diag.Finding{File: file, Line: fmLine(src, key), Severity: diag.SeverityWarning, Msg: "front matter: " + fmt.Sprintf(format, args...)})
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
