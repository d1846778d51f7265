package preview

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"pairag.com/portal/generator"
	"pairag.com/portal/internal/diag"
)

// rebuildLoop handles batches of changed paths one at a time, so builds
// never overlap. A batch that arrives while one is being handled
// supersedes it: the running build is cancelled (it stops at the next
// page) and one build covers both batches. Once the oldest change not yet
// served has waited maxSupersede, the running build is left to finish
// instead, so saves coming faster than builds never keep every build
// from finishing.
func (s *Server) rebuildLoop(ctx context.Context, batches <-chan []string) {
	var batch []string
	var oldest time.Time // when the oldest change of batch arrived
	for {
		if batch == nil {
			select {
			case <-ctx.Done():
				return
			case batch = <-batches:
				oldest = time.Now()
			}
		}
		bctx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() {
			defer close(done)
			s.handle(bctx, batch)
		}()
		var next []string
		select {
		case <-done:
		case next = <-batches:
			if time.Since(oldest) < maxSupersede {
				cancel()
			}
			<-done
		case <-ctx.Done():
		}
		cancel()
		<-done
		switch {
		case next == nil:
			batch = nil
		case s.superseded.Load():
			s.printf("build superseded by a newer change")
			batch = merge(batch, next)
		default: // the build finished and served batch
			batch, oldest = next, time.Now()
		}
	}
}

// maxSupersede is how long a change may wait, behind builds cancelled by
// newer changes, before the running build is let finish.
const maxSupersede = 3 * time.Second

// merge returns the paths of a followed by those of b not in a.
func merge(a, b []string) []string {
	out := slices.Clone(a)
	for _, p := range b {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// handle acts on one batch: announces code changes, reloads netlify.toml,
// and rebuilds when content or netlify.toml changed (the build reports a
// netlify.toml that would deploy without its headers, so the overlay
// shows it).
func (s *Server) handle(ctx context.Context, batch []string) {
	var build, config []string
	var restart []string
	for _, p := range batch {
		switch classify(p) {
		case kindBuild:
			build = append(build, p)
		case kindConfig:
			config = append(config, p)
		case kindRestart:
			restart = append(restart, p)
		}
	}
	if len(restart) > 0 {
		s.announceRestart(restart)
	}
	if len(config) > 0 {
		if s.loadRules() {
			s.printf("netlify.toml changed: headers and redirects reloaded")
		}
		build = append(build, config...) // the build checks it and shows its errors
	}
	if len(build) > 0 {
		s.build(ctx, build)
	}
}

// announceRestart records and prints code changes that a rebuild cannot
// pick up, because they are compiled into gen.
func (s *Server) announceRestart(files []string) {
	s.status.update(func(st *Status) {
		for _, f := range files {
			if !slices.Contains(st.Restart, f) {
				st.Restart = append(st.Restart, f)
			}
		}
		slices.Sort(st.Restart)
	})
	s.printf("%s changed: restart gen serve to pick up code changes", strings.Join(files, ", "))
	s.events.publish(event{name: "status", data: s.eventData()})
}

// build renders the site into a new directory and makes it the served
// site; why lists the changes behind it (nil for the first build). The
// render cache re-renders only the pages a change affects; a change that
// reaches every page renders them all. A build that fails on content
// errors is served too, as a partial site: every page that rendered, the
// last good site for the others, and the errors overlaid on every page.
// Only when nothing rendered and a good site exists is the old site kept.
// A build that read a file which changed before it finished (a save in
// progress) is not served: it runs again, up to maxReads times.
func (s *Server) build(ctx context.Context, why []string) {
	s.superseded.Store(false)
	s.saves.forget(why) // read again what changed; the rest is as the last build read it
	for tries := 1; ; tries++ {
		if !s.try(ctx, tries, why) {
			return
		}
	}
}

// try is one attempt of build; it reports whether to build again. The
// pages the build takes unchanged stay in the directories of the builds
// that wrote them (generator.Config.Reuse), pinned until the new site
// holds them.
func (s *Server) try(ctx context.Context, tries int, why []string) (again bool) {
	dir, err := os.MkdirTemp(s.work.Current(), "site-")
	if err != nil {
		s.finish(0, nil, err)
		return false
	}
	start := time.Now()
	if s.cache == nil {
		s.cache = generator.NewCache()
	}
	src, err := s.saves.open(s.root)
	if err != nil {
		os.RemoveAll(dir)
		s.finish(0, nil, err)
		return false
	}
	pinned := s.layers.pinner()
	defer pinned.release()
	res, err := s.render(ctx, src, dir, pinned)
	elapsed := time.Since(start)
	changed := src.changed()
	src.Close()
	if ctx.Err() != nil {
		os.RemoveAll(dir)
		s.superseded.Store(true)
		return false
	}
	if name := changed; name != "" && tries < maxReads {
		os.RemoveAll(dir)
		s.printf("%s changed while the build read it: building again", name)
		return true
	}
	held, stale := src.heldBack()
	s.recheck(held, src.now)
	served := s.publish(dir, res, withErrors(err, stale), elapsed, why, pinned)
	// It may have failed for want of room: build again on disk.
	return served && s.checkSpace(dir, res.Reused == 0) && err != nil && tries < maxReads
}

// maxLayers bounds the earlier builds' directories a site serves files
// from. Each keeps the files made from every page (search index,
// llms-full.txt, ...) of its own build, so a build past it links every
// file into its own directory instead, and the older ones are removed.
const maxLayers = 8

// maxReads bounds how often one build reads the sources again because a
// file changed under it: a file rewritten faster than builds run is
// served as last read.
const maxReads = 3

// publish serves a finished build directory, a partial one included, or
// removes it. It reports whether it served it.
func (s *Server) publish(dir string, res *generator.Result, err error, elapsed time.Duration, why []string, pinned *pins) bool {
	var list generator.ErrorList
	partial := err != nil && errors.As(err, &list) && res != nil && (res.Pages > 0 || s.lastGood.p.Load() == nil)
	var st *site
	if err == nil || partial {
		id := fmt.Sprintf("%s-%d", s.session, s.builds.Load()+1)
		st, err = s.newSite(id, dir, res, pinned, partial, err)
	}
	if st == nil {
		os.RemoveAll(dir)
	}
	s.finish(elapsed, st, err)
	if err == nil {
		s.printf("%s in %d ms: %d pages, %d files, %d page pair(s) rendered, %d reused%s", verb(why), elapsed.Milliseconds(), res.Pages, res.Files, res.Rendered, res.Reused, because(why))
	}
	return st != nil
}

// withErrors adds the errors of held-back page sources to a build's error.
func withErrors(err error, more generator.ErrorList) error {
	if len(more) == 0 {
		return err
	}
	var list generator.ErrorList
	switch {
	case err == nil:
		return more.Err()
	case errors.As(err, &list):
		return append(slices.Clone(list), more...).Err()
	}
	return err // the build failed as a whole; that error says more
}

// recheck prints which page sources this build took from their last
// complete version, and looks at each again once it has been incomplete
// for holdFor: if it still is, that build reports it.
func (s *Server) recheck(held []string, built time.Time) {
	for _, name := range held {
		s.saves.mu.Lock()
		since, ok := s.saves.since[name]
		s.saves.mu.Unlock()
		if !ok {
			continue
		}
		wait := holdFor - built.Sub(since) // as the build judged it
		if wait <= 0 {
			continue // this build reports it
		}
		s.printf("%s is incomplete (a save in progress?): built from its last complete version", name)
		time.AfterFunc(wait, func() {
			select {
			case s.changes <- name:
			default: // the watcher's queue is full: a build is coming anyway
			}
		})
	}
}

// render runs the generator over the repository into dir. Files are read
// through an os.Root, so no symbolic link can take a read outside it, and
// through src, which holds back page sources caught mid-save. The
// repository is the git work tree too, so pages show the date of their
// last commit as gen build's do.
func (s *Server) render(ctx context.Context, src *sourceFS, dir string, pinned *pins) (*generator.Result, error) {
	cfg := generator.Config{Content: src, Root: s.root, BaseURL: s.baseURL, Log: s.out, Validator: s.validator.Load(), ValidatorComing: s.coming.Load(), Cache: s.cache, GitDir: s.root, Reuse: pinned.reuse}
	if cur := s.cur.p.Load(); cur != nil && len(cur.held) >= maxLayers {
		cfg.Reuse = nil // link every reused file into dir: the site is one directory again
	}
	return generator.Render(ctx, cfg, dir)
}

// newSite opens a finished build directory as a site, with the files the
// build left in earlier builds' directories. A good one becomes the last
// good site too; a partial one falls back to it. buildErr is returned
// unchanged when the site opens.
func (s *Server) newSite(id, dir string, res *generator.Result, pinned *pins, partial bool, buildErr error) (*site, error) {
	st, err := newSite(id, dir, s.remove)
	if err != nil {
		return nil, err
	}
	var files map[string]string
	if res != nil {
		files = res.Elsewhere
	}
	if !st.adopt(files, pinned) {
		st.release()
		return nil, fmt.Errorf("the build reused pages of a site no longer kept: build again (save any page)")
	}
	s.layers.add(st.own)
	st.partial = partial
	if partial {
		st.fallback = s.lastGood.acquire()
		return st, buildErr
	}
	st.acquire() // the lastGood box's reference
	s.lastGood.swap(st)
	return st, nil
}

// finish publishes the outcome of a build: the new site, the status and
// the event that tells browsers. Browsers reload whenever the served site
// changed, a partial one included.
func (s *Server) finish(elapsed time.Duration, st *site, err error) {
	n := s.builds.Add(1)
	if st != nil {
		s.cur.swap(st)
	}
	s.status.update(func(sts *Status) {
		sts.Build, sts.OK, sts.Millis, sts.Errors = n, err == nil, elapsed.Milliseconds(), nil
		if st != nil {
			sts.Site, sts.Partial = st.id, st.partial
		}
		if err != nil {
			sts.Errors = problems(err)
		}
	})
	if err != nil {
		s.reportFailure(err)
	}
	if st == nil {
		s.events.publish(event{name: "status", data: s.eventData()})
		return
	}
	s.events.publish(event{name: "reload", data: s.eventData()})
}

// reportFailure prints a failed build's errors, one file:line: message a line.
func (s *Server) reportFailure(err error) {
	var b strings.Builder
	ps := problems(err)
	for _, p := range ps {
		b.WriteString(diag.Format(p.File, p.Line, 0, "", p.Msg) + "\n")
	}
	what := "still serving the last good site"
	switch cur := s.cur.p.Load(); {
	case cur == nil:
		what = "nothing to serve until it is fixed"
	case cur.partial:
		what = "serving every page that could be built, with the errors shown on each; gen build would refuse to publish"
	}
	fmt.Fprintf(&b, "build failed: %d error(s); %s", len(ps), what)
	s.printf("%s", b.String())
}

// remove deletes the directory of a build no site serves a file of any
// more, in the background; Run waits for it before returning.
func (s *Server) remove(dir string) {
	s.layers.drop(dir)
	s.removal.Go(func() { os.RemoveAll(dir) })
}

// eventData is the JSON carried by events: the build count and served site.
func (s *Server) eventData() string {
	st := s.status.get()
	return fmt.Sprintf(`{"build":%d,"site":%q,"ok":%t}`, st.Build, st.Site, st.OK)
}

func verb(why []string) string {
	if why == nil {
		return "built"
	}
	return "rebuilt"
}

// because names the change behind a rebuild: the file, or the first file and a count.
func because(why []string) string {
	switch len(why) {
	case 0:
		return ""
	case 1:
		return " (" + why[0] + ")"
	}
	return fmt.Sprintf(" (%s and %d more)", why[0], len(why)-1)
}
