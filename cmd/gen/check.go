package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"pairag.com/portal/generator"
	"pairag.com/portal/protocol"
)

const checkUsage = `usage: gen check [--content DIR] [--strict]

Runs every check gen build runs, without publishing (gen check and gen
build report the same errors and warnings for the same tree), and prints
each finding as file:line: severity: message:

  error    what makes gen build refuse the site: front matter, a page
           without its twin, an unknown directive, a missing label or
           translation, a broken link or anchor, a symbolic link leaving
           the sources, a skill file linking a file its folder lacks
  warning  drift between a translation and its original, one finding per
           difference (a section missing or extra, a heading level, a code
           block, inline code, a link target or a number on one side only);
           a section whose original changed since it was stamped; an
           acknowledgement that expired; a wording the glossary says to
           avoid; a skill's front matter against the Agent Skills format
  info     a difference accepted with gen stamp --accept, a section never
           stamped, a glossary term not used, a skill file not translated

Notes are counted per file, after the errors and warnings, and the
sections a translation lacks are one warning line per file, with their
count and the first of their names; --notes lists each note and each
missing section. Stamp translated sections with gen stamp once a
translator is done.

Exit status: 0 no errors (and, with --strict, no warnings), 1 otherwise,
2 usage or I/O problem.

flags:
`

// runCheck implements gen check.
func runCheck(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", checkUsage, stderr)
	content := fs.String("content", ".", "repository `dir`ectory holding content/")
	strict := fs.Bool("strict", false, "exit 1 on warnings (drift, stale sections, front matter) too")
	notes := fs.Bool("notes", false, "list every note and every missing section; without it, notes are counted per file after the errors and warnings, missing sections grouped per file")
	if _, code := parseFlags(fs, args, 0); code >= 0 {
		return code
	}
	findings, err := generator.Check(generator.Config{Content: os.DirFS(*content)})
	if err != nil {
		fmt.Fprintf(stderr, "gen check: %v\n", err)
		return 2
	}
	count := map[protocol.Severity]int{}
	var noted []string          // files with notes, in order
	perFile := map[string]int{} // notes of each file
	missing := missingSections(findings)
	for _, f := range findings {
		count[f.Severity]++
		if m := missing[f.File]; m != nil && !*notes && len(m.names) > 1 && missingName(f) != "" {
			if !m.printed {
				m.printed = true
				fmt.Fprintln(stdout, m.line(f))
			}
			continue
		}
		if f.Severity == generator.SeverityInfo && !*notes {
			if perFile[f.File] == 0 {
				noted = append(noted, f.File)
			}
			perFile[f.File]++
			continue
		}
		fmt.Fprintln(stdout, f)
	}
	for _, file := range noted { // a few warnings stay visible among hundreds of notes
		fmt.Fprintf(stdout, "%s: info: %d note(s); gen check --notes lists them\n", file, perFile[file])
	}
	fmt.Fprintf(stdout, "gen check: %d error(s), %d warning(s), %d note(s)\n",
		count[generator.SeverityError], count[generator.SeverityWarning], count[generator.SeverityInfo])
	if count[generator.SeverityError] > 0 || (*strict && count[generator.SeverityWarning] > 0) {
		return 1
	}
	return 0
}

// missingSection matches drift's warning that a translation lacks a
// section of its original, capturing the section's name.
var missingSection = regexp.MustCompile(`^section ("(?:[^"\\]|\\.)*") of the original \([^)]*:(\d+)\) is missing`)

// missingName is the quoted name of the section f says a translation
// lacks, or "", and its line in the original.
func missingName(f generator.Finding) string {
	name, _ := missingAt(f)
	return name
}

func missingAt(f generator.Finding) (string, int) {
	if f.Severity != generator.SeverityWarning {
		return "", 0
	}
	if m := missingSection.FindStringSubmatch(f.Msg); m != nil {
		line, _ := strconv.Atoi(m[2])
		return m[1], line
	}
	return "", 0
}

// missing are the sections one translation lacks, which gen check prints
// as one line (a partly translated file of 40 sections is one warning
// line, not 39).
type missing struct {
	names   []string // quoted, in the order of the original
	lines   []int    // of each in the original
	printed bool
}

// line is the one line of a file's missing sections, at the first one.
func (m *missing) line(first generator.Finding) string {
	const shown = 3
	names := strings.Join(m.names[:min(shown, len(m.names))], ", ")
	if len(m.names) > shown {
		names += fmt.Sprintf(" and %d more", len(m.names)-shown)
	}
	f := first
	f.Msg = fmt.Sprintf("%d sections of the original are missing (not translated yet): %s; gen check --notes lists each with where it belongs", len(m.names), names)
	return f.String()
}

// missingSections groups the missing sections of findings by file.
func missingSections(findings []generator.Finding) map[string]*missing {
	out := map[string]*missing{}
	for _, f := range findings {
		if name, line := missingAt(f); name != "" {
			m := out[f.File]
			if m == nil {
				m = &missing{}
				out[f.File] = m
			}
			i, _ := slices.BinarySearch(m.lines, line)
			m.names, m.lines = slices.Insert(m.names, i, name), slices.Insert(m.lines, i, line)
		}
	}
	return out
}
