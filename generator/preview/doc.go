// Package preview is the live preview behind "gen serve": it builds the site
// into a directory of its own, serves it over HTTP the way Netlify serves
// production, watches the sources and rebuilds on change, and tells open
// browsers to reload once a rebuild has finished.
//
// # Builds
//
// Every build runs generator.Render into a new directory under a temporary
// directory of the session (public/ is never touched), with a
// generator.Cache kept for the session: only the pairs a change affects
// are rendered again, unless the change reaches every page (the protocol
// document, labels, navigation, skills, assets), which empties the cache.
// The files of a page and its translation whose sources did not change
// stay in the directory of the build that wrote them
// (generator.Config.Reuse): a site is its build's directory plus those
// layers, each reference counted by the sites that serve a file of it and
// removed when none does; past maxLayers (8) layers a build hard-links
// every reused file into its own directory instead, so the files made from
// every page (search index, llms-full.txt) of old builds do not pile up.
// The cache keeps names, not bytes, so memory does not grow with the
// site's output. Page sources read whole are kept between builds with the
// listings of content/, and read again only when the watcher reports a
// change at or above them (an overflow of its events reports content/),
// so a one-page rebuild reads one page. The session directory (package
// workdir) goes to [Config].TempDir,
// else to /dev/shm when TMPDIR is unset and it is a tmpfs with 1 GiB free
// (a build writes thousands of small files; on disk that is most of its
// time), else to os.TempDir(). On /dev/shm the site is measured after the
// first build and after every build that rendered all of it: once the
// tmpfs has less room left than another copy, the next builds go to
// os.TempDir() and the terminal says so, so the session holds at most
// about twice the site in memory (the served site, and a new one being
// built). A session directory holds a pid file; one whose process is gone
// is removed at the next start. When the build
// succeeds, the served site is switched to the new
// directory in one atomic step, so a request sees either the old site or the
// new one, never a mix. Each request holds a reference to the site it
// started on; a replaced site's directory is removed when its last request
// has finished. Builds run one at a time; a batch of changes that arrives
// during a build supersedes it: the build is cancelled (it stops at the
// next page or page stage, its directory removed) and one build covers
// both batches, unless the oldest change not yet served has waited 3 s
// (maxSupersede): then the running build finishes first, so a writer
// saving faster than builds run still sees the preview follow.
//
// # Saves in progress
//
// Many editors save in place: they truncate the file, then write it. A
// build that reads a page (or a SKILL.md) in between finds it empty or
// without the end of its front matter; it is built from the file's last
// complete version instead, so the preview never serves an empty page.
// If the file stays so for a second (holdFor), the build reports it at
// file:1 in the terminal and the overlay. Every file a build reads is
// stamped (size, modification time) before it is read; a build that read
// a file which changed before the build finished is run again, up to
// three times, rather than served.
//
// A build that fails on content errors (front matter, links, drift made an
// error, protocol JSON) still serves: every page that rendered is served
// from the new, partial site, and a path it lacks is looked up in the last
// good site, if any; only gen build refuses to publish. When nothing
// rendered at all (the protocol JSON does not parse) and a good site
// exists, that site stays. A first build that fails serves its partial
// site too, never 503; a path neither has gets the 404 page, or a page
// explaining the failure. The errors are printed as "file:line: message"
// and reported by /__gen/status; every page shows them in an overlay until
// a later build succeeds.
//
// netlify.toml is checked by every build (the generator's check): a file
// that does not parse, or a [[headers]] block that would send nothing, is
// an error at its line in the overlay; the rules in force stay those of
// the last good file, or none when it was broken from the start, which
// the terminal says.
//
// # Limits
//
// A request's headers must arrive within 10 s and the whole request
// within 30 s; a keep-alive connection idle for [Config].IdleTimeout (60
// s) is closed; at most [Config].MaxConns (256) connections are open: at
// the cap, the one idle the longest is closed to admit a new one, and a
// new one is refused only when every connection is serving a request.
//
// The repository is read through an os.Root, so no symbolic link under it
// can make a build read outside it (see the generator's rules for links).
//
// # Watching
//
// The repository directory ([Config].Dir) is watched with fsnotify, one
// watch per directory (Linux watches are not recursive); a directory created
// later is watched and then walked, so files written into it before the
// watch existed are not missed. With [Config].Poll set, a scanner compares
// size and modification time of every file at that interval instead.
// Paths are classified as follows:
//
//	content/**                      rebuild
//	protocol/*.json                 rebuild
//	netlify.toml                    reload the headers and redirects, rebuild
//	code                            announce "restart gen serve"
//	anything else                   ignored
//
// Code is what is compiled into gen: *.go and *.templ files under cmd/,
// generator/ (the preview and the module build included), internal/, protocol/ and templates/
// (outside testdata), and the files gen embeds, templates/assets/**,
// generator/preview/reload.js, generator/preview/overlay.css and protocol/isic-rev4.tsv. The list
// is codeDirs and embeds in change.go; a test follows gen's imports and
// fails when it misses one.
//
// Editors' scratch files are ignored wherever they appear, as the build
// ignores them (see generator/scratch): hidden files, vim's 4913 probe (and
// 5036, 5159, ...), backups ending in "~", swap files (.swp, .swx, .swo,
// ...), emacs autosaves (#x#) and locks (.#x), JetBrains' x___jb_tmp___
// and x___jb_old___, gedit's .goutputstream-*. The real save that follows
// is never missed: an atomic save ends with a CREATE (rename) of the real
// name, which counts as a change like any WRITE, REMOVE or RENAME. Bursts
// are debounced in one place: a batch is released after a quiet window
// ([Config].Quiet, 20 ms by default) or at most one second after its
// first change.
//
// # HTTP
//
// Requests are answered only when their Host names the preview the way a
// writer reaches it: localhost (and *.localhost), loopback addresses and the
// --bind address; any other Host gets 403, so a page on another site cannot
// read the preview by pointing its own name at 127.0.0.1 (DNS rebinding).
// Bound to every interface (--bind 0.0.0.0 or ::), the preview also
// answers any IP address and the machine's host name, and Run warns that
// it is reachable from the network; so does any non-loopback --bind.
//
// Only GET and HEAD are served (405 otherwise). Paths are checked before
// anything is opened: a ".." or "." segment, an encoded slash or backslash
// (%2f, %5c), a backslash or a NUL anywhere gets 400. Files are opened
// through an os.Root of the site directory, so a symbolic link that leads
// outside the site is not followed (404).
//
// A path naming a file serves it. A directory path ending in "/" serves its
// index.html; without the slash it is redirected (301) to the path with
// the slash. Otherwise the [[redirects]] of netlify.toml apply (force =
// true ones before files), with Netlify's matching: exact paths with an
// optional trailing slash, a trailing "*" captured as :splat, and
// ":name" segments; status 301, 302, 303, 307 and 308 redirect, any other
// status serves the target file with that status. Anything else gets the
// site's /404.html with status 404.
//
// The [[headers]] of netlify.toml are applied to every response by request
// path (package netlify, which the tests and tools that serve a built
// site use too): "*" matches any run of characters, ":name" one segment, and the
// values of a header set by several matching rules are joined with ", ",
// as Netlify does. A Content-Type from the rules wins over the one derived
// from the file's extension.
//
// Responses are compressed as Netlify compresses them (netlify.Gzip): gzip (the standard
// library's; brotli would add a dependency for no gain in a preview) for
// clients whose Accept-Encoding allows it (q-values and "*" honoured), for
// text, JSON, JavaScript, XML, SVG and WebAssembly of 256 bytes or more,
// never for images, fonts or anything already encoded, never for a
// request with a Range header (ranges stay offsets in the file) and never
// for 206 or 304 responses. Every response carries Vary: Accept-Encoding,
// and an ETag of a compressed response gets a "-gzip" suffix. The event
// stream is never compressed.
//
// HTML responses get
//
//	<script src="/__gen/reload.js" data-site="ID" defer></script>
//
// inserted before </head> while being served; the files on disk, like the
// output of gen build, never contain it. A file netlify.toml makes inert
// (a download, or a sandbox policy: a third-party skill's HTML) is served
// byte for byte, without it. The script works under the site's
// Content-Security-Policy (script-src 'self', style-src 'self', connect-src
// 'self'): it is a file, its styles come from /__gen/overlay.css, and it
// builds the overlay with textContent only.
//
// # Endpoints
//
//	/__gen/events      server-sent events: "hello" on connect with the id of
//	                   the served site, "reload" after a build that changed
//	                   the served site (a partial one included), "status"
//	                   after a failed build that did not, or a restart notice
//	/__gen/status      JSON: build (number of builds finished), site (id of
//	                   the served site), ok, partial (the served site is from
//	                   a build with errors), ms (last build's duration),
//	                   errors [{file, line, msg}], restart [files]
//	/__gen/translations the translation dashboard: every original with the
//	                   state of its translation (generator.Translations),
//	                   computed from the files on each request
//	/__gen/reload.js   the reload and overlay script
//	/__gen/overlay.css the overlay's styles
//
// The script reloads the page on "reload", and on "hello" when the served
// site is not the one the page came from (the server restarted, or a build
// finished while the page was loading). Before reloading it stores
// window.scrollY in sessionStorage under "gen-scroll:" + the path, and
// restores it after the load. It fetches /__gen/status on load and on every
// event and shows or clears the overlay; the overlay is attached only once
// its stylesheet has loaded, so it never appears unstyled.
//
// # Lifetime
//
// [Listen] binds the address (a port in use is reported as a
// [PortInUseError]); [Server.Run] builds, serves and watches until its
// context is cancelled, then shuts the HTTP server down, ends the event
// streams, closes the watcher, waits for every goroutine it started and
// removes every build directory. [Server.Abort] removes them at once, for
// gen serve's second Ctrl-C, which exits without waiting.
//
// With [Server.CompileValidator], Run compiles the validator module in the
// background while it already serves: the validator page says, in its
// language, that the tool is coming (generator.Config.ValidatorComing),
// Out says every 15 s that the compile is still running, and once it
// ends the site is rebuilt, so open pages reload with the tool.
package preview
