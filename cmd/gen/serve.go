package main

import (
	"context"
	"fmt"
	"io"

	"pairag.com/portal/generator"
	"pairag.com/portal/generator/preview"
)

const serveUsage = `usage: gen serve [--content DIR] [--bind ADDR] [--port N] [--poll DURATION] [--base-url URL] [--validator=false]

Builds the site into a temporary directory (public/ is left alone), serves
it with the headers and redirects of netlify.toml, and rebuilds when
content/ or protocol/ change; open pages reload once the rebuild is done.
Content errors (broken links, drift, front matter) do not stop the
preview: every page that can be rendered is served, the others from the
last good build, with the errors listed here and overlaid on every page
until they are fixed; only gen build refuses to publish. The preview
answers requests for localhost and loopback addresses only, unless --bind
names another address; --bind 0.0.0.0 makes it reachable from the network.
Changes to Go or templ code are announced: restart to pick them up. The
validator module is compiled once, in the background, while the preview
already serves: its page says the tool is coming and reloads when it is
in. Ctrl-C stops cleanly; a second Ctrl-C, or a stop that takes over
10 s, exits at once.

flags:
`

// runServe is "gen serve": flag parsing and wiring only; package generator/preview does the work.
func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", serveUsage, stderr)
	content := fs.String("content", ".", "repository `dir`ectory holding content/, protocol/ and netlify.toml")
	bind := fs.String("bind", "127.0.0.1", "`address` to listen on; loopback unless you mean to share the preview")
	port := fs.Int("port", 1313, "TCP `port`; 0 picks a free one")
	poll := fs.Duration("poll", 0, "scan for changes at this `interval` instead of file system events (containers, network mounts), e.g. 500ms")
	baseURL := fs.String("base-url", "", "site origin for canonical and Markdown `URL`s (default: the preview's own URL)")
	withValidator := fs.Bool("validator", true, "compile the WebAssembly validator for the validator page in the background at start (needs the go command)")
	if _, code := parseFlags(fs, args, 0); code >= 0 {
		return code
	}
	if *port < 0 || *port > 65535 || *poll < 0 {
		fmt.Fprintln(stderr, "gen serve: --port must be 0-65535 and --poll positive")
		return 2
	}
	cfg := preview.Config{Dir: *content, Bind: *bind, Port: *port, Poll: *poll, BaseURL: *baseURL, Out: stdout}
	srv, err := preview.Listen(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "gen serve: %v\n", err)
		return 1
	}
	ctx, stop := interruptible(stderr, "gen serve", srv.Abort)
	defer stop()
	if *withValidator {
		srv.CompileValidator(func(ctx context.Context) (*generator.Validator, error) {
			return validatorModule(ctx, *content, stdout, "preview")
		})
	}
	if err := srv.Run(ctx); err != nil {
		fmt.Fprintf(stderr, "gen serve: %v\n", err)
		return 1
	}
	return 0
}
