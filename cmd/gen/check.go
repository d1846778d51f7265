package main

import (
	"fmt"
	"io"
	"os"

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

Notes are counted per file, after the errors and warnings; --notes lists
each. Stamp translated sections with gen stamp once a translator is done.

Exit status: 0 no errors (and, with --strict, no warnings), 1 otherwise,
2 usage or I/O problem.

flags:
`

// runCheck implements gen check.
func runCheck(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", checkUsage, stderr)
	content := fs.String("content", ".", "repository `dir`ectory holding content/")
	strict := fs.Bool("strict", false, "exit 1 on warnings (drift, stale sections, front matter) too")
	notes := fs.Bool("notes", false, "list every note; without it, notes are counted per file after the errors and warnings")
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
	for _, f := range findings {
		count[f.Severity]++
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
