package skills

import (
	"bytes"
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
	"pairag.com/portal/generator/langs"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/scratch"
	"pairag.com/portal/generator/yamlpos"
	"pairag.com/portal/internal/diag"
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
	Extra         []extraKey // product and unknown keys, in the order of the file

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

	// Record is the portal's record of a third-party skill (SKILL.source.yaml);
	// nil for our own skills.
	Record   *Record
	findings []diag.Finding  // the skill's own, as reported
	lfs      map[string]bool // Git LFS pointers in the folder: reported once, not published
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
// sibling files and sibling skills. The findings are the skills' own; those
// of the comparisons are in [Skill.Comparisons]. No folder is no skills.
//
// A skill with a record ([Record], SKILL.source.yaml) is a third party's: its own
// problems are warnings (or notes, when the record accepts them), kept on
// the skill for its page ([Skill.Findings]); one that cannot be published
// safely (a folder name that is no valid skill name, a name another skill
// has, a folder that cannot be read) is left out with a warning naming it.
// Our own skills keep their errors.
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
	found := map[*Skill][]diag.Finding{}
	for _, e := range entries {
		switch {
		case scratch.Is(e.Name()):
		case !e.IsDir():
			out = append(out, diag.Finding{File: skillsDir + "/" + e.Name(), Severity: diag.SeverityWarning, Msg: "ignored: a skill is a folder holding SKILL.md"})
		default:
			s, f := loadSkill(fsys, e.Name())
			if s == nil {
				out = append(out, f...)
				continue
			}
			found[s] = f
			skills = append(skills, s)
		}
	}
	skills, left := leaveOut(skills, found)
	out = append(out, left...)
	published := map[string]*Skill{}
	for _, s := range skills {
		published[s.Slug] = s
	}
	for _, s := range skills {
		f := append(found[s], s.checkLinks(published)...)
		if s.Record != nil {
			f = s.Record.quarantine(s.dir, f)
		}
		s.findings = f
		out = append(out, f...)
	}
	return skills, out
}

// leaveOut removes the skills that cannot be published as they are: a
// folder name that is no valid skill name (it would be an invalid URL and
// id), or a name an earlier skill has (installers key skills by name). Our
// own skill's problem is an error; a third party's is a warning, and the
// rest of its findings are not reported, since nothing of it is published.
func leaveOut(skills []*Skill, found map[*Skill][]diag.Finding) ([]*Skill, []diag.Finding) {
	var kept []*Skill
	var out []diag.Finding
	names := map[string]*Skill{}
	for _, s := range skills {
		if s.fm[0].Name == s.Slug && validName(s.Slug) {
			names[s.Slug] = s // a skill named as its folder keeps its name
		}
	}
	for _, s := range skills {
		why := ""
		switch name := s.fm[0].Name; {
		case !validName(s.Slug):
			why = fmt.Sprintf("the folder name %q is not a valid skill name (1-%d lowercase letters, digits and single hyphens): rename the folder%s", s.Slug, maxNameLen, slugHint(s.Slug))
		case name != "" && names[name] != nil && names[name] != s:
			why = fmt.Sprintf("its name %q is the name of the skill in %s too: installers tell skills apart by name, so give one of them another name (and folder)", name, names[name].dir)
		}
		if why == "" {
			if name := s.fm[0].Name; name != "" {
				names[name] = s
			}
			kept = append(kept, s)
			continue
		}
		f := diag.Finding{File: s.dir + "/" + skillFile, Line: 1, Severity: diag.SeverityError, Msg: "skill left out of the site: " + why}
		if s.fm[0].Name != "" {
			f.Line = fmLine(s.data[skillFile], "name")
		}
		if s.Record != nil {
			f.Severity = diag.SeverityWarning
			out = append(out, f)
			continue
		}
		out = append(out, append(found[s], f)...)
	}
	return kept, out
}

// validName says whether a folder name is a valid skill name, and so a
// safe URL segment and id.
func validName(slug string) bool {
	return len(slug) <= maxNameLen && skillName.MatchString(slug)
}

// slugHint suggests a valid folder name for an invalid one.
func slugHint(slug string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(slug) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	hint := strings.TrimSuffix(b.String(), "-")
	if len(hint) > maxNameLen || hint == "" || hint == slug {
		return ""
	}
	return fmt.Sprintf(", for instance to %q (and its name with it)", hint)
}

// Findings are what the checks found in the skill's own files, as the
// build reports them (for a third-party skill: warnings and accepted
// notes): its page lists them for the writer.
func (s *Skill) Findings() []diag.Finding { return slices.Clone(s.findings) }

// ThirdParty says whether the skill is a third party's, with a record.
func (s *Skill) ThirdParty() bool { return s.Record != nil }

// lfsPointer is how a Git LFS pointer file starts: the repository held the
// pointer, not the file, when the skill was copied.
var lfsPointer = []byte("version https://git-lfs.github.com/spec/")

// pageFile is where the skill's own page is written in its folder's URL: a
// file of that name at the top of the folder would be overwritten.
const pageFile = "index.html"

// maxLFSPointer is the largest size of a pointer file (the LFS spec says
// pointers are under 1024 bytes).
const maxLFSPointer = 1024

// skippedName says whether a name in a skill folder is left out of the
// skill: .git, and the scratch files of editors. Other dot files are the
// author's (.zshrc, .prettierrc) and published like any file.
func skippedName(name string) bool {
	if name == ".git" {
		return true
	}
	if !scratch.Is(name) {
		return false
	}
	if !strings.HasPrefix(name, ".") {
		return true
	}
	return strings.HasPrefix(name, ".#") || strings.HasPrefix(name, ".goutputstream-") || scratch.Is(name[1:]) ||
		strings.Contains(name, ".gen-") && strings.HasSuffix(name, ".tmp")
}

// MaxFiles is the most files one skill folder may hold (the largest of 25
// public skills has 83): a folder with more is not read past the limit
// and the skill is left out of the site, with a finding at its folder (an
// error in our skills, a warning in a third party's), while every other
// skill and page publishes. A skill is installed by copying every file,
// so publishing part of it would publish a broken skill.
const MaxFiles = 2000

// errTooManyFiles stops the walk of a folder past MaxFiles.
var errTooManyFiles = errors.New("too many files")

// loadSkill reads one skill folder; nil when it has no SKILL.md.
func loadSkill(fsys fs.FS, slug string) (*Skill, []diag.Finding) {
	s := &Skill{Slug: slug, dir: skillsDir + "/" + slug, data: map[string][]byte{}, texts: map[string]*drift.TextFile{}, pairs: map[string]*drift.Comparison{}, lfs: map[string]bool{}}
	var out []diag.Finding
	err := fs.WalkDir(fsys, s.dir, func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if file != s.dir && skippedName(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if len(s.files) >= MaxFiles {
			return errTooManyFiles
		}
		data, err := fs.ReadFile(fsys, file)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(file, s.dir+"/")
		if rel == RecordFile {
			var found []diag.Finding
			s.Record, found = loadRecord(file, data)
			out = append(out, found...)
			return nil
		}
		if len(data) < maxLFSPointer && bytes.HasPrefix(data, lfsPointer) {
			out = append(out, diag.Finding{File: file, Line: 1, Severity: diag.SeverityError,
				Msg: "a Git LFS pointer, not the file itself: it is not published; run git lfs pull in the author's repository and copy the real file in"})
			s.lfs[rel] = true // links to it are not broken again
			return nil
		}
		if rel == pageFile {
			out = append(out, diag.Finding{File: file, Line: 1, Severity: diag.SeverityError,
				Msg: "/skills/" + slug + "/" + pageFile + " is the skill's page on this site, so this file is not published there; link it from SKILL.md under another name, or ask the author to move it"})
			return nil
		}
		s.files = append(s.files, rel)
		s.data[rel] = data
		return nil
	})
	if errors.Is(err, errTooManyFiles) {
		f := diag.Finding{File: s.dir, Severity: diag.SeverityError, Msg: fmt.Sprintf(
			"skill left out of the site: the folder holds more than %d files, over the limit for one skill; remove what the skill does not need (build output, node_modules, test data), or split it into several skills", MaxFiles)}
		if ThirdPartyPath(fsys, s.dir+"/"+skillFile) {
			f.Severity = diag.SeverityWarning
		}
		return nil, []diag.Finding{f}
	}
	if err != nil {
		f := diag.Finding{File: s.dir, Severity: diag.SeverityError, Msg: fmt.Sprintf("read skill: %v", err)}
		if ThirdPartyPath(fsys, s.dir+"/"+skillFile) {
			f.Severity, f.Msg = diag.SeverityWarning, "skill left out of the site: "+f.Msg
		}
		return nil, append(out, f)
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
		fm, body, found = parseSkillFrontMatter(file, data, s.Record == nil)
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
		if path.Ext(rel) != ".md" || IsTemplate(rel) {
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
		// as many ../ as the link climbed above the folder, then the rest
		up, dir := "../", path.Dir(strings.TrimSuffix(folder, "/"))+"/"
		for !strings.HasPrefix(got, dir) && dir != "/" {
			up, dir = up+"../", path.Dir(strings.TrimSuffix(dir, "/"))+"/"
		}
		return up + strings.TrimPrefix(got, dir), true
	}
	return target, true
}

// skillLinkURL is the site path a relative link of the skill file rel
// leads to once published (query and fragment kept); dest itself when it
// is not a relative link to a file of the folder.
func skillLinkURL(slug, rel, dest string) string {
	if d, ok := withoutPlaceholder(dest); ok {
		rel, dest = skillFile, d
	}
	target, ok := siblingTarget(rel, dest)
	if sibling, ok := strings.CutPrefix(target, "../"); ok && !strings.HasPrefix(sibling, "../") && strings.Contains(sibling, "/") {
		u, _ := url.Parse(dest)
		return (&url.URL{Path: skillURLPrefix + sibling, RawQuery: u.RawQuery, Fragment: u.Fragment}).String() // a sibling skill's file
	}
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
