// Command gen builds, previews and checks the Pairag protocol portal, and
// validates task-publish payloads.
//
//	gen build     render content/ and protocol/ into public/
//	gen serve     preview the site live while writers edit it
//	gen validate  check a task-publish payload against the V18 protocol
//	gen check     check that translations keep step with their originals
//	gen stamp     record which original each translated section was made from
//
// Run "gen <command> -h" for a command's flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"pairag.com/portal/generator"
	"pairag.com/portal/wasmbuild"
)

// command is one subcommand: it parses its own flags and returns an exit code.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists every subcommand; each lives in its own file.
var commands = map[string]command{}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand; exit code 2 means a usage error.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "gen: unknown command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

// parseFlags parses a subcommand's flags and, unless maxArgs allows them,
// refuses positional arguments. It returns the exit code to stop with, or
// -1 to go on: 0 after -h, 2 on a usage error.
func parseFlags(fs *flag.FlagSet, args []string, maxArgs int) int {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > maxArgs {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), fs.Arg(maxArgs))
		fs.Usage()
		return 2
	}
	return -1
}

// validatorModule compiles the in-browser validator for gen build and gen
// serve, explaining how to go without it when that fails.
func validatorModule(ctx context.Context, dir string, stderr io.Writer, cmd string) (*generator.Validator, error) {
	m, err := wasmbuild.Build(ctx, wasmbuild.Options{ModuleDir: dir, Log: stderr})
	if err != nil {
		return nil, fmt.Errorf("%v\n(%s without the in-browser validator with --validator=false)", err, cmd)
	}
	return &generator.Validator{Wasm: m.Wasm, WasmExec: m.WasmExec}, nil
}

func usage(w io.Writer) {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("usage: gen <command> [flags]\n\ncommands:\n")
	for _, n := range names {
		fmt.Fprintf(&b, "  %-10s %s\n", n, commands[n].summary)
	}
	b.WriteString("\nRun \"gen <command> -h\" for a command's flags.\n")
	io.WriteString(w, b.String())
}
