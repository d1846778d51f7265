// Package serve is the live preview behind "gen serve": it builds the site
// into a directory of its own, serves it over HTTP the way Netlify serves
// production, watches the sources and rebuilds on change, and tells open
// browsers to reload once a rebuild has finished.
//
// # Builds
//
// Every build renders the whole site with generator.Render into a new
// directory under a temporary directory of the session (public/ is never
// touched). The session directory goes to [Config].TempDir, else to
// /dev/shm when TMPDIR is unset and it is a tmpfs with 1 GiB free (a build
// writes thousands of small files; on disk that is most of its time), else
// to os.TempDir(). It holds a pid file; a session directory whose process
// is gone is removed at the next start. When the build succeeds, the served site is switched to the new
// directory in one atomic step, so a request sees either the old site or the
// new one, never a mix. Each request holds a reference to the site it
// started on; a replaced site's directory is removed when its last request
// has finished. Builds run one at a time; changes that arrive during a build
// are collected and cause exactly one more build after it.
//
// A build that fails (front matter, links, protocol JSON, any generator
// error) leaves the last good site served. Its errors are printed as
// "file:line: message" and reported by /__gen/status; the browser shows
// them in an overlay that goes away when a later build succeeds.
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
//	netlify.toml                    reload the headers and redirects
//	*.go, *.templ under protocol/, templates/, generator/, cmd/
//	templates/assets/**             announce "restart gen serve": they are compiled into gen
//	anything else                   ignored
//
// Editors' temporary files are ignored wherever they appear: vim's 4913
// probe (and 5036, 5159, ...), backups ending in "~", swap files (.swp,
// .swx, .swo, ...), emacs autosaves (#x#) and locks (.#x), JetBrains'
// x___jb_tmp___ and x___jb_old___, gedit's .goutputstream-*. The real save
// that follows is never missed: an atomic save ends with a CREATE (rename)
// of the real name, which counts as a change like any WRITE, REMOVE or
// RENAME. Bursts are debounced in one place: a batch is released after a
// quiet window ([Config].Quiet, 100 ms by default) or at most one second
// after its first change.
//
// # HTTP
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
// path: "*" matches any run of characters, ":name" one segment, and the
// values of a header set by several matching rules are joined with ", ",
// as Netlify does. A Content-Type from the rules wins over the one derived
// from the file's extension.
//
// HTML responses get
//
//	<script src="/__gen/reload.js" data-site="ID" defer></script>
//
// inserted before </head> while being served; the files on disk, like the
// output of gen build, never contain it. The script works under the site's
// Content-Security-Policy (script-src 'self', style-src 'self', connect-src
// 'self'): it is a file, its styles come from /__gen/overlay.css, and it
// builds the overlay with textContent only.
//
// # Endpoints
//
//	/__gen/events      server-sent events: "hello" on connect with the id of
//	                   the served site, "reload" after a successful build,
//	                   "status" after a failed build or a restart notice
//	/__gen/status      JSON: build (number of builds finished), site (id of
//	                   the served site), ok, ms (last build's duration),
//	                   errors [{file, line, msg}], restart [files]
//	/__gen/reload.js   the reload and overlay script
//	/__gen/overlay.css the overlay's styles
//
// The script reloads the page on "reload", and on "hello" when the served
// site is not the one the page came from (the server restarted, or a build
// finished while the page was loading). Before reloading it stores
// window.scrollY in sessionStorage under "gen-scroll:" + the path, and
// restores it after the load. It fetches /__gen/status on load and on every
// event and shows or clears the overlay.
//
// # Lifetime
//
// [Listen] binds the address (a port in use is reported as a
// [PortInUseError]); [Server.Run] builds, serves and watches until its
// context is cancelled, then shuts the HTTP server down, ends the event
// streams, closes the watcher, waits for every goroutine it started and
// removes every build directory.
package serve
