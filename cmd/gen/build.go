package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"pairag.com/portal/generator"
	"pairag.com/portal/generator/outdir"
)

const buildUsage = "usage: gen build [--content DIR] [--out DIR] [--base-url URL] [--validator=false] [--cache DIR|off]\n"

// runBuild is "gen build [--content DIR] [--out DIR] [--base-url URL]".
func runBuild(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("build", buildUsage, stderr)
	contentDir := fs.String("content", ".", "repository `dir`ectory holding content/ and protocol/")
	out := fs.String("out", "public", "output `dir`ectory, replaced atomically when the build succeeds")
	baseURL := fs.String("base-url", generator.DefaultBaseURL, "site origin for canonical, hreflang and sitemap `URL`s")
	withValidator := fs.Bool("validator", true, "compile the WebAssembly validator for the validator page (needs the go command)")
	cacheDir := fs.String("cache", "", "`dir`ectory kept between builds for highlighted code (default <content>/.cache; \"off\" disables)")
	if _, code := parseFlags(fs, args, 0); code >= 0 {
		return code
	}
	ctx, stop := interruptible(stderr, "gen build", func() { outdir.RemoveTemp(*out) })
	defer stop()
	repo, err := os.OpenRoot(*contentDir)
	if err != nil {
		fmt.Fprintf(stderr, "gen build: %v\n", err)
		return 1
	}
	defer repo.Close()
	content, closeDirs := newRootFS(repo)
	defer closeDirs()
	cfg := generator.Config{Content: content, Root: *contentDir, OutDir: *out, BaseURL: *baseURL, Log: stderr, GitDir: *contentDir}
	switch *cacheDir {
	case "off":
	case "":
		cfg.HighlightCache = filepath.Join(*contentDir, ".cache", "highlight.gob")
	default:
		cfg.HighlightCache = filepath.Join(*cacheDir, "highlight.gob")
	}
	if *withValidator {
		v, err := validatorModule(ctx, *contentDir, stderr, "build")
		if err != nil {
			fmt.Fprintf(stderr, "gen build: %v\n", err)
			return 1
		}
		cfg.Validator = v
	}
	restoreGC := tuneGC()
	res, err := generator.Build(ctx, cfg)
	restoreGC()
	var list generator.ErrorList
	switch {
	case errors.As(err, &list):
		fmt.Fprintln(stderr, list.Error())
		fmt.Fprintf(stderr, "gen build: %d error(s); %s left unchanged\n", len(list), *out)
		return 1
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "gen build: interrupted; %s left unchanged\n", *out)
		return 130
	case err != nil:
		fmt.Fprintf(stderr, "gen build: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %d pages (%d files) to %s\n", res.Pages, res.Files, res.OutDir)
	return 0
}
