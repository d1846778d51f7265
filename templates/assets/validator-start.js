// validator-start.js: starts the validator page's engine once the page has
// painted, without waiting for the page's other scripts. It is loaded
// async, right after the tool's markup, and is the only place that creates
// the engine; validator.js (deferred) adopts what it started, and calls
// root.startEngine itself at first use when nothing was started.
//
// Why after the first paint and not with the page's first bytes: the
// module is 0.7 MB brotli. Asked for with the HTML (a preload), it took the
// network from the stylesheets and scripts the first paint and
// DOMContentLoaded wait for, and Lighthouse's phone counted it in the time
// to the largest paint (4.65 s, Performance 83). Asked for in the task
// after the first frame, it streams into the worker while the page's
// scripts run. With Save-Data (navigator.connection.saveData) nothing is
// downloaded until the reader pastes or checks; validator.js says so.
(function () {
  "use strict";
  const root = document.getElementById("validator");
  if (!root) return;
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
  const c = navigator.connection;
  root.saveData = !!(c && c.saveData);
  if (!root.saveData) {
    // requestAnimationFrame runs just before the frame that paints the tool
    // (this script comes right after it); the task it posts runs once that
    // frame is painted. A user-blocking task (scheduler.postTask) runs ahead
    // of the parser's and the deferred scripts' tasks; a timer waited behind
    // them until DOMContentLoaded, and a second frame until the parser was
    // done. Then the module is preloaded at once and the engine started:
    // on a busy phone the API module's import can resolve half a second
    // later, and the API's fetch takes the preloaded response (the same
    // mode and credentials), so the download does not wait for it.
    // On a busy machine the task can still run before the paint is
    // presented; then it waits for the first-contentful-paint entry, so the
    // request never precedes the paint.
    const painted = (f) => {
      if (!self.PerformanceObserver || performance.getEntriesByName("first-contentful-paint").length) return f();
      const o = new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length) { o.disconnect(); f(); }
      });
      o.observe({ type: "paint", buffered: true });
    };
    const afterPaint = (f) => requestAnimationFrame(() => {
      const g = () => painted(f);
      self.scheduler && scheduler.postTask ? scheduler.postTask(g, { priority: "user-blocking" }) : setTimeout(g, 0);
    });
    afterPaint(() => {
      if (root.engine) return;
      const link = document.createElement("link");
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous";
      link.href = root.dataset.wasm;
      document.head.append(link);
      root.startEngine();
      tell("validator-engine")();
    });
  }
  tell("validator-engine")();
})();
