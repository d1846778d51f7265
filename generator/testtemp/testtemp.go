// Package testtemp keeps a package's test run from leaving anything in the
// temporary directory. Its TestMain calls [Main]: the run gets a temporary
// directory of its own (TMPDIR), whatever the tests leave in it is
// reported as a failure of the run, and it is removed either way.
package testtemp

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// Main runs m with TMPDIR set to a fresh directory and returns its exit
// code. After the tests, cleanup (may be nil) removes what the package
// keeps on purpose for the whole run (a site built once, in a sync.Once);
// anything left after that is listed on stderr and fails the run.
func Main(m *testing.M, cleanup func()) int {
	return run(m.Run, cleanup, os.Stderr)
}

func run(tests func() int, cleanup func(), stderr io.Writer) int {
	dir, err := os.MkdirTemp("", "gen-test-*")
	if err != nil {
		fmt.Fprintf(stderr, "testtemp: %v\n", err)
		return 1
	}
	defer os.RemoveAll(dir)
	old, had := os.LookupEnv("TMPDIR")
	os.Setenv("TMPDIR", dir)
	code := tests()
	if cleanup != nil {
		cleanup()
	}
	if had {
		os.Setenv("TMPDIR", old)
	} else {
		os.Unsetenv("TMPDIR")
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(left) > 0 {
		fmt.Fprintf(stderr, "the tests left %d file(s) in the temporary directory (remove them with t.TempDir, t.Cleanup or TestMain):\n", len(left))
		for _, name := range left {
			fmt.Fprintf(stderr, "\t%s\n", filepath.Base(name))
		}
		if code == 0 {
			code = 1
		}
	}
	return code
}
