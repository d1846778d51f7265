// pairag-validator.js: the Pairag task-publish validator as an ES module.
// The same Go engine as `gen validate`, compiled to WebAssembly, runs in a
// Web Worker; this module starts the worker, hands it requests one at a time
// and guarantees an answer for each: a result, or an error saying why not.
//
//   import { createValidator, preload } from "https://resource.pairag.com/validator/pairag-validator.js";
//   preload();                          // optional, as early as possible: download and compile now
//   const v = await createValidator();
//   const result = await v.validate(text, { tier: "free", lang: "en" });
//   // result: { valid, tier, findings: [{ severity, code, pointer, line, column,
//   //           message, from, to, fix?, suggestions?, docs?, ... }], ms }
//
// Every offset in a result counts UTF-16 code units, as JavaScript strings
// do: from and to, fix.start and fix.end, and the start and end of each
// suggestion's edits, so text.slice(0, f.fix.start) + f.fix.replacement +
// text.slice(f.fix.end) applies a fix to the string that was validated.
//
// The URL is stable and short-cached; the files it loads are content-hashed.
// The worker must come from the page's own origin, so embed it on a page
// served by the same site (or serve a copy of /validator/ and /assets/).
//
// A request supersedes the one before it: the earlier promise rejects with
// ValidatorError reason "superseded" and the worker is restarted, because a
// running WebAssembly call cannot be interrupted in any other way. A request
// that runs past timeLimit rejects with reason "timeout", and the worker is
// restarted too. Restarts reuse the compiled module: nothing is downloaded
// again.

// built is written by gen build: the hashed asset URLs, the module's size,
// the tiers and their labels from content/labels.yaml.
const built = /* filled in by gen build */ null;

/** The tiers, strictest first, and the one that applies when none is given. */
export const tiers = built ? built.tiers.slice() : [];
export const defaultTier = built ? built.defaultTier : "free";
/** Tier labels in both languages: { free: { en: "Free", "zh-CN": "免费版" }, ... } */
export const tierLabels = built ? structuredClone(built.tierLabels) : {};

/** Why a request got no result: "superseded", "timeout", "terminated" or "failed". */
export class ValidatorError extends Error {
  constructor(reason, message) {
    super(message);
    this.name = "ValidatorError";
    this.reason = reason;
  }
}

// What preload started before any createValidator: per module URL its
// compilation (with the last progress and who listens), and per worker URL
// one started worker not yet taken. Every Validator takes from here.
const compilations = new Map();
const warmWorkers = new Map();
const workersTaken = new Set(); // worker URLs a Validator has started: preload starts none for them

/**
 * preload starts downloading and compiling the engine's module, and its
 * worker, ahead of createValidator: a page that will need the validator
 * calls it as early as it can (the validator page does, from its first
 * script), and createValidator then takes over what it started instead of
 * beginning again. Calling it twice does nothing more. Options: base, as
 * for createValidator.
 */
export function preload(options = {}) {
  if (!built) return;
  const urls = assetURLs(options.base);
  compilation(urls.wasm);
  if (warmWorkers.has(urls.worker) || workersTaken.has(urls.worker)) return;
  const w = startWorker(urls.worker);
  // An error before a Validator takes the worker is kept for it to report.
  w.onerror = (e) => { e.preventDefault(); w.earlyError = e.message || "the validator worker failed"; };
  warmWorkers.set(urls.worker, w);
}

function assetURLs(baseOption) {
  const base = new URL(baseOption || "/", import.meta.url);
  return { worker: new URL(built.worker, base).href, exec: new URL(built.exec, base).href, wasm: new URL(built.wasm, base).href };
}

// compilation returns the compilation of the module at url, started once
// (again after a failure): { promise, last, listeners }.
function compilation(url) {
  let c = compilations.get(url);
  if (!c) {
    c = { last: null, listeners: new Set() };
    c.promise = compileModule(url, built.wasmSize, (p) => { c.last = p; for (const f of c.listeners) f(p); });
    c.promise.catch(() => { if (compilations.get(url) === c) compilations.delete(url); });
    compilations.set(url, c);
  }
  return c;
}

/**
 * createValidator starts the worker and resolves when the engine is ready.
 * Options (all optional):
 *   base        URL of the site that serves the assets; default: this module's origin
 *   timeLimit   milliseconds a request may run before the worker is restarted (30000)
 *   tierLabels  labels to name tiers in messages; default: the site's labels
 *   onProgress  called with { loaded, total } bytes while the module downloads
 *   onRestart   called with { reason } when the worker is restarted
 */
export async function createValidator(options = {}) {
  const v = new Validator(options);
  await v.ready;
  return v;
}

// compileModule fetches the module and compiles it while it streams in,
// reporting how many bytes have arrived. size is the module's size as
// built; a compressed response is counted after decompression, so the two
// agree. The fetch has the mode and credentials of the page's preload
// (<link rel=preload as=fetch crossorigin>), so it takes that response.
async function compileModule(url, size, onProgress) {
  const res = await fetch(url);
  if (!res.ok) throw new Error("HTTP " + res.status + " for " + url);
  const type = (res.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();
  if (!res.body || typeof TransformStream !== "function") return WebAssembly.compile(await res.arrayBuffer());
  let loaded = 0, last = 0;
  const report = () => onProgress({ loaded, total: Math.max(size || 0, loaded) });
  report();
  const counted = res.body.pipeThrough(new TransformStream({
    transform(chunk, out) {
      loaded += chunk.byteLength;
      const now = performance.now();
      if (now - last > 100) { last = now; report(); }
      out.enqueue(chunk);
    },
    flush() { report(); },
  }));
  if (WebAssembly.compileStreaming && type === "application/wasm") {
    return WebAssembly.compileStreaming(new Response(counted, { headers: { "Content-Type": "application/wasm" } }));
  }
  // A server that labels the module wrongly (or a browser without
  // streaming compilation): read it whole, then compile.
  return WebAssembly.compile(await new Response(counted).arrayBuffer());
}

// startWorker starts the worker script in a Web Worker or, where the
// browser has none (or refuses to start one), in a PageWorker.
function startWorker(url) {
  if (typeof Worker === "function") {
    try { return new Worker(url); } catch (e) { /* fall back to the page */ }
  }
  return new PageWorker(url);
}

// PageWorker stands in for a Worker where there is none: it loads the same
// script into the page (once; the script then offers self.pairagWorker)
// and calls it directly, answering asynchronously as a worker would.
// Requests then run on the main thread, so a large text blocks the page
// while it is checked, and a request cannot be interrupted: terminate only
// drops its answer.
class PageWorker {
  constructor(url) {
    this.onmessage = null;
    this.onerror = null;
    this.closed = false;
    const post = (data) => setTimeout(() => { if (!this.closed && this.onmessage) this.onmessage({ data }); }, 0);
    this.handle = pageScript(url).then(() => self.pairagWorker(post));
    this.handle.catch((err) => {
      if (!this.closed && this.onerror) this.onerror({ message: err.message, preventDefault() {} });
    });
  }
  postMessage(msg) { this.handle.then((h) => { if (!this.closed) h(msg); }, () => {}); }
  terminate() { this.closed = true; }
}

// pageScript loads the worker script into the page once (validator.js,
// without workers, loads it the same way for its text index).
function pageScript(url) {
  if (!self.pairagWorkerScript) {
    self.pairagWorkerScript = new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = url;
      s.onload = () => resolve();
      s.onerror = () => reject(new Error("could not load " + url));
      document.head.append(s);
    });
  }
  return self.pairagWorkerScript;
}

class Validator {
  constructor(options) {
    if (!built) throw new Error("pairag-validator.js was not built by gen build");
    this.urls = assetURLs(options.base);
    this.timeLimit = options.timeLimit || 30000;
    this.config = { tierLabels: options.tierLabels || built.tierLabels, docs: built.docs };
    this.onProgress = options.onProgress || (() => {});
    this.onRestart = options.onRestart || (() => {});
    // testHang (tests only): the worker never finishes a text containing it.
    this.testHang = options.testHang || "";
    this.restarts = 0;
    this.compiled = null; // the promise of the compiled WebAssembly.Module, kept for restarts
    this.current = null; // the request in flight: { id, resolve, reject, timer, sent }
    this.seq = 0;
    this.start();
  }

  // start launches a worker and sets this.ready, which resolves when the
  // engine answers and rejects when it cannot start.
  start() {
    workersTaken.add(this.urls.worker);
    const w = warmWorkers.get(this.urls.worker) || startWorker(this.urls.worker);
    warmWorkers.delete(this.urls.worker);
    this.worker = w;
    let failed;
    this.ready = new Promise((resolve, reject) => {
      failed = (msg) => { reject(new ValidatorError("failed", msg)); this.fail(msg); };
      w.onmessage = (e) => {
        const m = e.data;
        if (m.type === "progress") this.onProgress({ loaded: m.loaded, total: m.total });
        else if (m.type === "ready") resolve();
        else if (m.type === "failed") failed(m.error);
        else this.answer(m);
      };
      w.onerror = (e) => {
        e.preventDefault();
        failed(e.message || "the validator worker failed");
      };
    });
    this.ready.catch(() => {}); // reported to whoever awaits it
    if (w.earlyError) failed(w.earlyError);
    // The first start compiles the module here, as it streams in (the
    // validator page preloads it), while the worker's script is on its
    // way; the worker gets the compiled module, as every restart does.
    if (!this.compiled) {
      const c = compilation(this.urls.wasm);
      const progress = this.onProgress;
      c.listeners.add(progress);
      if (c.last) progress(c.last);
      this.compiled = c.promise;
      this.compiled.then(() => c.listeners.delete(progress), () => { c.listeners.delete(progress); this.compiled = null; }); // a failed start is tried again
    }
    this.compiled.then((module) => {
      if (this.worker !== w) return;
      const load = { type: "load", exec: this.urls.exec, wasm: this.urls.wasm, size: built.wasmSize, config: this.config, hang: this.testHang };
      try {
        w.postMessage({ ...load, module });
      } catch (e) {
        w.postMessage(load); // a browser that cannot share a module: the worker fetches and compiles it
      }
    }, (err) => { if (this.worker === w) failed(String((err && err.message) || err)); });
  }

  restart(reason) {
    this.worker.terminate();
    this.restarts++;
    this.start();
    this.onRestart({ reason });
  }

  // fail ends the request in flight when the worker died; the next request
  // starts a new worker.
  fail(message) {
    this.broken = true;
    const c = this.current;
    if (c) { this.current = null; clearTimeout(c.timer); c.reject(new ValidatorError("failed", message)); }
  }

  answer(m) {
    const c = this.current;
    if (!c || c.id !== m.id) return; // the answer of a superseded request
    this.current = null;
    clearTimeout(c.timer);
    if (m.type === "error") c.reject(new ValidatorError("failed", m.error));
    else c.resolve(m.value);
  }

  /** validate resolves with the result of checking text for a tier, messages in lang. */
  validate(text, { tier = defaultTier, lang = "en", timeLimit } = {}) {
    return this.request({ type: "validate", text: String(text), tier, lang }, timeLimit);
  }

  /**
   * applyFixes resolves with { text, applied, left, refused?, message? }: text
   * with every mechanical fix made; left counts fixes still offered (apply
   * again); refused says why the fixes were not made (text is then the input).
   */
  applyFixes(text, { tier = defaultTier, lang = "en", timeLimit } = {}) {
    return this.request({ type: "fix", text: String(text), tier, lang }, timeLimit);
  }

  /** terminate stops the worker; pending and later requests reject. */
  terminate() {
    this.closed = true;
    this.worker.terminate();
    const c = this.current;
    this.current = null;
    if (c) { clearTimeout(c.timer); c.reject(new ValidatorError("terminated", "the validator was terminated")); }
  }

  request(msg, timeLimit) {
    if (this.closed) return Promise.reject(new ValidatorError("terminated", "the validator was terminated"));
    const prev = this.current;
    if (prev) {
      this.current = null;
      clearTimeout(prev.timer);
      prev.reject(new ValidatorError("superseded", "a newer request superseded this one"));
      if (prev.sent) this.restart("superseded");
    }
    if (this.broken) { this.broken = false; this.restart("failed"); }
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      const c = { id, resolve, reject, timer: 0, sent: false };
      this.current = c;
      this.ready.then(() => {
        if (this.current !== c) return;
        c.sent = true;
        const limit = timeLimit || this.timeLimit;
        c.timer = setTimeout(() => {
          if (this.current !== c) return;
          this.current = null;
          reject(new ValidatorError("timeout", "the validator took longer than " + limit + " ms"));
          this.restart("timeout");
        }, limit);
        this.worker.postMessage({ ...msg, id });
      }, (err) => {
        if (this.current === c) { this.current = null; reject(err); }
      });
    });
  }
}
