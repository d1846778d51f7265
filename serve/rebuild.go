package serve

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"pairag.com/portal/generator"
)

// rebuildLoop handles batches of changed paths one at a time, so builds
// never overlap; the debouncer collects what changes meanwhile.
func (s *Server) rebuildLoop(ctx context.Context, batches <-chan []string) {
	for {
		select {
		case <-ctx.Done():
			return
		case batch := <-batches:
			s.handle(ctx, batch)
		}
	}
}

// handle acts on one batch: announces code changes, reloads netlify.toml,
// and rebuilds when content changed.
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
		s.loadRules()
		s.printf("netlify.toml changed: headers and redirects reloaded")
	}
	switch {
	case len(build) > 0:
		s.build(ctx, build)
	case len(config) > 0:
		s.events.publish(event{name: "reload", data: s.eventData()})
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

// build renders the site into a new directory and, when it succeeds,
// makes it the served site; why lists the changes behind it (nil for the
// first build). The render cache re-renders only the pages a change
// affects; a change that reaches every page renders them all.
func (s *Server) build(ctx context.Context, why []string) {
	dir, err := os.MkdirTemp(s.work, "site-")
	if err != nil {
		s.finish(0, nil, err)
		return
	}
	start := time.Now()
	if s.cache == nil {
		s.cache = generator.NewCache()
	}
	cfg := generator.Config{Content: os.DirFS(s.root), BaseURL: s.baseURL, Log: s.out, Validator: s.validator, Cache: s.cache}
	res, err := generator.Render(ctx, cfg, dir)
	elapsed := time.Since(start)
	if ctx.Err() != nil {
		os.RemoveAll(dir)
		return
	}
	var st *site
	if err == nil {
		id := fmt.Sprintf("%s-%d", s.session, s.builds.Load()+1)
		st, err = newSite(id, dir, s.remove)
	}
	if err != nil {
		os.RemoveAll(dir)
	}
	s.finish(elapsed, st, err)
	if err == nil {
		s.printf("%s in %d ms: %d pages, %d files, %d page pair(s) rendered, %d reused%s", verb(why), elapsed.Milliseconds(), res.Pages, res.Files, res.Rendered, res.Reused, because(why))
	}
}

// finish publishes the outcome of a build: the new site, the status and
// the event that tells browsers.
func (s *Server) finish(elapsed time.Duration, st *site, err error) {
	n := s.builds.Add(1)
	if st != nil {
		s.cur.swap(st)
	}
	s.status.update(func(sts *Status) {
		sts.Build, sts.OK, sts.Millis, sts.Errors = n, err == nil, elapsed.Milliseconds(), nil
		if st != nil {
			sts.Site = st.id
		}
		if err != nil {
			sts.Errors = problems(err)
		}
	})
	if err != nil {
		s.reportFailure(err)
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
		switch {
		case p.File == "":
			fmt.Fprintf(&b, "%s\n", p.Msg)
		case p.Line > 0:
			fmt.Fprintf(&b, "%s:%d: %s\n", p.File, p.Line, p.Msg)
		default:
			fmt.Fprintf(&b, "%s: %s\n", p.File, p.Msg)
		}
	}
	what := "still serving the last good site"
	if s.cur.p.Load() == nil {
		what = "nothing to serve until it is fixed"
	}
	fmt.Fprintf(&b, "build failed: %d error(s); %s", len(ps), what)
	s.printf("%s", b.String())
}

// remove deletes a replaced site's directory in the background; Run
// waits for it before returning.
func (s *Server) remove(st *site) {
	s.removal.Go(func() { os.RemoveAll(st.dir) })
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
