package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"pairag.com/portal/generator"
	"pairag.com/portal/internal/diag"
)

const stampUsage = `usage: gen stamp [--content DIR] [--accept] [FILE...]

Run it when a translator is done. For each section of a translation that
pairs with a section of its original, writes the digest of the original
section as a comment on the line after the heading (before the first line
of the intro):

  ## 工作流程
  <!-- source: 3f2a9c1b -->

When the original section later changes, gen check and the skill pages
mark the translated section as stale until it is updated and stamped again.

A deliberate difference (a translated example, a number left out on
purpose) is accepted with --accept: every difference gen check finds in a
stamped section is then recorded under the stamp, one line each, naming
what it accepts:

  <!-- accepted 9c0d1e2f: number "5" is missing -->

gen stamp prints each difference it accepts and each it leaves open. An
acknowledgement lasts until either side of the section changes; gen check
then reports the difference again. Nothing else in the file changes. Without FILEs every translated pair is
stamped (docs pages and skill files); FILEs (originals or translations)
limit it to their pairs.

Exit status: 0 done, 1 a FILE is not part of a translated pair, 2 usage or I/O problem.

flags:
`

// runStamp implements gen stamp.
func runStamp(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("stamp", stampUsage, stderr)
	content := fs.String("content", ".", "repository `dir`ectory holding content/")
	accept := fs.Bool("accept", false, "acknowledge every difference now found in the stamped sections")
	args, code := parseFlags(fs, args, math.MaxInt)
	if code >= 0 {
		return code
	}
	var files []string
	for _, a := range args {
		rel, err := contentPath(*content, a)
		if err != nil {
			fmt.Fprintf(stderr, "gen stamp: %v\n", err)
			return 2
		}
		files = append(files, rel)
	}
	out, err := generator.Stamp(os.DirFS(*content), generator.StampOptions{Accept: *accept}, files...)
	code = 0
	switch {
	case errors.Is(err, generator.ErrNotPaired):
		fmt.Fprintf(stderr, "gen stamp: %v\n", err)
		code = 1
	case err != nil:
		fmt.Fprintf(stderr, "gen stamp: %v\n", err)
		return 2
	}
	for _, f := range out {
		for _, a := range f.Accepted {
			fmt.Fprintln(stdout, diag.Format(a.File, a.Line, 0, "accepting", a.Msg))
		}
		for _, a := range f.Open {
			fmt.Fprintln(stdout, diag.Format(a.File, a.Line, 0, "left open (gen stamp --accept to accept it)", a.Msg))
		}
		if f.Changed == 0 {
			continue
		}
		name := filepath.Join(*content, filepath.FromSlash(f.File))
		info, err := os.Stat(name)
		if err == nil {
			err = os.WriteFile(name, f.Data, info.Mode().Perm())
		}
		if err != nil {
			fmt.Fprintf(stderr, "gen stamp: %v\n", err)
			return 2
		}
		fmt.Fprintf(stdout, "%s: %d section(s) stamped, %d already current, %d difference(s) accepted\n", f.File, f.Changed, f.Unchanged, len(f.Accepted))
	}
	return code
}

// contentPath turns a file name given on the command line into a path
// inside the content directory.
func contentPath(content, file string) (string, error) {
	root, err := filepath.Abs(content)
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%s is not inside %s", file, content)
	}
	return filepath.ToSlash(rel), nil
}
