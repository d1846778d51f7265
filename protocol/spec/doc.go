// Package spec reads the protocol document: the parsed [Document] of one
// version of pairag_task_publish, with every enum, codebook, required
// list, tier limit, validation bound and the example payload, checked for
// internal consistency by [Parse]; the JSON Schema derived from it
// ([Document.Schema]); the set of versions read from files
// ([ParseVersions], [Lookup]); and the changes between two versions
// computed from the documents alone ([Changes]).
//
// The package knows no payload and no finding: the engine (package
// protocol, which embeds the published versions) judges payloads against
// a Document. It reads no files but through an fs.FS and carries neither
// encoding/json nor regexp, so it builds small for js/wasm.
package spec
