package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestGuideNamesEveryCommandAndFlag fails when gen has a command or a flag
// that the writer's guide does not name: what gen -h and gen CMD -h list
// is read from the program itself.
func TestGuideNamesEveryCommandAndFlag(t *testing.T) {
	guide, err := os.ReadFile("../../WRITING.md")
	if err != nil {
		t.Fatal(err)
	}
	var help bytes.Buffer
	run([]string{"help"}, nil, &help, &help)
	cmds := regexp.MustCompile(`(?m)^\s+(\w+)\s{2,}`).FindAllStringSubmatch(help.String(), -1)
	if len(cmds) < 5 {
		t.Fatalf("gen help lists %d commands; the test reads its output wrong:\n%s", len(cmds), help.String())
	}
	flagLine := regexp.MustCompile(`(?m)^\s+-([\w-]+)`)
	for _, c := range cmds {
		cmd := c[1]
		if !bytes.Contains(guide, []byte("gen "+cmd)) {
			t.Errorf("command gen %s is not in WRITING.md", cmd)
		}
		var out bytes.Buffer
		run([]string{cmd, "-h"}, nil, &out, &out)
		flags := flagLine.FindAllStringSubmatch(out.String(), -1)
		if len(flags) == 0 {
			t.Errorf("gen %s -h lists no flags; the test reads its output wrong:\n%s", cmd, out.String())
		}
		for _, f := range flags {
			if !bytes.Contains(guide, []byte("--"+f[1])) {
				t.Errorf("flag --%s of gen %s is not in WRITING.md", f[1], cmd)
			}
		}
	}
}

// TestReadmeValidateCommands runs every gen validate command of the
// README's code blocks as written, from the repository's root: none may
// end in a usage or I/O error (exit 2; the README's examples once named a
// task.json the repository did not have), and a command whose comment
// says "exit N" exits N. A command on a file of your own (my-task.json)
// runs on a copy of the example payload.
func TestReadmeValidateCommands(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile("../../protocol/examples/task.json")
	if err != nil {
		t.Fatal(err)
	}
	own := filepath.Join(t.TempDir(), "my-task.json")
	if err := os.WriteFile(own, example, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir("../..")
	wantExit := regexp.MustCompile(`exit (\d)`)
	ran := 0
	for _, line := range strings.Split(string(readme), "\n") {
		cmdline, comment, _ := strings.Cut(line, "#")
		fields := strings.Fields(cmdline)
		if len(fields) < 4 || strings.Join(fields[:4], " ") != "go run ./cmd/gen validate" {
			continue
		}
		args, stdin := fields[3:], []byte(nil)
		if i := slices.Index(args, "<"); i >= 0 && i+1 < len(args) {
			if stdin, err = os.ReadFile(args[i+1]); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			args = args[:i]
		}
		for i, a := range args {
			if a == "my-task.json" {
				args[i] = own
			}
		}
		var out bytes.Buffer
		code := run(args, bytes.NewReader(stdin), &out, &out)
		ran++
		if m := wantExit.FindStringSubmatch(comment); m != nil {
			if want := int(m[1][0] - '0'); code != want {
				t.Errorf("%s\n= exit %d; the README says %d\n%s", strings.TrimSpace(line), code, want, out.String())
			}
		} else if code == 2 {
			t.Errorf("%s\n= exit 2 (usage or I/O)\n%s", strings.TrimSpace(line), out.String())
		}
	}
	if ran < 3 {
		t.Errorf("found %d gen validate commands in README.md; the test reads it wrong", ran)
	}
}
