//go:build !linux

package main

import (
	"errors"
	"io/fs"
	"os"
)

// readIn declines: the file is read through the root.
func readIn(*os.File, string) ([]byte, error) { return nil, errors.ErrUnsupported }

// listIn declines: the directory is listed through the root.
func listIn(*os.File, string) ([]fs.DirEntry, error) { return nil, errors.ErrUnsupported }
