package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// stopGrace is how long a command may take to stop after the first
// signal before it is ended. A variable for the tests.
var stopGrace = 10 * time.Second

// interruptible returns a context cancelled by the first SIGINT or
// SIGTERM, after which the command stops cleanly and removes what it
// wrote. A second signal, or a command still running stopGrace after the
// first (a single SIGTERM has no second; issue 22: gen serve hung on it),
// runs cleanup and exits at once with status 130. Call stop when the
// command is done.
func interruptible(stderr io.Writer, name string, cleanup func()) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sigs:
		case <-done:
			return
		}
		fmt.Fprintf(stderr, "%s: stopping (press Ctrl-C again to exit at once)\n", name)
		cancel()
		grace := time.NewTimer(stopGrace)
		defer grace.Stop()
		select {
		case <-sigs:
			fmt.Fprintf(stderr, "%s: exiting at once\n", name)
		case <-grace.C:
			fmt.Fprintf(stderr, "%s: still stopping after %v; exiting\n", name, stopGrace)
		case <-done:
			return
		}
		cleanup()
		os.Exit(130)
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}
