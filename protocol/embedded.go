package protocol

import (
	"pairag.com/portal/protocol/published"
	"pairag.com/portal/protocol/spec"
)

// Every published version of the document is compiled in as Go data
// (package published, generated): the documents as spec.ParseSet decoded
// and checked them when the data was generated, and their text as string
// constants outside the WebAssembly module. Decoding the text when the
// program starts would bring the document decoder and its checks into the
// module (about 20 KB, brotli) and cost every start a decoding; an
// embed.FS would bring about 200 KB of file system code, and even
// //go:embed of a []byte imports package embed, which brings io/fs, time
// and internal/godebug (the same is why spec.ParseVersions, which reads an
// fs.FS, is left out of js/wasm builds). The data is generated from the
// pairag-task-publish-v*.json files of this directory and isic-rev4.tsv:
// TestEmbeddedVersions fails when it is stale and rewrites it with -update
// (go generate does the same), TestGeneratedDocuments holds it to a fresh
// decoding of the files, and gen build refuses to publish a version the
// program does not embed. The newest is current.

//go:generate go test -run TestEmbeddedVersions -update

// FileName is the published name of the protocol document.
const FileName = "pairag-task-publish-v18.json"

// SchemaFileName is the published name of the JSON Schema derived from the document.
const SchemaFileName = "pairag-task-publish-v18.schema.json"

var embedded = published.Documents

// Versions returns every embedded version of the document, oldest first;
// the last is current. Callers must not modify them.
func Versions() []*spec.Document { return embedded }

// Default returns the current embedded document (the newest version).
// Callers must not modify it.
func Default() *spec.Document { return embedded[len(embedded)-1] }
