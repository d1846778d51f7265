package preview

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"pairag.com/portal/generator"
	"pairag.com/portal/generator/preview/netlify"
	"pairag.com/portal/generator/preview/workdir"
)

// Server is a running preview: a listener, the served site and the
// machinery that rebuilds it. Create it with [Listen], run it with [Server.Run].
type Server struct {
	cfg     Config
	root    string // absolute repository directory
	ln      net.Listener
	url     string
	baseURL string
	work    workdir.Dirs // session directories holding the build directories
	spill   string       // where builds move when the tmpfs runs short; "": they stay
	session string       // distinguishes this run's site ids from a previous run's

	validator atomic.Pointer[generator.Validator]                 // for the validator page; nil: none (yet)
	compile   func(context.Context) (*generator.Validator, error) // compiles it in the background; nil: nothing to wait for
	coming    atomic.Bool                                         // compile is running: the page says the tool is coming
	cache     *generator.Cache                                    // rendered pages kept between rebuilds
	siteBytes int64                                               // the site's size, measured after the first and every full build

	cur        current      // the site being served
	lastGood   current      // the last site built without errors; partial sites fall back to it
	superseded atomic.Bool  // the last build was cancelled before it finished
	builds     atomic.Int64 // builds finished, failed ones included
	status     statusBox
	events     broker
	rules      atomic.Pointer[netlify.Rules]
	removal    sync.WaitGroup            // removals of replaced site directories
	layers     layers                    // the directories of the sites served, for reuse (site.go)
	stop       chan struct{}             // closed at shutdown; ends the event streams
	saves      saves                     // page sources caught mid-save (saves.go)
	changes    chan string               // changed paths, relative to root, from the watcher and rechecks
	out        *lockedWriter             // Config.Out
	lim        atomic.Pointer[connLimit] // the HTTP server's connections, once serving
}

// PortInUseError reports that the requested port is taken.
type PortInUseError struct{ Port int }

func (e *PortInUseError) Error() string {
	return fmt.Sprintf("port %d is in use; pick another with --port or use --port 0", e.Port)
}

// Listen binds the preview's address. Nothing is built or served until Run.
func Listen(cfg Config) (*Server, error) {
	cfg = cfg.withDefaults()
	root, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(root, "content")); err != nil {
		return nil, fmt.Errorf("%s has no content/ directory: run gen serve in the repository or give --content", cfg.Dir)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(cfg.Bind, strconv.Itoa(cfg.Port)))
	if errors.Is(err, syscall.EADDRINUSE) {
		return nil, &PortInUseError{Port: cfg.Port}
	}
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, root: root, ln: ln, stop: make(chan struct{}), out: &lockedWriter{w: cfg.Out}}
	s.saves = saves{whole: map[string][]byte{}, since: map[string]time.Time{}, fresh: map[string]bool{}}
	s.changes = make(chan string, 1024)
	s.url = "http://" + urlHost(cfg.Bind, ln.Addr().(*net.TCPAddr).Port) + "/"
	s.baseURL = cfg.BaseURL
	if s.baseURL == "" {
		s.baseURL = s.url
	}
	s.session = strconv.FormatInt(time.Now().UnixNano()%1e9, 36)
	return s, nil
}

// urlHost is the host:port a browser on this machine should open.
func urlHost(bind string, port int) string {
	if ip := net.ParseIP(bind); ip != nil && ip.IsUnspecified() {
		bind = "localhost"
	}
	return net.JoinHostPort(bind, strconv.Itoa(port))
}

// SetValidator gives every build the compiled WebAssembly validator for
// the validator page (generator.Config.Validator). Call it before Run;
// without it the page is built without the tool and the generator warns.
// Listen comes first so that a busy port is reported before the module,
// which takes a while, is compiled.
func (s *Server) SetValidator(v *generator.Validator) { s.validator.Store(v) }

// CompileValidator has Run compile the validator module with compile in
// the background while the preview already serves: until it is done the
// validator page says, in its language, that the tool is coming, and Out
// says every validatorTick that it is still compiling; then the site is
// rebuilt and open pages reload. A failure is printed, and the page is
// built without the tool. Call it before Run.
func (s *Server) CompileValidator(compile func(context.Context) (*generator.Validator, error)) {
	s.compile = compile
}

// validatorTick is how often Out says the module is still compiling.
const validatorTick = 15 * time.Second

// validatorChange is the change that rebuilds the site once the module
// is in; the rebuild names it (classify counts it as content).
const validatorChange = "(the validator module, compiled)"

// compileValidator runs compile, then hands its module to the next build.
func (s *Server) compileValidator(ctx context.Context) {
	start := time.Now()
	s.printf("compiling the in-browser validator in the background (a minute or two the first time, then cached); its page says so until it is ready")
	type result struct {
		v   *generator.Validator
		err error
	}
	done := make(chan result, 1) // buffered: compile never waits for a reader that left
	go func() {
		v, err := s.compile(ctx)
		done <- result{v, err}
	}()
	tick := time.NewTicker(validatorTick)
	defer tick.Stop()
	var r result
	for waiting := true; waiting; {
		select {
		case <-tick.C:
			s.printf("still compiling the validator (%d s)", int(time.Since(start).Seconds()))
		case r = <-done:
			waiting = false
		}
	}
	if ctx.Err() != nil {
		return
	}
	if r.err != nil {
		s.printf("validator: %v", r.err)
	} else {
		s.validator.Store(r.v)
		s.printf("validator compiled in %d s: rebuilding so its page has it", int(time.Since(start).Seconds()))
	}
	s.coming.Store(false)
	select {
	case s.changes <- validatorChange:
	case <-ctx.Done():
	}
}

// URL is the address of the preview, ending in "/".
func (s *Server) URL() string { return s.url }

// Run builds the site, serves it and rebuilds on change until ctx is
// cancelled; then it stops everything it started and removes its build
// directories. A failed first build is not an error: the server keeps
// running and reports the errors until a change fixes them.
func (s *Server) Run(ctx context.Context) error {
	defer s.ln.Close()
	parent, spill := workParent(s.cfg)
	work, err := workdir.Make(parent)
	if err != nil {
		return fmt.Errorf("session directory: %w", err)
	}
	s.work.Add(work)
	s.spill = spill
	defer s.work.RemoveAll()
	s.printf("building into %s", work)
	if exposed(s.cfg.Bind) {
		s.printf("warning: --bind %s: the preview is reachable from the network, by anyone who can reach this machine", s.cfg.Bind)
	}
	s.loadRules()
	changes := s.changes
	w, err := s.newWatcher(changes)
	if err != nil {
		return err
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	wg.Go(func() { w.run(ctx) })
	batches := make(chan []string)
	wg.Go(func() { debounce(ctx, changes, batches, s.cfg.Quiet) })

	if s.compile != nil {
		s.coming.Store(true)
		wg.Go(func() { s.compileValidator(ctx) })
	}
	var hs *http.Server
	served := make(chan error, 1)
	if s.build(ctx, nil); ctx.Err() == nil {
		wg.Go(func() { s.rebuildLoop(ctx, batches) })
		lim := newConnLimit(s.ln, s.cfg.MaxConns)
		s.lim.Store(lim)
		hs = s.httpServer(lim)
		wg.Go(func() { served <- hs.Serve(lim) })
		s.printf("serving %s (Ctrl-C to stop)", s.url)
		select {
		case <-ctx.Done():
		case err = <-served:
		}
	}
	s.shutdown(hs)
	cancel()
	wg.Wait()
	w.Close()
	s.cur.swap(nil) // the last sites: removed once their last request is done
	s.lastGood.swap(nil)
	s.removal.Wait()
	return err
}

// shutdown ends the event streams, then stops the HTTP server, waiting
// for the requests in flight.
func (s *Server) shutdown(hs *http.Server) {
	close(s.stop)
	if hs == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(ctx); err != nil {
		hs.Close()
	}
}

// Abort removes the session's build directories at once. It is for a
// second interrupt while Run is still stopping: the process exits right
// after, so nothing is left in the temporary directory.
func (s *Server) Abort() { s.work.RemoveAll() }

// errorLog is the HTTP server's log: to Out, prefixed.
func (s *Server) errorLog() *log.Logger { return log.New(s.out, "gen serve: ", 0) }

// printf writes one line to Out.
func (s *Server) printf(format string, args ...any) {
	fmt.Fprintf(s.out, format+"\n", args...)
}

// lockedWriter serializes writes from the builder, the watcher and the
// HTTP server's error log.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
