// Package published holds the files of protocol/ that the engine judges
// by, every version of the document and the ISIC Rev.4 structure, as Go
// constants, byte for byte. published.go is generated from those files by
// go generate ./protocol (TestEmbeddedVersions fails when it is stale):
// constants instead of //go:embed keep package embed, io/fs and time out
// of the validator's WebAssembly module, and a package of its own keeps
// the data out of the engine's line count.
package published
