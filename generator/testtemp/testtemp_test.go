package testtemp

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun: a run that leaves a directory fails and names it; one whose
// cleanup removes it passes; either way nothing stays.
func TestRun(t *testing.T) {
	var made string
	leaky := func() int {
		made, _ = os.MkdirTemp("", "search-site-*")
		return 0
	}
	var out bytes.Buffer
	if code := run(leaky, nil, &out); code != 1 || !strings.Contains(out.String(), filepath.Base(made)) {
		t.Errorf("leaky run = %d, %q; want 1 naming %s", code, out.String(), filepath.Base(made))
	}
	if _, err := os.Stat(made); !os.IsNotExist(err) {
		t.Errorf("%s still exists after the run: %v", made, err)
	}
	out.Reset()
	if code := run(leaky, func() { os.RemoveAll(made) }, &out); code != 0 || out.Len() != 0 {
		t.Errorf("run with cleanup = %d, %q; want 0 and nothing said", code, out.String())
	}
	if code := run(func() int { return 3 }, nil, &out); code != 3 {
		t.Errorf("failing run = %d; want its own code 3", code)
	}
}
