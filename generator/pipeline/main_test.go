package pipeline

import (
	"os"
	"testing"

	"pairag.com/portal/generator/testtemp"
)

// TestMain removes the site the search tests built once, and fails the
// run if any test left something in the temporary directory (issue 25:
// search-site-* was left behind).
func TestMain(m *testing.M) {
	os.Exit(testtemp.Main(m, func() {
		if realSiteDir != "" {
			os.RemoveAll(realSiteDir)
		}
	}))
}
