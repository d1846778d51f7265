// Package published holds the files of protocol/ that the engine judges
// by, generated from them by go generate ./protocol (TestEmbeddedVersions
// fails when they are stale, TestGeneratedDocuments when the data differs
// from decoding the files): every version of the document decoded and
// checked, as Go data (published.go: the WebAssembly module then carries
// no decoder and decodes nothing when it starts), the text of each
// version byte for byte (text.go; empty in the module, text_js.go, which
// never publishes it) and the ISIC Rev.4 structure. Constants instead of
// //go:embed keep package embed, io/fs and time out of the module, and a
// package of its own keeps the data out of the engine's line count.
package published
