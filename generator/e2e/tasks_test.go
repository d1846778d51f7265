package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// mainTask is one task the page's main thread ran, from a Chromium trace:
// its wall time and its CPU time (the trace's thread duration), both in ms.
// Wall time stretches on a loaded machine, where the thread waits for a
// core; CPU time is the work the task did, so tests bound that.
type mainTask struct {
	Wall, CPU float64
	What      string // the trace events inside it that took most of its CPU time
}

func (k mainTask) String() string {
	return fmt.Sprintf("%.0f ms CPU (%.0f ms wall): %s", k.CPU, k.Wall, k.What)
}

// mainThreadTasks records a trace of the tab while do runs and returns the
// tasks of the page's main thread (CrRendererMain) that ran meanwhile. It
// fails the test when the trace holds none: a test must not pass because
// Chromium stopped reporting tasks.
func mainThreadTasks(t *testing.T, tab context.Context, do func()) []mainTask {
	t.Helper()
	type event struct {
		Name string          `json:"name"`
		Ph   string          `json:"ph"`
		Ts   float64         `json:"ts"`
		Dur  float64         `json:"dur"`
		Tdur float64         `json:"tdur"`
		Pid  int             `json:"pid"`
		Tid  int             `json:"tid"`
		Args json.RawMessage `json:"args"`
	}
	var mu sync.Mutex
	var events []event
	complete := make(chan struct{})
	var once sync.Once
	listen, stop := context.WithCancel(tab)
	defer stop()
	if err := chromedp.Listen(listen, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			defer mu.Unlock()
			for _, v := range e.Value {
				b, err := json.Marshal(v)
				var x event
				if err == nil && json.Unmarshal(b, &x) == nil {
					events = append(events, x)
				}
			}
		case *tracing.EventTracingComplete:
			once.Do(func() { close(complete) })
		}
	}); err != nil {
		t.Fatalf("listen for the trace: %v", err)
	}
	call := func(f func(ctx context.Context, tg *chromedp.Target) error) chromedp.Action[chromedp.Void] {
		return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			return chromedp.Void{}, f(ctx, tg)
		}
	}
	run(t, tab, call(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{TraceConfig: &tracing.TraceConfig{
			IncludedCategories: []string{"disabled-by-default-devtools.timeline", "devtools.timeline", "toplevel"},
		}})
		return err
	}))
	do()
	run(t, tab, call(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return err
	}))
	select {
	case <-complete:
	case <-time.After(120 * time.Second):
		t.Fatal("the trace did not complete within 120 s")
	}
	mu.Lock()
	defer mu.Unlock()
	main := map[[2]int]bool{}
	for _, e := range events {
		var a struct{ Name string }
		if e.Ph == "M" && e.Name == "thread_name" && json.Unmarshal(e.Args, &a) == nil && a.Name == "CrRendererMain" {
			main[[2]int{e.Pid, e.Tid}] = true
		}
	}
	var tasks []mainTask
	for _, e := range events {
		if e.Ph != "X" || e.Name != "RunTask" || !main[[2]int{e.Pid, e.Tid}] {
			continue
		}
		k := mainTask{Wall: e.Dur / 1000, CPU: e.Tdur / 1000}
		if k.CPU > 20 { // say what a long one did
			var what []string
			for _, c := range events {
				if c.Ph == "X" && c.Pid == e.Pid && c.Tid == e.Tid && c.Name != "RunTask" && c.Ts >= e.Ts && c.Ts+c.Dur <= e.Ts+e.Dur && c.Tdur > e.Tdur/3 {
					what = append(what, fmt.Sprintf("%s %.0f", c.Name, c.Tdur/1000))
				}
			}
			k.What = strings.Join(what, ", ")
		}
		tasks = append(tasks, k)
	}
	if len(tasks) == 0 {
		t.Fatalf("the trace holds no task of the page's main thread (%d events): did Chromium rename RunTask or CrRendererMain?", len(events))
	}
	return tasks
}

// longest returns the task with the most CPU time and the longest wall
// time seen.
func longest(tasks []mainTask) (cpu mainTask, wall float64) {
	for _, k := range tasks {
		if k.CPU > cpu.CPU {
			cpu = k
		}
		wall = max(wall, k.Wall)
	}
	return cpu, wall
}
