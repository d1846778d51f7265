//go:build !unix

package safewrite

import (
	"io/fs"
	"os"
)

// keepOwner has nothing to keep where files have no Unix owner.
func keepOwner(*os.File, fs.FileInfo) error { return nil }
