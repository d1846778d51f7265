package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// interruptible returns a context cancelled by the first SIGINT or
// SIGTERM, after which the command stops cleanly and removes what it
// wrote. A second signal runs cleanup and exits at once with status 130.
// Call stop when the command is done.
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
		select {
		case <-sigs:
		case <-done:
			return
		}
		fmt.Fprintf(stderr, "%s: exiting at once\n", name)
		cleanup()
		os.Exit(130)
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}
