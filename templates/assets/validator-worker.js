// Web Worker of the validator page (published with Go's wasm_exec.js in
// front of it, one file, one request), started twice: by pairag-validator.js,
// to load the Go WebAssembly module (the same engine as `gen validate`) and
// answer validate and fix requests, and by validator.js, to index large
// texts (line starts, wrapped rows, UTF-8 size) and diff a text against its
// fixed version. Either way the page's main thread never walks a whole
// paste of megabytes. Where the browser has no workers, the page loads this
// same file as a script and calls it directly (self.pairagWorker,
// self.pairagText): slower for huge texts, but the page still works.
//
// Messages in:  {type: "load", exec, wasm, size, module?, streamed, config, hang?}
//               {type: "body", body, contentType} | {type: "body", refetch | error}
//               {type: "validate" | "fix", id, text, tier, lang}
//               {type: "index", id, text, rowWidth} | {type: "diff", id, before, after}
// Messages out: {type: "progress", loaded, total}, {type: "ready", module?},
//               {type: "failed", error}, {type: "result" | "error", id, value | error}
(function () {
  "use strict";
  const inWorker = typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope;

  // loadScript runs a classic script: importScripts in a worker, a script
  // element from the page's own origin in the page.
  function loadScript(src) {
    if (inWorker) { importScripts(src); return Promise.resolve(); }
    return new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src;
      s.onload = () => resolve();
      s.onerror = () => reject(new Error("could not load " + src));
      document.head.append(s);
    });
  }

  // pageEngine is the engine started in the page (no workers): one Go
  // instance serves every stand-in worker, as its functions are globals.
  let pageEngine = null;

  // serve returns the handler of one worker's messages; post sends an
  // answer (with the buffers to transfer).
  function serve(post) {
    let loading = null;
    let hang = ""; // a test hook: a text containing it is never finished
    let gotBody;
    // body resolves with the module's response as the page fetched it (a
    // "body" message), when the load message said one is coming.
    const body = new Promise((resolve) => { gotBody = resolve; });

    function load(m) {
      if (!loading) {
        const started = inWorker ? start(m) : (pageEngine = pageEngine || start(m));
        loading = started.then((module) => {
          try {
            post({ type: "ready", module }); // kept by the page for restarts
          } catch (e) {
            post({ type: "ready" }); // a browser that cannot share it refetches
          }
        }, (err) => {
          if (!inWorker) pageEngine = null; // the next stand-in tries again
          post({ type: "failed", error: String((err && err.message) || err) });
        });
      }
      return loading;
    }

    async function start(m) {
      // Ask for the module before wasm_exec.js, so the two download together.
      const compiled = m.module ? Promise.resolve(m.module) : compile(m);
      compiled.catch(() => {}); // awaited below
      // gen build publishes this script with wasm_exec.js in front, so Go
      // is already defined; a copy of the script alone loads it.
      if (typeof Go !== "function") await loadScript(m.exec);
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
      const report = () => post({ type: "progress", loaded, total: Math.max(total || 0, loaded) });
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

    return function handle(msg) {
      if (msg.type === "load") { hang = msg.hang || ""; load(msg); return; }
      if (msg.type === "body") { gotBody(msg); return; }
      if (hang && typeof msg.text === "string" && msg.text.includes(hang)) {
        // Stands for a payload the engine cannot finish: a worker spins,
        // the page's stand-in (which must not freeze the page) stays silent.
        if (inWorker) for (;;);
        return;
      }
      try {
        if (msg.type === "index") {
          const value = indexText(msg.text, msg.rowWidth);
          post({ id: msg.id, type: "result", value }, [value.lineStarts.buffer, value.rowStarts.buffer, value.rowLines.buffer]);
        } else if (msg.type === "diff") {
          post({ id: msg.id, type: "result", value: lineDiff(msg.before, msg.after) });
        } else if (msg.type === "validate") {
          const t0 = performance.now();
          const value = JSON.parse(self.pairagValidate(msg.text, msg.tier, msg.lang));
          if (value.error) throw new Error(value.error); // an argument the module refuses, such as an unknown language
          value.ms = performance.now() - t0;
          value.pipeline = pipeline(msg.text);
          post({ id: msg.id, type: "result", value });
        } else if (msg.type === "fix") {
          const value = JSON.parse(self.pairagApplyFixes(msg.text, msg.tier, msg.lang));
          if (value.error) throw new Error(value.error);
          post({ id: msg.id, type: "result", value });
        }
      } catch (err) {
        post({ id: msg.id, type: "error", error: String((err && err.message) || err) });
      }
    };
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

  // indexText finds where each line of v starts, and the rows the page's
  // viewer draws: a line longer than rowWidth characters wraps onto
  // several rows, so no row is wider than the browser can draw. bytes is
  // v's UTF-8 size, the unit of the engine's limit.
  function indexText(v, rowWidth) {
    let n = 1;
    for (let i = v.indexOf("\n"); i !== -1; i = v.indexOf("\n", i + 1)) n++;
    const lineStarts = new Int32Array(n);
    let k = 1;
    for (let i = v.indexOf("\n"); i !== -1; i = v.indexOf("\n", i + 1)) lineStarts[k++] = i + 1;
    const end = (i) => (i + 1 < n ? lineStarts[i + 1] - 1 : v.length);
    let rows = 0;
    for (let i = 0; i < n; i++) rows += Math.max(1, Math.ceil((end(i) - lineStarts[i]) / rowWidth));
    const rowStarts = new Int32Array(rows), rowLines = new Int32Array(rows);
    let r = 0;
    for (let i = 0; i < n; i++) {
      const e = end(i);
      let o = lineStarts[i];
      do { rowStarts[r] = o; rowLines[r] = i; r++; o += rowWidth; } while (o < e);
    }
    return { length: v.length, bytes: utf8Length(v), lineStarts, rowStarts, rowLines };
  }

  // utf8Length counts the bytes of v in UTF-8 without encoding it: one per
  // ASCII character, two below U+0800, four per surrogate pair, three
  // otherwise (a lone surrogate becomes U+FFFD, three bytes, as the
  // engine receives it).
  function utf8Length(v) {
    let n = v.length;
    for (let i = 0; i < v.length; i++) {
      const c = v.charCodeAt(i);
      if (c < 0x80) continue;
      if (c < 0x800) { n += 1; continue; }
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < v.length) {
        const d = v.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) { n += 2; i++; continue; }
      }
      n += 2;
    }
    return n;
  }

  // lineDiff compares two texts line by line (Myers' algorithm on the
  // lines between the common start and end) and returns the changed
  // hunks, or only the count when they are too many to list.
  function lineDiff(a, b) {
    const A = a.split("\n"), B = b.split("\n");
    let pre = 0;
    while (pre < A.length && pre < B.length && A[pre] === B[pre]) pre++;
    let suf = 0;
    while (suf < A.length - pre && suf < B.length - pre && A[A.length - 1 - suf] === B[B.length - 1 - suf]) suf++;
    const x = A.slice(pre, A.length - suf), y = B.slice(pre, B.length - suf);
    const ops = myers(x, y, 2000);
    if (!ops) return { hunks: null, changed: Math.max(x.length, y.length) };
    const hunks = [];
    let i = 0, j = 0, h = null, changed = 0;
    for (const op of ops) {
      if (op === "=") { h = null; i++; j++; continue; }
      if (!h) { h = { line: pre + i, del: [], ins: [] }; hunks.push(h); }
      if (op === "-") { h.del.push(x[i++]); changed++; } else { h.ins.push(y[j++]); if (h.ins.length > h.del.length) changed++; }
    }
    return { hunks, changed };
  }
  // myers returns the edit script from x to y as "=", "-" and "+", or null
  // past maxD edits.
  function myers(x, y, maxD) {
    const n = x.length, m = y.length, max = n + m;
    if (max === 0) return [];
    const off = max + 1;
    const v = new Int32Array(2 * max + 3);
    const trace = [];
    for (let d = 0; d <= Math.min(max, maxD); d++) {
      trace.push(v.slice(off - d - 1, off + d + 2));
      for (let k = -d; k <= d; k += 2) {
        let px = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
        let py = px - k;
        while (px < n && py < m && x[px] === y[py]) { px++; py++; }
        v[off + k] = px;
        if (px >= n && py >= m) return backtrack(trace, x, y, d);
      }
    }
    return null;
  }
  function backtrack(trace, x, y, dEnd) {
    const ops = [];
    let px = x.length, py = y.length;
    for (let d = dEnd; d > 0; d--) {
      const vv = trace[d], at = (k) => vv[k + d + 1]; // vv holds v[-d-1 .. d+1]
      const k = px - py;
      const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
      const prevK = down ? k + 1 : k - 1;
      const prevX = at(prevK), prevY = prevX - prevK;
      while (px > prevX && py > prevY) { ops.push("="); px--; py--; }
      if (down) { ops.push("+"); py--; } else { ops.push("-"); px--; }
    }
    while (px > 0 && py > 0) { ops.push("="); px--; py--; }
    return ops.reverse();
  }

  if (inWorker) {
    const handle = serve((m, transfer) => self.postMessage(m, transfer || []));
    self.onmessage = (e) => handle(e.data);
  } else {
    self.pairagWorker = serve;
    self.pairagText = { index: indexText, diff: lineDiff };
  }
})();
