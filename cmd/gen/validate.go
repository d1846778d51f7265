package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"pairag.com/portal/generator/safewrite"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/generator/verdict"
	"pairag.com/portal/protocol"
	"pairag.com/portal/protocol/spec"
)

const validateUsage = `usage: gen validate [--tier free|pro|ultra] [--lang en|zh-CN] [--format text|json] [--version N] [--fix] FILE|-

Checks a pairag_task_publish payload the way the Pairag app does and
prints every finding as file:line:col: severity: message [code].
The payload is judged by the protocol version its manifest.version names
(the current one when it names none we know); --version forces one. A
retired version is an error, with a finding, and where it is mechanical a
fix, for each change since.
FILE "-" (or no FILE) reads standard input. An unknown tier is treated as free.
--fix writes the mechanical fixes (aliases, trailing commas, ...) back to FILE
before reporting; with standard input, the fixed payload goes to standard
output and the findings to standard error. FILE is replaced atomically (a
kill leaves the old or the new file, whole); when it changed after gen read
it (an editor saved it), or the disk is full, nothing is written, the exit
status is 2 and the message says why.

Exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage or I/O problem.

flags:
`

// runValidate implements gen validate.
func runValidate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("validate", validateUsage, stderr)
	tier := fs.String("tier", "free", "creator's membership tier: free, pro or ultra")
	lang := fs.String("lang", "en", "language of the messages: en or zh-CN")
	format := fs.String("format", "text", "output format: text or json")
	fix := fs.Bool("fix", false, "apply mechanical fixes to the file")
	version := fs.String("version", "", "protocol version to judge by (18 or 18.0); default: the payload's manifest.version")
	args, code := parseFlags(fs, args, math.MaxInt)
	if code >= 0 {
		return code
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "gen validate: --format must be text or json, not %q\n", *format)
		return 2
	}
	if *lang != "en" && *lang != "zh-CN" {
		fmt.Fprintf(stderr, "gen validate: --lang must be en or zh-CN, not %q\n", *lang)
		return 2
	}
	if *version != "" {
		if _, ok := spec.Lookup(protocolVersions(), *version); !ok {
			fmt.Fprintf(stderr, "gen validate: --version %q is not a published version (%s)\n", *version, versionList())
			return 2
		}
	}
	if len(args) > 1 {
		fmt.Fprintln(stderr, "gen validate: give one file (or - for standard input)")
		return 2
	}
	name := "-"
	if len(args) == 1 {
		name = args[0]
	}
	text, size, file, err := readInput(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "gen validate: %v\n", err)
		return 2
	}
	labels := tierLabels // content/labels.yaml as built in, from any directory
	opts := protocol.Options{Tier: *tier, Lang: *lang, Version: *version, Versions: protocolVersions(), TierLabels: labels, InputSize: size,
		Docs: site.FindingDocs(protocol.Default(), site.DefaultBaseURL)}
	var res protocol.Result
	if *fix {
		if res, err = fixFile(name, file, text, opts, stdout, stderr); err != nil {
			fmt.Fprintf(stderr, "gen validate: %s\n", verdict.ErrorText(err, *lang))
			return 2
		}
	} else {
		res = protocol.Validate(text, opts)
	}
	out := stdout
	if *fix && name == "-" {
		out = stderr // standard output carries the fixed payload
	}
	if err := verdict.Write(out, verdict.DisplayName(name), res, *format, *lang, labels); err != nil {
		fmt.Fprintf(stderr, "gen validate: %v\n", err)
		return 2
	}
	if !res.Valid {
		return 1
	}
	return 0
}

// protocolVersions returns the versions a payload may name; tests add the
// fixture version of protocol/testdata.
var protocolVersions = protocol.Versions

// versionList names the published versions for a usage message.
func versionList() string {
	var names []string
	for _, d := range protocolVersions() {
		names = append(names, d.Version)
	}
	return strings.Join(names, ", ")
}

// readInput reads at most one byte more than the validator accepts, and
// returns the input's whole size when it is known, so an oversized file is
// reported with its real size. A file (not standard input) comes with
// what --fix needs to write it back safely.
func readInput(name string, stdin io.Reader) (text []byte, size int64, file *safewrite.File, err error) {
	limit := int64(protocol.Default().Limits.MaxBytes) + 1
	if name == "-" {
		text, err = io.ReadAll(io.LimitReader(stdin, limit))
		if err != nil {
			return nil, 0, nil, fmt.Errorf("read standard input: %w", err)
		}
		return text, int64(len(text)), nil, nil
	}
	if info, err := os.Stat(name); err == nil && info.IsDir() {
		return nil, 0, nil, fmt.Errorf("%s is a directory; give a JSON file (or - for standard input)", name)
	}
	file, err = safewrite.Read(name, safewrite.Options{Limit: limit})
	if err != nil {
		return nil, 0, nil, err
	}
	return file.Data, file.Size, file, nil
}

// beforeFixWrite, when a test sets it, runs between reading the file and
// writing its fixes back.
var beforeFixWrite func(name string)

// fixFile applies every mechanical fix to the input and writes the
// result back: to FILE when anything changed, to standard output for "-".
// It returns the result of validating the fixed text. Fixes that would
// change more than the bytes they name are refused: the input is left as
// it was (and written unchanged to standard output for "-").
func fixFile(name string, file *safewrite.File, text []byte, opts protocol.Options, stdout, stderr io.Writer) (protocol.Result, error) {
	fr, refused := protocol.FixAll(text, opts)
	if name == "-" {
		if _, err := stdout.Write(fr.Text); err != nil {
			return fr.Result, fmt.Errorf("write standard output: %w", err)
		}
	}
	var r *protocol.FixRefusal
	if errors.As(refused, &r) {
		return fr.Result, fmt.Errorf("%s:%d:%d: %s", verdict.DisplayName(name), r.Line, r.Column, r.Reason(opts.Lang))
	}
	if name != "-" && fr.Applied > 0 {
		if beforeFixWrite != nil {
			beforeFixWrite(name)
		}
		if err := file.Write(fr.Text); err != nil {
			return fr.Result, err
		}
	}
	fmt.Fprintln(stderr, verdict.FixSummary(verdict.DisplayName(name), fr, opts.Lang))
	return fr.Result, nil
}
