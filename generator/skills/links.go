package skills

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"pairag.com/portal/internal/diag"
)

// Links of a skill's files are resolved as the agents that run the skill
// resolve them, not only as a browser does:
//
//   - {baseDir}/x, ${CLAUDE_SKILL_DIR}/x and the like name x beside
//     SKILL.md, whichever file holds the link;
//   - a link to a folder of the skill is fine;
//   - ../other/x is a file of the skill "other" when that skill is
//     published on the same site;
//   - a template file, which the skill copies into the agent's project,
//     is not checked: its links point into that project.
//
// A link that leads nowhere gets the nearest existing path as a hint.

// placeholder matches the skill-folder placeholders agent products expand
// at the start of a link.
var placeholder = regexp.MustCompile(`^(\{baseDir\}|\{base_dir\}|\{skillDir\}|\{skill_dir\}|\$\{?CLAUDE_SKILL_DIR\}?|\$\{?SKILL_DIR\}?|\$\{?CLAUDE_PLUGIN_ROOT\}?/skills/[a-z0-9-]+)/`)

// withoutPlaceholder returns the link relative to the skill folder and true
// when it starts with a placeholder.
func withoutPlaceholder(dest string) (string, bool) {
	if loc := placeholder.FindStringIndex(dest); loc != nil {
		return dest[loc[1]:], true
	}
	return dest, false
}

// templateExts are the extensions of files a skill ships to be filled in
// or copied, not read.
var templateExts = []string{".tmpl", ".tpl", ".template", ".j2", ".jinja", ".jinja2", ".hbs", ".mustache", ".liquid", ".njk"}

// IsTemplate says whether the file rel of a skill folder is a template: a
// file under a templates/ or assets/ folder, or with a template extension
// (also as an inner one: x.template.md). Templates are published as they
// are but not checked as documents.
func IsTemplate(rel string) bool {
	dir := "/" + path.Dir(rel) + "/"
	if strings.Contains(dir, "/templates/") || strings.Contains(dir, "/template/") || strings.Contains(dir, "/assets/") {
		return true
	}
	base := strings.ToLower(path.Base(rel))
	for _, ext := range templateExts {
		if strings.HasSuffix(base, ext) || strings.Contains(base, ext+".") {
			return true
		}
	}
	return false
}

// linkPlace is where a link was written.
type linkPlace struct {
	file string
	line int
}

// checkLinks reports relative links of the skill's Markdown files that do
// not lead to a file or folder of the skill (or of a sibling skill in
// published): one finding per missing target, at its first link, naming
// every place that links it.
func (s *Skill) checkLinks(published map[string]*Skill) []diag.Finding {
	broken := map[string][]linkPlace{}
	msgs := map[string]string{}
	var order []string
	for _, rel := range s.files {
		t := s.texts[rel]
		if t == nil || IsTemplate(rel) {
			continue
		}
		for _, l := range t.LinkTargets() {
			target, msg := s.resolve(rel, l.Dest, published)
			if msg == "" {
				continue
			}
			if broken[target] == nil {
				order = append(order, target)
				msgs[target] = fmt.Sprintf("broken link %q: %s", l.Dest, msg)
			}
			broken[target] = append(broken[target], linkPlace{t.Name, l.Line})
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

// resolve resolves a link of the skill file rel; msg says what is wrong
// with it, "" when nothing is (also for links that are not relative).
// target is the path it names, the key findings are grouped by.
func (s *Skill) resolve(rel, dest string, published map[string]*Skill) (target, msg string) {
	from := rel
	if d, ok := withoutPlaceholder(dest); ok {
		dest, from = d, skillFile // the placeholder is the folder of SKILL.md
	}
	target, ok := siblingTarget(from, dest)
	if !ok {
		return "", ""
	}
	if target == "" || s.has(target) {
		return target, ""
	}
	if up, ok := strings.CutPrefix(target, "../"); ok {
		slug, inSkill, inFolder := strings.Cut(up, "/")
		other := published[slug]
		switch {
		case !inFolder || other == nil || other == s:
			return target, "it leads out of the skill folder, which is published alone" + noSibling(slug, inFolder, published)
		case inSkill == "" || other.has(inSkill):
			return target, ""
		}
		return target, fmt.Sprintf("no file %s in the skill %s%s", inSkill, slug, other.nearest(inSkill))
	}
	return target, "no file " + target + " in " + s.dir + s.nearest(target) + " (copy it there, or fix the link)"
}

// noSibling explains a link that climbs out of a skill.
func noSibling(slug string, inFolder bool, published map[string]*Skill) string {
	if !inFolder || strings.HasPrefix(slug, "..") || slug == "" || len(published) == 0 {
		return ""
	}
	return fmt.Sprintf(" (no skill %q is published on this site to link to)", slug)
}

// has says whether rel is a file or a folder of the skill.
func (s *Skill) has(rel string) bool {
	rel = strings.TrimSuffix(rel, "/")
	if rel == "" {
		return true
	}
	_, file := s.data[rel]
	return file || s.lfs[rel] || slices.ContainsFunc(s.files, func(f string) bool { return strings.HasPrefix(f, rel+"/") })
}

// nearest suggests the existing path closest to a missing one: "; did you
// mean references/x.md?", or "" when nothing is close.
func (s *Skill) nearest(missing string) string {
	missing = strings.TrimSuffix(missing, "/")
	// the same file name in another folder first (./x.md for references/x.md)
	var same string
	for _, f := range s.files {
		if path.Base(f) == path.Base(missing) && (same == "" || distance(missing, f) < distance(missing, same)) {
			same = f
		}
	}
	if same != "" {
		return "; did you mean " + same + "?"
	}
	var best string
	bestD := len(missing)/3 + 2
	try := func(c string) {
		if d := distance(missing, c); d < bestD || d == bestD && c < best && best != "" {
			best, bestD = c, d
		}
	}
	seen := map[string]bool{}
	for _, f := range s.files {
		try(f)
		for d := path.Dir(f); d != "." && !seen[d]; d = path.Dir(d) {
			seen[d] = true
			try(d)
		}
	}
	if best == "" {
		return ""
	}
	return "; did you mean " + best + "?"
}

// distance is the Levenshtein distance of a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
