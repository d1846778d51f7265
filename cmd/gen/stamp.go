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
	"pairag.com/portal/generator/safewrite"
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

Each file is replaced atomically (a kill leaves the old or the new file,
whole). A file that changed after gen read it (a save in an editor), one
that does not fit on the disk, and a translation behind a symbolic link
that leaves the sources are not written, and say why; the other files
are stamped.

Exit status: 0 done, 1 a FILE is not part of a translated pair, 2 usage or
I/O problem, or a file not written.

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
	code = stampErrors(err, stderr)
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
		if err := writeStamped(*content, f); err != nil {
			fmt.Fprintf(stderr, "gen stamp: %v\n", err)
			code = 2
			continue
		}
		fmt.Fprintf(stdout, "%s: %d section(s) stamped, %d already current, %d difference(s) accepted\n", f.File, f.Changed, f.Unchanged, len(f.Accepted))
	}
	return code
}

// stampErrors prints the errors of generator.Stamp and returns the exit
// code they call for: 1 for a FILE not part of a translated pair, 2 for
// symbolic links that leave the sources and anything else.
func stampErrors(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	code := 0
	for _, err := range errs {
		var links generator.ErrorList
		switch {
		case errors.As(err, &links):
			fmt.Fprintln(stderr, links.Error())
			fmt.Fprintf(stderr, "gen stamp: %d symbolic link(s) leave the sources: nothing behind them was read or stamped\n", len(links))
			code = 2
		case errors.Is(err, generator.ErrNotPaired):
			fmt.Fprintf(stderr, "gen stamp: %v\n", err)
			code = max(code, 1)
		default:
			fmt.Fprintf(stderr, "gen stamp: %v\n", err)
			code = 2
		}
	}
	return code
}

// beforeStampWrite, when a test sets it, runs between gen stamp's reading
// of a translation and its writing the stamps back.
var beforeStampWrite func(name string)

// writeStamped writes f's new contents into the repository repo, through
// package safewrite: atomically, only if the file still holds what
// generator.Stamp read, and only inside the repository. A refusal's
// message is in both languages, for the translator.
func writeStamped(repo string, f generator.StampedFile) error {
	name := filepath.Join(repo, filepath.FromSlash(f.File))
	file, err := safewrite.Read(name, safewrite.Options{Within: repo})
	if err == nil {
		if beforeStampWrite != nil {
			beforeStampWrite(name)
		}
		err = file.Replace(f.Old, f.Data)
	}
	var e *safewrite.Error
	if errors.As(err, &e) {
		return fmt.Errorf("%s\n  %s", e.Message("en"), e.Message("zh-CN"))
	}
	return err
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
