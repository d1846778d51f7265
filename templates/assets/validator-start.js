// validator-start.js: starts the validator page's engine once the page has
// painted (or at the reader's first use), then runs the page's other
// scripts (below). It is inline in the HTML, right after the tool's markup
// (gen build puts it there; the site's CSP allows it by its hash), and is
// the only place that creates the engine; validator.js (run by this script) adopts
// what it started, and calls root.startEngine itself at first use when
// nothing was started.
// validator.js also hands its setup to root.whenStarted, which runs it
// right after the engine's start (or at once with Save-Data), so the
// module's request goes out before the page's UI is built: on the phone
// profile of cmd/benchpage that setup takes 70-110 ms, which the request
// used to wait for.
//
// Why after the first paint and not with the page's first bytes: the
// module is 0.7 MB brotli. Asked for with the HTML (a preload), it took the
// network from the stylesheets and scripts the first paint and
// DOMContentLoaded wait for, and Lighthouse's phone counted it in the time
// to the largest paint (4.65 s, Performance 83). Asked for once the page
// has painted, it streams into the worker while the page's scripts run. With Save-Data (navigator.connection.saveData) nothing is
// downloaded until the reader pastes or checks; validator.js says so.
//
// The page's other scripts (site.js, validator.js) are only preloaded in
// its head (link rel=preload as=script, in their order); runScripts
// appends them, to run in that order (async = false), once. Deferred, they
// ran at the parse's end in one long task (70-90 ms on benchpage's phone),
// which the paint's entry, and so the module's request, waited for. They
// run at the earliest of:
// - the engine's start, right after the module's request (below);
// - with Save-Data, at once: nothing is started;
// - the reader's first use anywhere in the page (a key, a pointer, a
//   focus: root.uses on the document): a reader quicker than the paint's
//   entry gets the search box, the theme toggle and the menu;
// - the window's load event in a hidden tab: a tab opened in the
//   background never paints, and its page must have its scripts all the
//   same. Not in a visible one, whose paint is coming: on benchpage's
//   phone the load event came before the paint's entry (a Chrome trace:
//   110 ms before), and the scripts would then run ahead of the request.
(function () {
  "use strict";
  let ran = false;
  const runScripts = () => {
    if (ran) return;
    ran = true;
    for (const l of document.querySelectorAll("link[rel=preload][as=script]")) {
      const s = document.createElement("script");
      s.src = l.href;
      s.async = false;
      document.head.append(s);
    }
  };
  const root = document.getElementById("validator");
  if (!root) return runScripts();
  // Test hooks in the query, which readers never need: ?timelimit=ms sets
  // the time limit of a check, ?testhang=WORD makes the worker never finish
  // a text containing WORD (a payload the engine could not finish).
  const query = new URLSearchParams(location.search);
  const tell = (type) => (detail) => root.dispatchEvent(new CustomEvent(type, { detail }));
  const options = {
    timeLimit: Number(query.get("timelimit")) || undefined,
    testHang: query.get("testhang") || undefined,
    onProgress: tell("validator-progress"),
    onRestart: tell("validator-restart"),
  };
  // startEngine creates an engine through the page's JavaScript API and
  // keeps its promise in root.engine (validator.js clears it after a
  // failure, so the next use starts afresh).
  root.startEngine = () => (root.engine = import(root.dataset.api).then((m) => m.createValidator(options)));
  // whenStarted queues f until the engine has started here, then runs it;
  // after that, at once. validator.js runs its setup earlier at the
  // reader's first use: the first of these events inside the tool
  // (root.uses: validator.js listens for the same ones).
  root.uses = ["focus", "pointerdown", "keydown", "input", "paste", "drop", "click", "change"];
  for (const t of root.uses) document.addEventListener(t, runScripts, { capture: true, once: true });
  // A click on one of the tool's buttons before validator.js has set the
  // tool up (it runs after the start, once its script is in) is kept for
  // it to click again (root.missed): the first click is not lost.
  root.addEventListener("click", (e) => {
    const b = !root.classList.contains("js") && e.target.closest("button");
    if (b) root.missed = b;
  }, true);
  addEventListener("load", () => { if (document.visibilityState === "hidden") runScripts(); }, { once: true });
  const queue = [];
  let started = false;
  root.whenStarted = (f) => { if (started) f(); else queue.push(f); };
  const flush = () => { started = true; for (const f of queue.splice(0)) f(); };
  const c = navigator.connection;
  root.saveData = !!(c && c.saveData);
  if (root.saveData) { flush(); runScripts(); } // nothing to start: the setup waits for nothing
  else {
    // The module is asked for as soon as the page has painted: when the
    // first-contentful-paint entry is there. This script runs while the
    // page is parsed (inline right after the tool), and looks then; after
    // that a paint observer waits for the entry, each frame looks for it,
    // and validator.js, when the load event or a use ran it first, looks
    // as it starts (root.startIfPainted). All of them, because while a page loads
    // Chrome runs the parser's and the deferred scripts' tasks first and
    // delivers the paint entry late: a task posted after the paint
    // (scheduler.postTask, even user-blocking, or a timer) ran only after
    // DOMContentLoaded, on a busy phone 0.7-1 s after the paint (benchpage
    // -timeline). Counting frames instead is not safe: Chrome runs frames
    // (animation callbacks, style, layout) whose commit it defers, which
    // are never presented, so a third frame can still precede the paint
    // (TestValidatorPreloadsModule saw it). Then the module is preloaded
    // at once and the engine started: on a busy phone the API module's
    // import can resolve half a second later, and the API's fetch takes
    // the preloaded response (the same mode and credentials), so the
    // download does not wait for it. Never before the paint: a request
    // finished before it is charged to the largest paint by Lighthouse.
    // But at once at the reader's first use: who uses the tool has seen it
    // painted, whatever the entry says (benchpage's reader, who focuses
    // the editor at DOMContentLoaded, came before the entry). That start
    // runs in the capture phase, so before validator.js sets up.
    const afterPaint = (f) => {
      let done = false;
      const go = () => { if (!done) { done = true; f(); } };
      for (const t of root.uses) root.addEventListener(t, go, { capture: true, once: true });
      const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
      const P = self.PerformanceObserver;
      if (!P || !(P.supportedEntryTypes || []).includes("paint")) return requestAnimationFrame(() => setTimeout(go, 0));
      const o = new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length) { o.disconnect(); go(); }
      });
      const check = () => {
        if (!done && painted()) { o.disconnect(); go(); }
        return done;
      };
      root.startIfPainted = check;
      if (check()) return;
      o.observe({ type: "paint", buffered: true });
      const frame = () => { if (!check()) requestAnimationFrame(frame); };
      requestAnimationFrame(frame);
    };
    afterPaint(() => {
      if (root.engine) { flush(); return runScripts(); }
      const link = document.createElement("link");
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous";
      link.href = root.dataset.wasm;
      document.head.append(link);
      root.startEngine();
      flush();
      runScripts();
      tell("validator-engine")();
    });
  }
  tell("validator-engine")();
})();
