package preview

import (
	"path"
	"slices"
	"strings"

	"pairag.com/portal/generator/scratch"
)

// kind is what a changed path calls for.
type kind int

const (
	kindIgnore  kind = iota
	kindBuild        // content or protocol data: rebuild the site
	kindRestart      // code or embedded assets: announce that gen needs a restart
	kindConfig       // netlify.toml: reload headers and redirects
)

// codeDirs are the top-level directories of the repository that hold code
// compiled into gen (or into the validator module it compiles at start):
// a change to their Go or templ files, or to a file they embed, means gen
// must be rebuilt. TestCodeDirsCoverGen fails when a package gen is built
// from lies outside them, or when a file such a package embeds is not in
// embeds.
var codeDirs = []string{"cmd", "generator", "internal", "protocol", "templates"}

// notGen are the directories under codeDirs whose code gen is not built
// from: the benchmark and audit programs and the browser tests.
var notGen = []string{"cmd/benchpage/", "cmd/synthsite/", "cmd/schema/", "cmd/audit-serve/", "generator/e2e/"}

// embeds are the files, or directories ending in "/", that gen's packages
// embed (protocol's JSON document is read from the repository too, so a
// change to it rebuilds the site instead).
var embeds = []string{"templates/assets/", "generator/preview/reload.js", "generator/preview/overlay.css", "protocol/isic-rev4.tsv"}

// classify says what a change of p, a slash-separated path relative to the
// repository, calls for. Editors' scratch files are ignored everywhere.
func classify(p string) kind {
	if p == "" || scratch.Is(path.Base(p)) {
		return kindIgnore
	}
	top, rest, _ := strings.Cut(p, "/")
	code := strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".templ") || embedded(p)
	switch {
	case p == validatorChange:
		return kindBuild
	case p == "netlify.toml":
		return kindConfig
	case top == "content":
		return kindBuild
	case top == "protocol" && !strings.Contains(rest, "/") && strings.HasSuffix(rest, ".json"):
		return kindBuild
	case slices.ContainsFunc(notGen, func(d string) bool { return strings.HasPrefix(p, d) }):
		return kindIgnore
	case code && slices.Contains(codeDirs, top) && !strings.Contains(p, "/testdata/"):
		return kindRestart
	}
	return kindIgnore
}

// embedded reports whether p is a file gen embeds.
func embedded(p string) bool {
	for _, e := range embeds {
		if p == e || strings.HasSuffix(e, "/") && strings.HasPrefix(p, e) {
			return true
		}
	}
	return false
}
