package main

import (
	"fmt"
	"io"
	"os"

	"pairag.com/portal/generator"
	"pairag.com/portal/protocol"
)

const checkUsage = `usage: gen check [--content DIR] [--strict]

Compares every translation with its original, docs pages
(content/zh-CN/** with content/en/**) and skill files (X.zh-CN.md with X.md
under content/skills/), section by section, and prints each finding as
file:line: severity: message:

  warning  drift, one finding per difference, where it is or where the
           missing part belongs: a section missing or extra, a heading
           level, a code block missing, extra or changed (comments set
           aside), inline code, a link target or a number on one side only
           or changed; a section whose original changed since it was
           stamped; an acknowledgement that expired; a skill's front
           matter against the Agent Skills format
  error    a skill file linking a file its folder does not have (once per
           missing file, naming every place that links it)
  info     a difference accepted with gen stamp --accept, a section never
           stamped, a skill file not translated

Stamp translated sections with gen stamp once a translator is done.

Exit status: 0 no errors (and, with --strict, no warnings), 1 otherwise,
2 usage or I/O problem.

flags:
`

// runCheck implements gen check.
func runCheck(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", checkUsage, stderr)
	content := fs.String("content", ".", "repository `dir`ectory holding content/")
	strict := fs.Bool("strict", false, "exit 1 on warnings (drift, stale sections, front matter) too")
	if _, code := parseFlags(fs, args, 0); code >= 0 {
		return code
	}
	findings, err := generator.Check(generator.Config{Content: os.DirFS(*content)})
	if err != nil {
		fmt.Fprintf(stderr, "gen check: %v\n", err)
		return 2
	}
	count := map[protocol.Severity]int{}
	for _, f := range findings {
		fmt.Fprintln(stdout, f)
		count[f.Severity]++
	}
	fmt.Fprintf(stdout, "gen check: %d error(s), %d warning(s), %d note(s)\n",
		count[generator.SeverityError], count[generator.SeverityWarning], count[generator.SeverityInfo])
	if count[generator.SeverityError] > 0 || (*strict && count[generator.SeverityWarning] > 0) {
		return 1
	}
	return 0
}
