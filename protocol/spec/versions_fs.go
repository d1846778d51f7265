//go:build !(js && wasm)

package spec

import "io/fs"

// The validator's WebAssembly module judges the embedded versions only
// (package protocol): reading versions from a file system is for gen and
// the tests, and io/fs would bring time and internal/godebug into the
// module.

// ParseVersions reads every pairag-task-publish-v*.json at the root of fsys,
// checks each and the set (a file holds the version its name says, names
// are published at its canonical URL, a rename names a field of the
// previous version), and returns them oldest first. Errors name the file
// and, where the text is at fault, its line and column.
func ParseVersions(fsys fs.FS) ([]*Document, error) {
	names, err := fs.Glob(fsys, VersionGlob)
	if err != nil {
		return nil, err
	}
	var files []File
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		files = append(files, File{name, data})
	}
	return ParseSet(files)
}
