// Web Worker of the validator page: loads the Go WebAssembly module (the same
// engine as `gen validate`) and answers validate and fix requests, so a large
// paste never blocks the page.
"use strict";

let ready = null;

function load(execURL, wasmURL) {
  if (ready) return ready;
  ready = (async () => {
    importScripts(execURL);
    const go = new Go();
    let instance;
    if (WebAssembly.instantiateStreaming) {
      ({ instance } = await WebAssembly.instantiateStreaming(fetch(wasmURL), go.importObject));
    } else {
      const bytes = await (await fetch(wasmURL)).arrayBuffer();
      ({ instance } = await WebAssembly.instantiate(bytes, go.importObject));
    }
    go.run(instance);
    if (!self.pairagReady) throw new Error("validator module did not start");
  })();
  return ready;
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
  try {
    await load(msg.exec, msg.wasm);
    if (msg.type === "init") {
      self.postMessage({ id: msg.id, type: "ready" });
    } else if (msg.type === "validate") {
      const t0 = performance.now();
      const result = JSON.parse(self.pairagValidate(msg.text, msg.tier, msg.lang));
      result.ms = performance.now() - t0;
      self.postMessage({ id: msg.id, type: "result", result, pipeline: pipeline(msg.text) });
    } else if (msg.type === "fix") {
      const fixed = JSON.parse(self.pairagApplyFixes(msg.text, msg.tier, msg.lang));
      self.postMessage({ id: msg.id, type: "fixed", fixed });
    }
  } catch (err) {
    self.postMessage({ id: msg.id, type: "error", error: String(err && err.message || err) });
  }
};
