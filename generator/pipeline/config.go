package pipeline

import (
	"io"
	"io/fs"
	"os"
	"runtime"
	"strings"

	"pairag.com/portal/generator/site"
	"pairag.com/portal/protocol/spec"
)

// DefaultBaseURL is the production origin of the site.
const DefaultBaseURL = site.DefaultBaseURL

// Config says what to build and where. The zero value builds the
// repository in the working directory into ./public for production.
type Config struct {
	// Content is the repository as a file system: pages are read from
	// content/en and content/zh-CN, labels from content/labels.yaml, Chinese
	// protocol strings from content/protocol.zh-CN.yaml and the protocol
	// document from protocol/. Nil means os.DirFS(".").
	Content fs.FS

	// OutDir is the directory Build replaces with the new site. Empty
	// means "public". Build replaces only a missing or empty directory or
	// one holding outdir.MarkerFile, and never one that is or holds Root or lies
	// in Root's content/, protocol/ or .git/.
	OutDir string

	// Root is the directory Content reads, when it is one (gen build's
	// --content). Build uses it only to refuse an OutDir that would
	// replace the repository or its sources. Empty skips that check.
	Root string

	// BaseURL is the origin used for canonical, hreflang, sitemap and
	// Markdown links, without a trailing slash. Empty means DefaultBaseURL.
	BaseURL string

	// Log receives warnings, one "file:line: warning: message" per line.
	// Nil discards them.
	Log io.Writer

	// Workers is the number of pages rendered at once. Zero means one more
	// than GOMAXPROCS: a worker waiting on the file system (every page
	// directory is made in the same parent) then leaves its processor to
	// the spare one.
	Workers int

	// HighlightCache, when set, is a file that keeps highlighted code from
	// one build process to the next (gen build uses .cache/highlight.gob in
	// the repository): highlighting is the most expensive step, and most
	// code does not change between builds. Empty highlights everything.
	HighlightCache string

	// Cache, when set, carries rendered pages from one build to the next in
	// this process, so only pages whose inputs changed are rendered again
	// (gen serve). Nil renders everything.
	Cache *Cache

	// Reuse, when set with Cache, has a build leave the files of each pair
	// it takes from Cache in the directory of the build that wrote them,
	// instead of linking them into its own: Reuse(dir) says whether dir may
	// still be read (and keeps it for the caller), and Result.Elsewhere
	// names those files. gen serve serves the two together, so a rebuild
	// writes only what changed (incremental.go).
	Reuse func(dir string) bool

	// GitDir, when set, is the git work tree holding Content: each page
	// shows the date of the last commit that changed its source (gen build
	// passes the content directory). Empty shows no dates.
	GitDir string

	// Validator is the WebAssembly validator published with the validator
	// page. Nil leaves the page without the tool (its prose still points to
	// gen validate) and logs a warning.
	Validator *Validator

	// ValidatorComing, with no Validator, says on the validator page that
	// the tool is being compiled and will appear (gen serve compiles it in
	// the background), instead of warning that it is missing.
	ValidatorComing bool

	// JudgedVersions are the protocol versions that gen validate and the
	// validator module judge payloads by. Nil means protocol.Versions(),
	// those built into this program. Build refuses a version in protocol/
	// that is not among them, so the site never publishes a version whose
	// every payload the validator would reject.
	JudgedVersions []*spec.Document
}

// Validator is a compiled validator module and the toolchain's loader for it
// (see package wasm).
type Validator struct {
	Wasm     []byte
	WasmExec []byte
}

// withDefaults returns c with every empty field set to its default.
func (c Config) withDefaults() Config {
	if c.Content == nil {
		c.Content = os.DirFS(".")
	}
	if c.OutDir == "" {
		c.OutDir = "public"
	}
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if c.Log == nil {
		c.Log = io.Discard
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0) + 1
	}
	return c
}
