package preview

import (
	"io"
	"time"

	"pairag.com/portal/generator/preview/workdir"
)

// Config says what to preview and where. The zero value previews the
// repository in the working directory on a free loopback port.
type Config struct {
	// Dir is the repository: content/, protocol/ and netlify.toml are read
	// from it, and it is watched. Empty means ".".
	Dir string

	// Bind is the address to listen on. Empty means 127.0.0.1.
	Bind string

	// Port is the TCP port to listen on; 0 picks a free one.
	Port int

	// Poll, when positive, replaces file system events by a scan of the
	// watched trees at this interval (for containers and network mounts).
	Poll time.Duration

	// Quiet is the debounce window: a batch of changes is built once no
	// change has arrived for this long. Zero means 20 ms.
	Quiet time.Duration

	// BaseURL is the generator's base URL. Empty means the preview's own
	// URL, so absolute links in the Markdown versions stay in the preview.
	BaseURL string

	// TempDir holds the session's build directories. Empty means /dev/shm
	// when TMPDIR is unset and it is a tmpfs with 1 GiB free (a build
	// writes thousands of small files), else os.TempDir(); builds on
	// /dev/shm move to os.TempDir() once it has less room left than
	// another copy of the site.
	TempDir string

	// MaxConns caps the open HTTP connections; at the cap the longest-idle
	// one is closed to admit a new one. Zero means 256.
	MaxConns int

	// IdleTimeout closes a keep-alive connection that sends no request for
	// this long. Zero means 60 s.
	IdleTimeout time.Duration

	// Out receives progress lines, build errors and warnings. Nil discards them.
	Out io.Writer

	// memDir and free are seams for tests: the tmpfs to build in (nil:
	// defaultMemDir) and the room left on the file system holding a
	// directory (nil: workdir.Free).
	memDir func() (string, bool)
	free   func(dir string) (int64, error)
}

const (
	defaultBind  = "127.0.0.1"
	defaultQuiet = 20 * time.Millisecond // an editor's save is a burst of events within a few ms; a later one supersedes the build
	maxWait      = time.Second           // longest a change waits while changes keep coming
)

func (c Config) withDefaults() Config {
	if c.Dir == "" {
		c.Dir = "."
	}
	if c.Bind == "" {
		c.Bind = defaultBind
	}
	if c.Quiet <= 0 {
		c.Quiet = defaultQuiet
	}
	if c.MaxConns <= 0 {
		c.MaxConns = defaultMaxConns
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = defaultIdleTimeout
	}
	if c.Out == nil {
		c.Out = io.Discard
	}
	if c.memDir == nil {
		c.memDir = defaultMemDir
	}
	if c.free == nil {
		c.free = workdir.Free
	}
	return c
}
