// Command gen builds, previews and checks the Pairag protocol portal, and
// validates task-publish payloads.
//
//	gen build     render content/ and protocol/ into public/
//	gen serve     preview the site live while writers edit it
//	gen validate  check a task-publish payload against the V18 protocol
//	gen check     every check of gen build, without publishing, and the translations' notes
//	gen stamp     record which original each translated section was made from
//	gen skill add copy a skill folder into content/skills and print its findings
//
// Run "gen <command> -h" for a command's flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"pairag.com/portal/generator"
	"pairag.com/portal/generator/wasm"
)

// command is one subcommand: it parses its own flags and returns an exit code.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand; exit code 2 means a usage error.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// Every subcommand, each in its own file.
	commands := map[string]command{
		"build":    {"render content/ and protocol/ into public/", runBuild},
		"check":    {"run every check of gen build without publishing, and report translation notes", runCheck},
		"serve":    {"preview the site, rebuilding and reloading on change", runServe},
		"skill":    {"add a skill folder: gen skill add PATH copies it in and says what the portal finds", runSkill},
		"stamp":    {"record which original each translated section was made from", runStamp},
		"validate": {"check a task-publish payload against the protocol", runValidate},
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr, commands)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "gen: unknown command %q\n\n", args[0])
		usage(stderr, commands)
		return 2
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

// newFlagSet returns the flag set of "gen name", whose usage is the text
// usage followed by the flags' defaults, written to stderr on -h or a
// usage error.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("gen "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	return fs
}

// parseFlags parses a subcommand's flags, which may stand before, between
// or after its arguments (gen validate task.json --tier pro); "--" ends
// the flags, so every argument after it is one, even when it starts with a
// dash. It returns the arguments and the exit code to stop with, or -1 to
// go on: 0 after -h, 2 on a usage error, such as more than maxArgs
// arguments or a flag whose value is missing (never taken from the next
// argument's place after the end).
func parseFlags(fs *flag.FlagSet, args []string, maxArgs int) (rest []string, code int) {
	flags, after := args, []string(nil)
	if i := slices.Index(args, "--"); i >= 0 {
		flags, after = args[:i], args[i+1:]
	}
	if n := len(flags); n > 0 && needsValue(fs, flags[n-1]) {
		fmt.Fprintf(fs.Output(), "%s: flag %s needs a value\n", fs.Name(), flags[n-1])
		fs.Usage()
		return nil, 2
	}
	for {
		if err := fs.Parse(flags); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, 0
			}
			return nil, 2
		}
		flags = fs.Args()
		if len(flags) == 0 {
			break
		}
		rest, flags = append(rest, flags[0]), flags[1:]
	}
	rest = append(rest, after...)
	if len(rest) > maxArgs {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), rest[maxArgs])
		fs.Usage()
		return nil, 2
	}
	return rest, -1
}

// needsValue reports whether arg names a flag of fs that takes a value and
// does not carry it after "=".
func needsValue(fs *flag.FlagSet, arg string) bool {
	name, ok := strings.CutPrefix(arg, "-")
	if !ok || strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(strings.TrimPrefix(name, "-"))
	if f == nil {
		return false
	}
	b, isBool := f.Value.(interface{ IsBoolFlag() bool })
	return !isBool || !b.IsBoolFlag()
}

// validatorModule compiles the in-browser validator for gen build and gen
// serve, explaining how to go without it when that fails.
func validatorModule(ctx context.Context, dir string, stderr io.Writer, cmd string) (*generator.Validator, error) {
	m, err := wasm.Build(ctx, wasm.Options{ModuleDir: dir, Log: stderr})
	if err != nil {
		return nil, fmt.Errorf("%v\n(%s without the in-browser validator with --validator=false)", err, cmd)
	}
	return &generator.Validator{Wasm: m.Wasm, WasmExec: m.WasmExec}, nil
}

// usage lists the commands by name.
func usage(w io.Writer, commands map[string]command) {
	names := slices.Sorted(maps.Keys(commands))
	var b strings.Builder
	b.WriteString("usage: gen <command> [flags]\n\ncommands:\n")
	for _, n := range names {
		fmt.Fprintf(&b, "  %-10s %s\n", n, commands[n].summary)
	}
	b.WriteString("\nRun \"gen <command> -h\" for a command's flags.\n")
	io.WriteString(w, b.String())
}
