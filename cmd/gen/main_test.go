package main

import (
	"bytes"
	"flag"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestErrorsHaveOnePrefix runs every command with a bad input: each line
// the command itself prints names it once ("gen build: ..."), never twice
// ("gen build: build: ...").
func TestErrorsHaveOnePrefix(t *testing.T) {
	empty := t.TempDir()
	missing := filepath.Join(empty, "missing")
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"build", []string{"build", "--content", missing, "--validator=false"}, 1},
		{"build", []string{"build", "--content", empty, "--out", filepath.Join(empty, "out"), "--validator=false", "--cache", "off"}, 1},
		{"build", []string{"build", "--content", empty, "--out", filepath.Join(empty, "out"), "--cache", "off"}, 1},
		{"build", []string{"build", "extra"}, 2},
		{"check", []string{"check", "--content", empty}, 2},
		{"serve", []string{"serve", "--content", empty, "--validator=false", "--port", "0"}, 1},
		{"serve", []string{"serve", "--port", "-1"}, 2},
		{"stamp", []string{"stamp", "--content", empty}, 2},
		{"stamp", []string{"stamp", "--content", empty, missing + ".md"}, 2},
		{"validate", []string{"validate", missing}, 2},
		{"validate", []string{"validate", "--format", "xml", missing}, 2},
		{"validate", []string{"validate", missing, "--tier"}, 2},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &stdout, &stderr)
		if code != tt.code {
			t.Errorf("run(%q) = %d; want %d\n%s", tt.args, code, tt.code, stderr.String())
		}
		prefix := "gen " + tt.name + ": "
		if !strings.Contains(stderr.String(), prefix) {
			t.Errorf("run(%q) printed no line starting %q:\n%s", tt.args, prefix, stderr.String())
		}
		for line := range strings.Lines(stderr.String()) {
			rest, ok := strings.CutPrefix(line, prefix)
			if !ok {
				continue
			}
			for _, again := range []string{"gen ", tt.name + ":", tt.name + " "} {
				if strings.HasPrefix(rest, again) {
					t.Errorf("run(%q) printed a doubled prefix: %q", tt.args, line)
				}
			}
		}
	}
}

// TestParseFlags covers what every command's flags share: flags anywhere
// among the arguments, "--" ending them, "-" as an argument, and a flag
// whose value is missing as a usage error.
func TestParseFlags(t *testing.T) {
	tests := []struct {
		args []string
		max  int
		rest []string
		code int
		tier string
	}{
		{[]string{"a.json", "--tier", "pro"}, 1, []string{"a.json"}, -1, "pro"},
		{[]string{"--tier=pro", "-"}, 1, []string{"-"}, -1, "pro"},
		{[]string{"--fix", "--", "-a.json", "--tier"}, 2, []string{"-a.json", "--tier"}, -1, "free"},
		{[]string{"a.json", "--tier"}, 1, nil, 2, "free"},
		{[]string{"--tier", "--", "a.json"}, 1, nil, 2, "free"},
		{[]string{"a.json", "b.json"}, 1, nil, 2, "free"},
		{[]string{"--nope"}, 1, nil, 2, "free"},
		{[]string{"-h"}, 1, nil, 0, "free"},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("gen test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		tier := fs.String("tier", "free", "")
		fs.Bool("fix", false, "")
		rest, code := parseFlags(fs, tt.args, tt.max)
		if code != tt.code || !slices.Equal(rest, tt.rest) || *tier != tt.tier {
			t.Errorf("parseFlags(%q) = %q, %d, tier %q; want %q, %d, tier %q", tt.args, rest, code, *tier, tt.rest, tt.code, tt.tier)
		}
	}
}
