// pairag-validator.js: the Pairag task-publish validator as an ES module.
// The same Go engine as `gen validate`, compiled to WebAssembly, runs in a
// Web Worker; this module starts the worker, hands it requests one at a time
// and guarantees an answer for each: a result, or an error saying why not.
//
//   import { createValidator } from "https://resource.pairag.com/validator/pairag-validator.js";
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
    const base = new URL(options.base || "/", import.meta.url);
    this.urls = {
      worker: new URL(built.worker, base).href,
      exec: new URL(built.exec, base).href,
      wasm: new URL(built.wasm, base).href,
    };
    this.timeLimit = options.timeLimit || 30000;
    this.config = { tierLabels: options.tierLabels || built.tierLabels, docs: built.docs };
    this.onProgress = options.onProgress || (() => {});
    this.onRestart = options.onRestart || (() => {});
    // testHang (tests only): the worker never finishes a text containing it.
    this.testHang = options.testHang || "";
    this.restarts = 0;
    this.module = null; // the compiled WebAssembly.Module, kept for restarts
    this.current = null; // the request in flight: { id, resolve, reject, timer, sent }
    this.seq = 0;
    this.start();
  }

  // start launches a worker and sets this.ready, which resolves when the
  // engine answers and rejects when it cannot start.
  start() {
    const w = startWorker(this.urls.worker);
    this.worker = w;
    this.ready = new Promise((resolve, reject) => {
      w.onmessage = (e) => {
        const m = e.data;
        if (m.type === "progress") this.onProgress({ loaded: m.loaded, total: m.total });
        else if (m.type === "ready") { if (m.module) this.module = m.module; resolve(); }
        else if (m.type === "failed") { reject(new ValidatorError("failed", m.error)); this.fail(m.error); }
        else this.answer(m);
      };
      w.onerror = (e) => {
        e.preventDefault();
        const msg = e.message || "the validator worker failed";
        reject(new ValidatorError("failed", msg));
        this.fail(msg);
      };
    });
    this.ready.catch(() => {}); // reported to whoever awaits it
    // The first start asks for the module here, while the worker's own
    // script is still on its way, and hands the worker the response body.
    const streamed = !this.module && typeof ReadableStream === "function";
    w.postMessage({ type: "load", exec: this.urls.exec, wasm: this.urls.wasm, size: built.wasmSize, module: this.module, streamed, config: this.config, hang: this.testHang });
    if (streamed) this.sendBody(w);
  }

  // sendBody fetches the module and transfers the response body to the
  // worker, which compiles it as it streams in (off the page's main
  // thread); where streams cannot be transferred, the worker fetches it.
  // The fetch has the mode and credentials of the validator page's
  // preload (<link rel=preload as=fetch crossorigin>), so it takes that
  // response instead of downloading the module again.
  async sendBody(w) {
    let res;
    try {
      res = await fetch(this.urls.wasm);
    } catch (e) {
      w.postMessage({ type: "body", error: String((e && e.message) || e) });
      return;
    }
    if (!res.ok) { w.postMessage({ type: "body", error: "HTTP " + res.status + " for " + this.urls.wasm }); return; }
    const msg = { type: "body", body: res.body, contentType: res.headers.get("Content-Type") || "" };
    try {
      w.postMessage(msg, [res.body]);
    } catch (e) {
      res.body.cancel();
      w.postMessage({ type: "body", refetch: true });
    }
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
