// Command synthsite writes the synthetic bilingual site of package
// generator/synth twice: once as a repository for gen build, once as a Hugo
// site with the same Markdown, for scripts/bench-vs-hugo.sh.
//
//	go run ./cmd/synthsite -pages 1000 -out /tmp/bench
//
// writes /tmp/bench/gen (content/, protocol/) and /tmp/bench/hugo. With
// -long the pages are long prose pages (synth.LongPages) instead of the
// short ones with a Go code block (synth.Pages). With -nav the short pages
// are in the navigation (synth.NavPages): the site of thousands of pages
// whose sidebar must stay the same size.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"pairag.com/portal/generator/synth"
	"pairag.com/portal/protocol/catalog"
)

func main() {
	pages := flag.Int("pages", 1000, "number of pages, both languages together")
	out := flag.String("out", "", "output directory")
	repo := flag.String("repo", ".", "repository root, for labels, translations and the protocol document")
	long := flag.Bool("long", false, "long prose pages with a table, a JSON block and 3-5 links each")
	nav := flag.Bool("nav", false, "short pages, every one in the navigation")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: synthsite [-long|-nav] -pages N -out DIR [-repo DIR]")
		os.Exit(2)
	}
	shape := synth.Pages
	switch {
	case *long && *nav:
		fmt.Fprintln(os.Stderr, "synthsite: -long and -nav are two different sites; choose one")
		os.Exit(2)
	case *long:
		shape = synth.LongPages
	case *nav:
		shape = synth.NavPages
	}
	var anchors []string // what findings link to, so that gen build publishes the site
	for _, c := range catalog.Codes() {
		anchors = append(anchors, c.Anchor)
	}
	if err := write(synth.WithAnchors(shape(*pages), anchors), *out, *repo); err != nil {
		fmt.Fprintln(os.Stderr, "synthsite:", err)
		os.Exit(1)
	}
}

func write(pages map[string]string, out, repo string) error {
	files := map[string]string{}
	for name, text := range pages {
		files["gen/"+name] = text
		files["hugo/"+name] = text
	}
	for _, name := range []string{"content/labels.yaml", "content/protocol.zh-CN.yaml", "protocol/pairag-task-publish-v18.json"} {
		b, err := os.ReadFile(filepath.Join(repo, name))
		if err != nil {
			return fmt.Errorf("read %s: %w", name, err)
		}
		files["gen/"+name] = string(b)
	}
	for name, text := range hugoFiles {
		files["hugo/"+name] = text
	}
	for name, text := range files {
		p := filepath.Join(out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("write %s: %w", p, err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return fmt.Errorf("write %s: %w", p, err)
		}
	}
	return nil
}

// hugoFiles configure Hugo like the portal: English at the root, Chinese
// under its own prefix, highlighting with CSS classes, hreflang links and
// a language switch on every page, a sitemap, no feeds or taxonomies.
var hugoFiles = map[string]string{
	"config.toml": `baseURL = "https://example.test/"
title = "Bench"
defaultContentLanguage = "en"
disableKinds = ["taxonomy", "term", "RSS"]

[languages.en]
  contentDir = "content/en"
  languageName = "English"
  weight = 1
[languages.zh-CN]
  contentDir = "content/zh-CN"
  languageName = "简体中文"
  weight = 2

[markup.highlight]
  noClasses = false
`,
	"layouts/_default/baseof.html": `<!DOCTYPE html>
<html lang="{{ .Site.Language.Lang }}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ .Site.Title }}</title>
<meta name="description" content="{{ .Description }}">
<link rel="canonical" href="{{ .Permalink }}">
{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Language.Lang }}" href="{{ .Permalink }}">
{{ end }}</head>
<body>
<header><a href="{{ .Site.Home.RelPermalink }}">{{ .Site.Title }}</a>
{{ range .Translations }}<a href="{{ .RelPermalink }}" hreflang="{{ .Language.Lang }}">{{ .Language.LanguageName }}</a>{{ end }}
</header>
<main><h1>{{ .Title }}</h1>{{ block "main" . }}{{ end }}</main>
</body>
</html>
`,
	"layouts/_default/single.html": `{{ define "main" }}{{ .Content }}{{ end }}`,
	"layouts/_default/list.html":   `{{ define "main" }}{{ .Content }}{{ end }}`,
}
