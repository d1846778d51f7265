package skills

import (
	"fmt"
	"io/fs"
	"net/url"
	"regexp"
	"strings"

	"github.com/goccy/go-yaml"

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/yamlpos"
	"pairag.com/portal/internal/diag"
)

// RecordFile is the portal's record of a third-party skill, beside its
// SKILL.md. It is ours, not the author's: it is never published with the
// skill's files.
const RecordFile = "SKILL.source.yaml"

// Record is a third-party skill's SKILL.source.yaml: where the skill comes from
// and which of its findings the portal has accepted. A skill with a record
// is the author's work, published as it is: its own problems are findings
// on it, never a reason to refuse the site. A skill without one is ours
// and held to the site's rules.
type Record struct {
	Source  string   `yaml:"source"`  // the repository, an https:// URL
	Commit  string   `yaml:"commit"`  // the commit the files were copied from
	License string   `yaml:"license"` // the license the author publishes the skill under (an SPDX id, or its file)
	Accept  []Accept `yaml:"accept"`  // findings known and accepted

	line int // of the first accept entry's file, for findings about the list
}

// Accept is one known finding of a third-party skill, accepted on the
// record: a finding whose message contains Finding (in File, when given:
// a path inside the skill folder) is a note instead of a warning. An entry
// that no longer matches a finding is a warning, so it does not outlive
// the problem it accepted.
type Accept struct {
	File    string `yaml:"file"`
	Finding string `yaml:"finding"`

	line int
}

// ThirdPartyPath says whether file (a path of fsys) lies inside a skill
// folder that has a record, so its problems are the third party's.
func ThirdPartyPath(fsys fs.FS, file string) bool {
	rest, ok := strings.CutPrefix(file, skillsDir+"/")
	slug, _, inside := strings.Cut(rest, "/")
	if !ok || !inside || slug == "" {
		return false
	}
	_, err := fs.Stat(fsys, skillsDir+"/"+slug+"/"+RecordFile)
	return err == nil
}

var commitID = regexp.MustCompile(`^[0-9a-f]{7,64}$`)

// loadRecord reads a skill's record; nil when the skill has none (it is
// ours). A record that cannot be read still marks the skill as third
// party: the writer meant it to be one.
func loadRecord(file string, data []byte) (*Record, []diag.Finding) {
	var out []diag.Finding
	bad := func(line int, format string, args ...any) {
		out = append(out, diag.Finding{File: file, Line: line, Severity: diag.SeverityWarning, Msg: fmt.Sprintf(format, args...)})
	}
	r := &Record{}
	if line, msg := markdown.CheckYAML(data); msg != "" {
		bad(line, "%s", msg)
		return r, out
	}
	if err := yaml.UnmarshalWithOptions(data, r, yaml.Strict()); err != nil {
		line, msg := yamlpos.ErrorPos(err)
		bad(line, "%s; the keys are source, commit, license and accept (a list of file and finding)", msg)
		return &Record{}, out
	}
	lines := yamlpos.KeyLines(data)
	at := func(key string) int { return max(lines[key], 1) }
	if u, err := url.Parse(r.Source); r.Source == "" || err != nil || u.Scheme != "https" || u.Host == "" {
		bad(at("source"), "source %q: give the https:// URL of the repository the skill was copied from", r.Source)
	}
	if !commitID.MatchString(r.Commit) {
		bad(at("commit"), "commit %q: give the full commit id the files were copied from (git rev-parse HEAD in the author's repository)", r.Commit)
	}
	if strings.TrimSpace(r.License) == "" {
		bad(at("license"), "license is missing: name the license the author publishes the skill under (an SPDX id such as MIT, or the license file)")
	}
	r.line = at("accept")
	acceptLines := entryLines(data, "finding")
	for i := range r.Accept {
		if i < len(acceptLines) {
			r.Accept[i].line = acceptLines[i]
		} else {
			r.Accept[i].line = r.line
		}
		if strings.TrimSpace(r.Accept[i].Finding) == "" {
			bad(r.Accept[i].line, "accept entry %d has no finding: give the text of the finding it accepts", i+1)
		}
	}
	return r, out
}

// entryLines are the lines of the list entries' key, in order.
func entryLines(data []byte, key string) []int {
	var out []int
	for i, l := range strings.Split(string(data), "\n") {
		t := strings.TrimLeft(strings.TrimSpace(l), "- ")
		if strings.HasPrefix(t, key+":") {
			out = append(out, i+1)
		}
	}
	return out
}

// quarantine turns the findings of a third-party skill into what they are
// for the site: an accepted finding is a note, an error a warning (the
// skill still publishes, and so does the site), and an accept entry that
// matched nothing a warning at its line.
func (r *Record) quarantine(dir string, findings []diag.Finding) []diag.Finding {
	used := make([]bool, len(r.Accept))
	out := make([]diag.Finding, 0, len(findings))
	for _, f := range findings {
		if f.Severity != diag.SeverityInfo {
			if i := r.accepts(dir, f); i >= 0 {
				used[i] = true
				f.Severity = diag.SeverityInfo
				f.Msg += fmt.Sprintf(" (accepted in %s:%d)", RecordFile, r.Accept[i].line)
			} else if f.Severity == diag.SeverityError {
				f.Severity = diag.SeverityWarning
			}
		}
		out = append(out, f)
	}
	for i, a := range r.Accept {
		if !used[i] && strings.TrimSpace(a.Finding) != "" {
			out = append(out, diag.Finding{File: dir + "/" + RecordFile, Line: a.line, Severity: diag.SeverityWarning,
				Msg: fmt.Sprintf("accept entry %q matches no finding of the skill any more: remove it", a.Finding)})
		}
	}
	return out
}

// accepts returns the index of the accept entry that covers f, or -1.
func (r *Record) accepts(dir string, f diag.Finding) int {
	for i, a := range r.Accept {
		if a.Finding == "" || !strings.Contains(f.Msg, a.Finding) {
			continue
		}
		if a.File == "" || f.File == dir+"/"+strings.TrimPrefix(a.File, "./") {
			return i
		}
	}
	return -1
}
