package protocol

import (
	"pairag.com/portal/protocol/published"
	"pairag.com/portal/protocol/spec"
)

// Every published version of the document is embedded, one variable per
// file (package published, generated) as a string constant: an embed.FS would be
// simpler but brings about 200 KB of file system code into the WebAssembly
// module, and even //go:embed of a []byte imports package embed, which
// brings io/fs, time and internal/godebug (about 32 KB, brotli; the same
// is why spec.ParseVersions, which reads an fs.FS, is left out of js/wasm
// builds). The file is generated from the pairag-task-publish-v*.json
// files of this directory and isic-rev4.tsv: TestEmbeddedVersions fails
// when it is stale and rewrites it with -update (go generate does the
// same), and gen build refuses to publish a version the program does not
// embed. The newest is current.

//go:generate go test -run TestEmbeddedVersions -update

// FileName is the published name of the protocol document.
const FileName = "pairag-task-publish-v18.json"

// SchemaFileName is the published name of the JSON Schema derived from the document.
const SchemaFileName = "pairag-task-publish-v18.schema.json"

var embedded = mustVersions()

func mustVersions() []*spec.Document {
	docs, err := spec.ParseSet(published.Files)
	if err != nil {
		panic("embedded protocol documents: " + err.Error()) // a build-time defect, covered by tests
	}
	return docs
}

// Versions returns every embedded version of the document, oldest first;
// the last is current. Callers must not modify them.
func Versions() []*spec.Document { return embedded }

// Default returns the current embedded document (the newest version).
// Callers must not modify it.
func Default() *spec.Document { return embedded[len(embedded)-1] }
