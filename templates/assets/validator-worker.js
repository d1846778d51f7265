// Web Worker of the validator (started by pairag-validator.js): loads the Go
// WebAssembly module (the same engine as `gen validate`) and answers
// validate and fix requests, so a large paste never blocks the page.
//
// Messages in:  {type: "load", exec, wasm, size, module?, streamed, config, hang?}
//               {type: "body", body, contentType} | {type: "body", refetch | error}
//               {type: "validate" | "fix", id, text, tier, lang}
// Messages out: {type: "progress", loaded, total}, {type: "ready", module?},
//               {type: "failed", error}, {type: "result" | "error", id, value | error}
"use strict";

let loading = null;
let hang = ""; // a test hook: a text containing it is never finished

function load(m) {
  if (!loading) {
    loading = start(m).then((module) => {
      try {
        self.postMessage({ type: "ready", module }); // kept by the page for restarts
      } catch (e) {
        self.postMessage({ type: "ready" }); // a browser that cannot share it refetches
      }
    }, (err) => self.postMessage({ type: "failed", error: String((err && err.message) || err) }));
  }
  return loading;
}

// body resolves with the module's response as the page fetched it (a
// "body" message), when the load message said one is coming.
let gotBody;
const body = new Promise((resolve) => { gotBody = resolve; });

async function start(m) {
  // Ask for the module before wasm_exec.js, so the two download together.
  const compiled = m.module ? Promise.resolve(m.module) : compile(m);
  compiled.catch(() => {}); // awaited below
  importScripts(m.exec);
  const module = await compiled;
  const go = new Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance); // main registers the functions, then blocks forever
  if (!self.pairagReady) throw new Error("validator module did not start");
  if (self.pairagConfigure) {
    const r = JSON.parse(self.pairagConfigure(JSON.stringify(m.config || {})));
    if (r.error) throw new Error(r.error);
  }
  return module;
}

// compile compiles the module while it streams in (from the response the
// page fetched, or fetched here), reporting how many bytes have arrived.
// m.size is the module's size as built; a compressed response is counted
// after decompression, so the two agree.
async function compile(m) {
  const total = m.size;
  let stream, type;
  const b = m.streamed ? await body : { refetch: true };
  if (b.error) throw new Error(b.error);
  if (b.refetch) {
    const res = await fetch(m.wasm);
    if (!res.ok) throw new Error("HTTP " + res.status + " for " + m.wasm);
    stream = res.body;
    type = res.headers.get("Content-Type") || "";
  } else {
    stream = b.body;
    type = b.contentType;
  }
  let loaded = 0;
  let last = 0;
  const report = () => self.postMessage({ type: "progress", loaded, total: Math.max(total || 0, loaded) });
  report();
  const counted = stream.pipeThrough(new TransformStream({
    transform(chunk, out) {
      loaded += chunk.byteLength;
      const now = performance.now();
      if (now - last > 100) { last = now; report(); }
      out.enqueue(chunk);
    },
    flush() { report(); },
  }));
  if (WebAssembly.compileStreaming && type.split(";")[0].trim().toLowerCase() === "application/wasm") {
    return WebAssembly.compileStreaming(new Response(counted, { headers: { "Content-Type": "application/wasm" } }));
  }
  // A server that labels the module wrongly (or a browser without
  // streaming compilation): read it whole, then compile.
  return WebAssembly.compile(await new Response(counted).arrayBuffer());
}

// pipeline extracts the picture of the payload: its stages in order.
function pipeline(text) {
  let data;
  try { data = JSON.parse(text); } catch (e) { return null; }
  if (!data || typeof data !== "object" || !Array.isArray(data.stages)) return null;
  const m = data.manifest && typeof data.manifest === "object" ? data.manifest : {};
  return {
    name: typeof m.name === "string" ? m.name : "",
    language: typeof m.language === "string" ? m.language : "",
    stages: data.stages.slice(0, 100).map((s) => {
      s = s && typeof s === "object" ? s : {};
      return {
        name: String(s.stage_name ?? ""),
        type: s.stage_type,
        script: s.script_language,
        fiat: s.fiat_enabled === true,
        usd: s.fiat_list_amount_usd,
        participant: s.participant_energy,
        bounty: s.bounty_energy,
      };
    }),
    more: Math.max(0, data.stages.length - 100),
  };
}

self.onmessage = async (e) => {
  const msg = e.data;
  if (msg.type === "load") { hang = msg.hang || ""; load(msg); return; }
  if (msg.type === "body") { gotBody(msg); return; }
  if (hang && typeof msg.text === "string" && msg.text.includes(hang)) for (;;); // stands for a payload the engine cannot finish
  try {
    if (msg.type === "validate") {
      const t0 = performance.now();
      const value = JSON.parse(self.pairagValidate(msg.text, msg.tier, msg.lang));
      if (value.error) throw new Error(value.error); // an argument the module refuses, such as an unknown language
      value.ms = performance.now() - t0;
      value.pipeline = pipeline(msg.text);
      self.postMessage({ id: msg.id, type: "result", value });
    } else if (msg.type === "fix") {
      const value = JSON.parse(self.pairagApplyFixes(msg.text, msg.tier, msg.lang));
      if (value.error) throw new Error(value.error);
      self.postMessage({ id: msg.id, type: "result", value });
    }
  } catch (err) {
    self.postMessage({ id: msg.id, type: "error", error: String((err && err.message) || err) });
  }
};
