// The validator page: an editor with line numbers, a tier selector and the
// findings of the WebAssembly validator, which runs in a Web Worker. Nothing
// the user pastes is ever inserted as HTML: every string goes through
// textContent.
//
// The editor is the browser's textarea with marks drawn under it, not
// CodeMirror 6: CodeMirror with lang-json and lint is 116,792 bytes brotli,
// this script under 10 KB, and the textarea keeps the browser's own
// editing, input methods and accessibility. What CodeMirror would add for
// large texts (drawing only the visible rows) the viewer below does.
(function () {
  "use strict";
  const root = document.getElementById("validator");
  if (!root) return;
  // First: the engine's start, when the page has painted and the start
  // script still waits for a frame to see it (validator-start.js).
  if (root.startIfPainted) root.startIfPainted();
  // The setup (init) waits for the engine's start (root.whenStarted in
  // validator-start.js), so the module's request goes out before the page
  // builds its UI. It runs at once when the reader is quicker: the first
  // use of the tool (a focus, pointer, key, paste, input, click or change
  // inside it: root.uses) runs it in the capture phase, before the event
  // reaches its target, so the listeners the setup puts on the target get
  // that same event (the start script, whose listener comes first, has
  // started the engine then, except with Save-Data). No timer or load
  // event besides: on a phone the load event came before the paint's
  // entry, and put the setup back ahead of the request (benchpage
  // -timeline). The start script runs the queue in every browser (at once
  // with Save-Data, a frame on without paint entries, in a hidden tab once
  // it is shown), and without it (blocked, say) the setup runs now.
  let setUp = false;
  function setup() {
    if (setUp) return;
    setUp = true;
    for (const t of root.uses) root.removeEventListener(t, setup, true);
    init();
  }
  if (!root.whenStarted) setup();
  else {
    for (const t of root.uses) root.addEventListener(t, setup, true);
    root.whenStarted(setup);
  }

  function init() {
    const $ = (sel) => root.querySelector(sel);
    const text = $("#payload");
    const gutter = $(".editor-lines");
    const tier = $("#tier");
    const summary = $("#summary");
    const list = $("#findings");
    const picture = $("#pipeline");
    const status = $("#validator-status");
    const cfg = root.dataset;
    const msg = JSON.parse(cfg.messages);
    const lang = cfg.lang;
    root.classList.add("js");
    let lastResult = null;
    let lastText = ""; // the text lastResult is about

    // The engine comes through the page's own JavaScript API
    // (/validator/pairag-validator.js). validator-start.js, inline after
    // the tool, creates it as soon as the page has painted or the reader
    // first uses the tool (a reader comes to this page to check a payload,
    // and on a phone the download is most of the wait) and keeps it in
    // root.engine; this script adopts it, or starts one when the reader
    // checks (with Save-Data, or after a failed start).
    let engine = null;
    let notice = ""; // said once with the next status: why the worker restarted
    function ensure() {
      if (!engine) {
        root.dataset.state = "loading";
        engine = root.engine || (root.startEngine ? root.startEngine() : startLater());
        engine.then(() => {
          root.dataset.state = "ready";
          if (status.dataset.kind === "progress" || status.dataset.kind === "savedata") setStatus(msg.ready);
        }, (err) => {
          engine = root.engine = null; // the next use tries again
          root.dataset.state = "failed";
          setStatus(join(msg.loadFailed, (err && err.message) || String(err)), "failed");
        });
      }
      return engine;
    }
    // startLater waits for validator-start.js, when the reader is quicker
    // than its download.
    function startLater() {
      return new Promise((resolve) => root.addEventListener("validator-engine", resolve, { once: true }))
        .then(() => root.engine || root.startEngine());
    }
    root.addEventListener("validator-engine", () => { if (root.engine && !engine) ensure().catch(() => {}); });
    root.addEventListener("validator-progress", (e) => progress(e.detail));
    root.addEventListener("validator-restart", (e) => restarted(e.detail));
    const mb = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    // The download is said only once the reader uses the tool (a live
    // region that counted megabytes from page load would talk over a screen
    // reader's reading of the page); then the latest count at once. With
    // Save-Data the first use says instead that the engine downloads when
    // the reader pastes or checks.
    let used = false, lastProgress = null;
    function progress(p) {
      lastProgress = p;
      if (used) setStatus(fill(msg.loading, { loaded: mb.format(p.loaded / 1e6), total: mb.format(p.total / 1e6) }), "progress");
    }
    function firstUse() {
      if (used) return;
      used = true;
      if (root.dataset.state === "loading" && lastProgress) progress(lastProgress);
      else if (!engine && root.saveData && !status.textContent) setStatus(msg.saveData, "savedata");
    }
    function restarted(r) {
      root.dataset.restarts = String((Number(root.dataset.restarts) || 0) + 1);
      if (r.reason === "superseded") { notice = msg.superseded; setStatus(join(notice, msg.validating)); }
    }
    // The engine may have started before this setup ran (it always has
    // when the start script ran the setup).
    if (root.engine) ensure().catch(() => {});
    const query = new URLSearchParams(location.search);

    // fill puts values into a message's {placeholders}. In Chinese a Latin
    // value (a tier called Pro) gets a space on each side where it meets
    // Chinese text, and a Chinese value (免费版) none.
    const han = /[\u3400-\u9fff\uf900-\ufaff]/;
    function fill(tpl, vars) {
      return tpl.replace(/\{(\w+)\}/g, (all, k, at) => {
        if (!(k in vars)) return all;
        const v = String(vars[k]);
        if (lang !== "zh-CN" || v === "") return v;
        const before = tpl[at - 1] || "", after = tpl[at + all.length] || "";
        const pad = (c, edge) => (han.test(c) && !han.test(edge) ? " " : "");
        return pad(before, v[0]) + v + pad(after, v[v.length - 1]);
      });
    }
    // join puts two sentences together: a space in English, none after a
    // Chinese full stop.
    function join(a, b) { return lang === "zh-CN" ? a + b : a + " " + b; }
    // count puts n into a message with a count (templates.Count: %d for the
    // number), in its form for n: "1 error", "2 errors"; Chinese has one.
    const plural = new Intl.PluralRules(lang);
    function count(p, n) { return (plural.select(n) === "one" ? p.one : p.other).replace("%d", String(n)); }
    function tierName(key) { return (msg.tierLabels && msg.tierLabels[key]) || key; }

    function setStatus(s, kind) { status.textContent = s; status.dataset.kind = kind || ""; }

    // The page's own worker (the validator's worker script, started a second
    // time and never given the WebAssembly module) indexes large texts and
    // diffs a text against its fixed version, so the main thread never walks
    // a paste of megabytes. It starts at the first large text or fix, never
    // on idle. Without workers the same script runs in the page.
    const textWork = textWorker(cfg.worker);
    function textWorker(url) {
      let w, seq = 0; // w: undefined until first use, null without a worker
      const pending = new Map();
      const inPage = (m) => pageScript(url).then(() =>
        m.type === "index" ? self.pairagText.index(m.text, m.rowWidth) : self.pairagText.diff(m.before, m.after));
      function start() {
        try { w = typeof Worker === "function" && url ? new Worker(url) : null; } catch (e) { w = null; }
        if (!w) return;
        w.onmessage = (e) => {
          const p = pending.get(e.data.id);
          if (!p) return;
          pending.delete(e.data.id);
          if (e.data.type === "error") p.reject(new Error(e.data.error)); else p.resolve(e.data.value);
        };
        w.onerror = (e) => { // the worker could not start: the page does the work
          e.preventDefault();
          w = null;
          for (const p of pending.values()) inPage(p.m).then(p.resolve, p.reject);
          pending.clear();
        };
      }
      return (m) => {
        if (w === undefined) start();
        if (!w) return inPage(m);
        return new Promise((resolve, reject) => {
          const id = ++seq;
          pending.set(id, { m, resolve, reject });
          w.postMessage({ ...m, id });
        });
      };
    }
    // pageScript loads the worker script into the page once; the API module
    // does the same when it has to run the engine without a worker.
    function pageScript(url) {
      if (!self.pairagWorkerScript) {
        self.pairagWorkerScript = new Promise((resolve, reject) => {
          const el = document.createElement("script");
          el.src = url;
          el.onload = () => resolve();
          el.onerror = () => reject(new Error("could not load " + url));
          document.head.append(el);
        });
      }
      return self.pairagWorkerScript;
    }

    // The text lives in the textarea, except when it is too large for the
    // browser to lay out quickly (a 5 MB paste takes the textarea seconds):
    // then it lives in `big` and the viewer shows it, drawing only the rows
    // on screen. getText and setText hide which one holds it.
    const viewer = $("#viewer");
    const viewerRows = viewer.querySelector(".viewer-rows");
    const viewerSpace = viewer.querySelector(".viewer-space");
    const marksLayer = $(".editor-marks");
    const largeNote = $("#large-note");
    const bigChars = Number(query.get("bigchars")) || 1 << 20; // characters; a test hook lowers it
    let big = null;
    function getText() { return big !== null ? big : text.value; }
    function setText(s) {
      if (s.length > bigChars) {
        big = s;
        if (text.value) text.value = "";
        text.hidden = true;
        viewer.hidden = false;
        largeNote.hidden = true; // shown with the text's size, once indexed
      } else {
        const was = big !== null;
        big = null;
        viewer.hidden = true;
        largeNote.hidden = true;
        text.hidden = false;
        if (text.value !== s) text.value = s;
        if (was) text.scrollTop = 0;
      }
      textChanged();
    }
    // A paste into the viewer replaces the whole text: the viewer stands for
    // all of it, and pasting there means "check this instead".
    viewer.addEventListener("paste", (e) => {
      const pasted = e.clipboardData && e.clipboardData.getData("text/plain");
      if (!pasted) return;
      e.preventDefault();
      setText(pasted);
      validate();
    });
    $("#edit-anyway").addEventListener("click", () => {
      const s = big;
      if (s === null) return;
      big = null; viewer.hidden = true; largeNote.hidden = true; text.hidden = false;
      text.value = s; // the browser lays it out: slow for megabytes, as the reader chose
      textChanged();
      text.focus();
    });
    // bytesOf resolves with the UTF-8 size of s, the unit of the engine's
    // limit: from the worker's index for the large text, measured here for
    // the textarea's (a megabyte at most).
    function bytesOf(s) {
      if (big !== null && s === big && bigIndex) return bigIndex.then((ix) => ix.bytes);
      return Promise.resolve(new Blob([s]).size);
    }

    // Lines: the offset where each starts, found once per change, so that
    // every lookup (a finding's line, the rows on screen) is a binary search.
    let lineStarts = new Int32Array([0]);
    let lineCount = 1;
    function indexLines(v) {
      let n = 1;
      for (let i = v.indexOf("\n"); i !== -1; i = v.indexOf("\n", i + 1)) n++;
      const starts = new Int32Array(n);
      let k = 1;
      for (let i = v.indexOf("\n"); i !== -1; i = v.indexOf("\n", i + 1)) starts[k++] = i + 1;
      lineStarts = starts;
      lineCount = n;
    }
    function lineOf(offset) { // 0-based line holding offset
      let lo = 0, hi = lineCount - 1;
      while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (lineStarts[mid] <= offset) lo = mid; else hi = mid - 1; }
      return lo;
    }
    function lineEnd(v, i) { return i + 1 < lineCount ? lineStarts[i + 1] - 1 : v.length; }

    // Rows of the viewer: a line longer than rowWidth characters wraps onto
    // several rows, so no row is wider than the browser can draw. The worker
    // finds them (indexText in validator-worker.js) with the line starts of
    // the large text; until it answers, the viewer draws nothing.
    const rowWidth = 200;
    let rowStarts = new Int32Array([0]), rowLines = new Int32Array([0]), rowCount = 1;
    let bigIndex = null; // the promise of the large text's index
    let bigReady = false; // its index is in
    function indexBig(v) {
      bigReady = false;
      lineStarts = new Int32Array([0]); lineCount = 1;
      rowStarts = new Int32Array([0]); rowLines = new Int32Array([0]); rowCount = 1;
      viewerSpace.style.height = "";
      const p = textWork({ type: "index", text: v, rowWidth });
      bigIndex = p;
      p.then((ix) => {
        if (bigIndex !== p) return; // another text came meanwhile
        lineStarts = ix.lineStarts; lineCount = ix.lineStarts.length;
        rowStarts = ix.rowStarts; rowLines = ix.rowLines; rowCount = ix.rowStarts.length;
        bigReady = true;
        viewerSpace.style.height = rowCount * lh + 16 + "px";
        $("#large-note-text").textContent = fill(msg.largeText, { size: mb.format(ix.bytes / 1e6) });
        largeNote.hidden = false;
        paint();
      }, (err) => {
        if (bigIndex === p) setStatus(join(msg.loadFailed, (err && err.message) || String(err)), "failed");
      });
      return p;
    }
    function rowOf(offset) {
      let lo = 0, hi = rowCount - 1;
      while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (rowStarts[mid] <= offset) lo = mid; else hi = mid - 1; }
      return lo;
    }

    // Marks: each finding's span, in UTF-16 offsets as the engine returns
    // them, and the most severe finding of each line for the gutter.
    const sevRank = { error: 0, warning: 1, info: 2 };
    let marks = [];
    let lineSeverity = new Map();
    let currentLine = -1; // the line of the finding last clicked
    function setMarks(findings) {
      const v = getText();
      marks = [];
      lineSeverity = new Map();
      for (const f of findings.slice(0, 2000)) {
        if (typeof f.from !== "number" || f.from < 0 || f.from > v.length) continue;
        const to = Math.min(Math.max(f.to || 0, f.from + 1), v.length + 1);
        marks.push({ from: f.from, to, sev: f.severity });
        const line = lineOf(f.from), was = lineSeverity.get(line);
        if (was === undefined || (sevRank[f.severity] ?? 3) < (sevRank[was] ?? 3)) lineSeverity.set(line, f.severity);
      }
      marks.sort((a, b) => a.from - b.from);
    }
    function clearMarks() { marks = []; lineSeverity = new Map(); currentLine = -1; }

    // segment draws text [from, to) of v into parent with the marks over it:
    // a mark past the end of its line (a missing comma, a missing key) is a
    // one-space mark, so it shows.
    function segment(parent, v, from, to) {
      let at = from;
      for (const m of marks) {
        if (m.to <= from || m.from >= to) continue;
        const a = Math.max(m.from, at), b = Math.min(m.to, to);
        if (b <= a) continue; // inside a mark drawn already
        if (a > at) parent.append(v.slice(at, a));
        const el = document.createElement("mark");
        el.className = "m-" + m.sev;
        el.textContent = v.slice(a, b).replace(/\n/g, " ") || " ";
        parent.append(el);
        at = b;
      }
      if (at < to) parent.append(v.slice(at, to));
      // Marks that start at the end of this piece (past the last character
      // of the line) get a visible space.
      for (const m of marks) {
        if (m.from === to && (to >= v.length || v[to] === "\n")) {
          const el = document.createElement("mark");
          el.className = "m-" + m.sev;
          el.textContent = " ";
          parent.append(el);
          break;
        }
      }
    }

    // The gutter shows the numbers of the lines on screen, each marked with
    // its most severe finding; only the visible ones are drawn, so a payload
    // of 150,000 lines costs no more than one of 15.
    let lh = 20;
    function paint() {
      painting = 0;
      const v = getText();
      lh = parseFloat(getComputedStyle(text).lineHeight) || 20;
      const inViewer = big !== null;
      const box = inViewer ? viewer : text;
      const top = box.scrollTop;
      const first = Math.floor(top / lh);
      const count = Math.ceil((box.clientHeight || 400) / lh) + 1;
      const nums = [];
      if (inViewer && !bigReady) {
        viewerRows.replaceChildren(); // drawn when the worker has indexed the text
      } else if (inViewer) {
        const last = Math.min(rowCount, first + count);
        for (let r = first; r < last; r++) nums.push(r === 0 || rowLines[r] !== rowLines[r - 1] ? rowLines[r] : -1);
        viewerRows.replaceChildren();
        for (let r = first; r < last; r++) {
          const row = document.createElement("span");
          row.className = "row" + (rowLines[r] === currentLine ? " current" : "");
          segment(row, v, rowStarts[r], r + 1 < rowCount && rowLines[r + 1] === rowLines[r] ? rowStarts[r + 1] : lineEnd(v, rowLines[r]), true);
          viewerRows.append(row, "\n");
        }
        viewerRows.style.transform = "translateY(" + first * lh + "px)";
      } else {
        const last = Math.min(lineCount, first + count);
        for (let i = first; i < last; i++) nums.push(i);
        const inner = document.createElement("div");
        inner.className = "marks-inner";
        for (let i = first; i < last; i++) {
          const row = document.createElement("span");
          row.className = "row" + (i === currentLine ? " current" : "");
          const s = lineStarts[i], e = lineEnd(v, i);
          // Only lines with a mark need their text (transparent, to place
          // the marks); the others stay empty.
          if (lineSeverity.has(i) || i === currentLine) segment(row, v, s, Math.min(e, s + 20000));
          inner.append(row, "\n");
        }
        inner.style.transform = "translate(" + -text.scrollLeft + "px," + (first * lh - top) + "px)";
        inner.style.minWidth = "calc(100% + " + text.scrollLeft + "px)"; // the line band reaches the right edge
        marksLayer.replaceChildren(inner);
      }
      const g = [];
      for (const i of nums) {
        const span = document.createElement("span");
        if (i >= 0) {
          span.textContent = String(i + 1);
          const sev = lineSeverity.get(i);
          if (sev) span.className = "g-" + sev;
          if (i === currentLine) span.className += " g-current";
        }
        g.push(span, "\n");
      }
      gutter.replaceChildren(...g);
      gutter.style.transform = "translateY(" + -(top - first * lh) + "px)";
    }
    let painting = 0;
    function repaint() { if (!painting) painting = requestAnimationFrame(paint); }
    text.addEventListener("scroll", repaint, { passive: true });
    viewer.addEventListener("scroll", repaint, { passive: true });
    function textChanged() {
      const v = getText();
      if (big !== null) indexBig(v);
      else { bigIndex = null; indexLines(v); }
      clearMarks();
      paint();
      closePreview();
    }

    // A paste too large for the textarea goes to the viewer instead; one over
    // the engine's limit is kept too (never an empty editor) and the page
    // says at once that it will not be checked.
    text.addEventListener("paste", (e) => {
      const pasted = e.clipboardData && e.clipboardData.getData("text/plain");
      if (!pasted) return;
      const v = text.hidden ? "" : text.value;
      const next = v.slice(0, text.selectionStart) + pasted + v.slice(text.selectionEnd);
      if (next.length <= bigChars) return; // the browser pastes as usual
      e.preventDefault();
      setText(next);
      hideExampleNote();
      validate();
    });

    let latest = 0;
    async function validate() {
      const ticket = ++latest;
      const v0 = getText();
      if (v0.trim() === "") { clearResult(); return; }
      const bytes = msg.maxBytes && v0.length * 3 > msg.maxBytes ? await bytesOf(v0).catch(() => 0) : 0;
      if (ticket !== latest) return;
      if (bytes > msg.maxBytes) {
        // Over the engine's limit: say so now rather than after sending
        // megabytes to the worker for one finding.
        clearResult();
        summary.textContent = "";
        setStatus(fill(msg.overLimit, { size: mb.format(bytes / 1e6), limit: mb.format(msg.maxBytes / 1e6) }), "failed");
        root.dataset.results = String((Number(root.dataset.results) || 0) + 1); // tests wait on this
        return;
      }
      let v;
      try { v = await ensure(); } catch (e) { return; } // ensure said why
      if (ticket !== latest) return; // a newer edit is on its way
      if (!notice) setStatus(msg.validating);
      let result;
      try {
        result = await v.validate(v0, { tier: tier.value, lang });
      } catch (e) {
        if (ticket !== latest || e.reason === "superseded") return; // the newer check reports
        clearResult();
        summary.textContent = "";
        setStatus(e.reason === "timeout"
          ? fill(msg.timedOut, { seconds: new Intl.NumberFormat(lang, { maximumFractionDigits: 3 }).format(v.timeLimit / 1000) })
          : join(msg.loadFailed, e.message), e.reason);
        root.dataset.failures = String((Number(root.dataset.failures) || 0) + 1); // tests wait on this
        return;
      }
      if (ticket !== latest || v0 !== getText()) return;
      if (big !== null) { // the marks need the large text's index
        try { await bigIndex; } catch (e) { return; } // indexBig said why
        if (ticket !== latest || v0 !== getText()) return;
      }
      notice = "";
      lastResult = result;
      lastText = v0;
      render(result, result.pipeline);
      setStatus("");
    }

    function clearResult() {
      lastResult = null;
      summary.textContent = msg.empty;
      summary.className = "summary";
      list.replaceChildren();
      picture.replaceChildren();
      picture.hidden = true;
      clearMarks();
      paint();
    }

    const order = { error: 0, warning: 1, info: 2 };
    const maxShown = 300;
    function render(result, pipe) {
      const t0 = performance.now();
      const rank = (f) => order[f.severity] ?? 3; // a severity this page does not know goes last
      const fs = result.findings.slice().sort((a, b) => rank(a) - rank(b) || a.line - b.line || a.column - b.column);
      const errors = fs.filter((f) => f.severity === "error").length;
      const warnings = fs.filter((f) => f.severity === "warning").length;
      const notes = fs.length - errors - warnings;
      // The marks first: drawing them reads the layout, which is cheap
      // before the list below changes it.
      setMarks(fs);
      paint();
      summary.className = "summary " + (result.valid ? "ok" : "bad");
      // The tier the engine applied (an unknown one becomes free), by its label.
      summary.textContent = fill(result.valid ? msg.valid : msg.invalid, {
        errors: count(msg.errors, errors), warnings: count(msg.warnings, warnings), notes: count(msg.notes, notes), tier: tierName(result.tier),
      });
      // A runaway payload can have thousands of findings: list the first
      // ones and say how many more there are.
      const shown = fs.slice(0, maxShown);
      const items = shown.map((f) => {
        const li = document.createElement("li");
        li.className = "finding " + f.severity;
        const b = document.createElement("button");
        b.type = "button";
        const sev = document.createElement("span");
        sev.className = "sev";
        sev.textContent = msg[f.severity] || String(f.severity);
        const pos = document.createElement("span");
        pos.className = "pos";
        pos.textContent = (f.line ?? "?") + ":" + (f.column ?? "?");
        const ptr = document.createElement("code");
        ptr.textContent = f.pointer || "/";
        const m = document.createElement("span");
        m.className = "msg";
        m.textContent = f.message;
        const code = document.createElement("code");
        code.className = "code";
        code.textContent = f.code;
        b.append(sev, " ", pos, " ", ptr, " ", m, " ", code);
        if (f.fix) {
          const fx = document.createElement("span");
          fx.className = "fixable";
          fx.textContent = msg.fixable;
          b.append(" ", fx);
        }
        b.addEventListener("click", () => select(f));
        li.append(b);
        const docs = docsURL(f.docs);
        if (docs) {
          const a = document.createElement("a");
          a.className = "docs";
          a.href = docs;
          a.textContent = msg.docs;
          li.append(a);
        }
        return li;
      });
      if (fs.length > shown.length) {
        const li = document.createElement("li");
        li.className = "finding more";
        li.textContent = count(msg.moreFindings, fs.length - shown.length);
        items.push(li);
      }
      list.replaceChildren(...items);
      renderPipeline(pipe);
      root.dataset.ms = String(Math.round(result.ms || 0)); // time the worker spent validating
      root.dataset.renderMs = String(Math.round(performance.now() - t0)); // and the page, showing it
      root.dataset.results = String((Number(root.dataset.results) || 0) + 1); // tests wait on this
    }

    // docsURL accepts a finding's docs link only when it is a site path or
    // an https URL: nothing pasted can turn into a javascript: link.
    function docsURL(u) {
      if (typeof u !== "string" || !u) return "";
      if (u.startsWith("/") && !u.startsWith("//")) return u;
      try { return new URL(u).protocol === "https:" ? u : ""; } catch (e) { return ""; }
    }

    // select puts the caret on the offending text, scrolls it into view in
    // both directions (a finding at column 300 of a long line too) and marks
    // its line.
    const measure = document.createElement("canvas").getContext("2d");
    function select(f) {
      if (typeof f.from !== "number") { (big !== null ? viewer : text).focus(); return; }
      const v = getText();
      const from = Math.min(f.from, v.length);
      const to = Math.min(f.to > f.from ? f.to : f.from + 1, v.length);
      const line = lineOf(from);
      currentLine = line;
      if (big !== null) {
        viewer.focus({ preventScroll: true });
        const row = rowOf(from);
        viewer.scrollTop = Math.max(0, row * lh - viewer.clientHeight / 2);
        const col = from - rowStarts[row];
        viewer.scrollLeft = Math.max(0, col * charWidth(viewerRows) - viewer.clientWidth / 3);
      } else {
        text.focus({ preventScroll: true });
        text.setSelectionRange(from, to);
        text.scrollTop = Math.max(0, line * lh - text.clientHeight / 2 + lh);
        const start = lineStarts[line];
        const cs = getComputedStyle(text);
        measure.font = cs.font;
        const prefix = v.slice(start, Math.min(from, start + 20000));
        const x = measure.measureText(prefix.replace(/\t/g, "        ")).width;
        const pad = parseFloat(cs.paddingLeft) || 0;
        const visibleFrom = text.scrollLeft, visibleTo = text.scrollLeft + text.clientWidth - 2 * pad - 24;
        if (x < visibleFrom || x > visibleTo) text.scrollLeft = Math.max(0, x - text.clientWidth / 3);
      }
      paint();
      root.dataset.selected = String(line + 1); // tests wait on this
    }
    function charWidth(el) {
      measure.font = getComputedStyle(el).font;
      return measure.measureText("0000000000").width / 10;
    }

    function renderPipeline(pipe) {
      if (!pipe || !pipe.stages.length) { picture.replaceChildren(); picture.hidden = true; return; }
      const h = document.createElement("h2");
      h.textContent = msg.pipeline;
      const title = document.createElement("p");
      title.className = "task-name";
      title.textContent = pipe.name;
      const ol = document.createElement("ol");
      ol.className = "stages";
      for (const s of pipe.stages) {
        const li = document.createElement("li");
        const name = document.createElement("strong");
        name.textContent = s.name || "—";
        const type = document.createElement("span");
        type.className = "stage-type";
        type.textContent = labelOf(msg.stageTypes, s.type);
        const script = document.createElement("span");
        script.className = "stage-script";
        script.textContent = labelOf(msg.scriptLanguages, s.script);
        const pay = document.createElement("span");
        pay.className = "stage-pay";
        pay.textContent = s.fiat
          ? fill(msg.fiat, { usd: s.usd ?? "?" })
          : fill(msg.points, { participant: s.participant ?? "?", bounty: s.bounty ?? "?" });
        li.append(name, type, script, pay);
        ol.append(li);
      }
      const parts = [h, title];
      if (pipe.language) {
        const p = document.createElement("p");
        p.textContent = fill(msg.language, { language: pipe.language });
        parts.push(p);
      }
      parts.push(ol);
      if (pipe.more) {
        const p = document.createElement("p");
        p.textContent = count(msg.more, pipe.more);
        parts.push(p);
      }
      picture.replaceChildren(...parts);
      picture.hidden = false;
    }

    function labelOf(labels, id) {
      const l = labels[String(id)];
      return l ? id + " · " + l : String(id ?? "?");
    }

    let timer = 0;
    text.addEventListener("input", (e) => {
      textChanged();
      updateHistory();
      hideExampleNote();
      clearTimeout(timer);
      if (e.inputType === "insertFromPaste" || e.inputType === "insertFromDrop") { validate(); return; }
      timer = setTimeout(validate, 500);
    });
    tier.addEventListener("change", () => { updateExampleNote(); validate(); });
    $("#validate").addEventListener("click", validate);

    // The reference's example is written for a tier of its own (the protocol
    // document's example.tier); at a stricter tier it fails, and the note
    // says why and offers that tier.
    const note = $("#example-note");
    const noteText = $("#example-note-text");
    const noteSwitch = $("#example-switch");
    let exampleShown = false;
    function updateExampleNote() {
      const show = exampleShown && tier.value !== msg.exampleTier;
      note.hidden = !show;
      if (!show) return;
      const vars = { exampleTier: tierName(msg.exampleTier), tier: tierName(tier.value) };
      noteText.textContent = fill(msg.exampleNote, vars);
      noteSwitch.textContent = fill(msg.exampleSwitch, vars);
    }
    function hideExampleNote() { exampleShown = false; note.hidden = true; }
    noteSwitch.addEventListener("click", () => {
      tier.value = msg.exampleTier;
      updateExampleNote();
      validate();
    });
    $("#load-example").addEventListener("click", () => {
      setText(document.getElementById("validator-example").textContent);
      exampleShown = true;
      updateExampleNote();
      validate();
    });

    // "Apply fixes" first shows what would change, line by line; only
    // "Apply these changes" changes the text, and Undo brings it back.
    const preview = $("#fix-preview");
    const diffList = $("#fix-diff");
    let pending = null; // { before, after, applied, message }
    function closePreview() { if (pending) { pending = null; preview.hidden = true; diffList.replaceChildren(); } }
    $("#apply-fixes").addEventListener("click", async () => {
      const before = getText();
      if (!before) return;
      let fixed;
      try {
        const v = await ensure();
        fixed = await v.applyFixes(before, { tier: tier.value, lang });
      } catch (e) {
        if (e && e.reason !== "superseded") setStatus(join(msg.loadFailed, (e && e.message) || String(e)), "failed");
        return;
      }
      if (getText() !== before) return; // edited meanwhile: the fixes are stale
      // fixed.refused, in the page's language, says why nothing was done
      // (the text is left as it was).
      if (fixed.refused) { setStatus(fixed.refused, "failed"); return; }
      if (!fixed.applied || fixed.text === before) { setStatus(msg.nothingToFix); return; }
      let d;
      try {
        d = await textWork({ type: "diff", before, after: fixed.text }); // in the worker: a large text splits into many lines
      } catch (e) {
        setStatus(join(msg.loadFailed, (e && e.message) || String(e)), "failed");
        return;
      }
      if (getText() !== before) return;
      showPreview(before, fixed, d);
    });
    function showPreview(before, fixed, d) {
      const items = [];
      if (d.hunks) {
        for (const h of d.hunks.slice(0, 100)) items.push(hunkItem(h));
        if (d.hunks.length > 100) {
          const li = document.createElement("li");
          li.textContent = count(msg.previewMore, d.hunks.length - 100);
          items.push(li);
        }
      }
      diffList.replaceChildren(...items);
      $("#fix-preview-summary").textContent = d.hunks
        ? fill(msg.previewSummary, { fixes: count(msg.fixes, fixed.applied), lines: count(msg.lines, d.changed) })
        : fill(msg.previewTooMany, { lines: d.changed });
      pending = { before, after: fixed.text, applied: fixed.applied, message: fixed.message || "" };
      preview.hidden = false;
      preview.scrollIntoView({ block: "nearest" });
      $("#fix-confirm").focus({ preventScroll: true });
    }
    // hunkItem shows one change: the old lines, then the new ones, each
    // clipped to the part that changed when the line is long.
    function hunkItem(h) {
      const li = document.createElement("li");
      const head = document.createElement("p");
      head.className = "hunk-line";
      head.textContent = fill(msg.previewLine, { line: h.line + 1 });
      const pre = document.createElement("pre");
      const pairs = Math.min(h.del.length, h.ins.length);
      const add = (sign, s, cls) => {
        const el = document.createElement(cls === "del" ? "del" : "ins");
        el.textContent = sign + " " + s;
        pre.append(el, "\n");
      };
      h.del.forEach((s, i) => add("−", i < pairs ? clip(s, h.ins[i]) : clip(s, s), "del"));
      h.ins.forEach((s, i) => add("+", i < pairs ? clip(s, h.del[i]) : clip(s, s), "ins"));
      li.append(head, pre);
      return li;
    }
    function clip(s, other) {
      if (s.length <= 160) return s;
      let p = 0;
      while (p < s.length && p < other.length && s[p] === other[p]) p++;
      const from = Math.max(0, p - 60);
      return (from > 0 ? "…" : "") + s.slice(from, from + 140) + (from + 140 < s.length ? "…" : "");
    }
    $("#fix-cancel").addEventListener("click", () => { closePreview(); text.focus({ preventScroll: true }); });
    $("#fix-confirm").addEventListener("click", () => {
      const p = pending;
      if (!p || getText() !== p.before) { closePreview(); return; }
      change(p.before, p.after);
      const done = count(msg.fixed, p.applied);
      // p.message says what was not done: fixes left for another round.
      setStatus(join(p.message ? join(done, p.message) : done, msg.fixedUndo));
      validate();
    });

    // Undo and redo of fixes: the page keeps the text before and after each
    // set of fixes it applied. Ctrl+Z (⌘Z) right after a fix undoes it here;
    // typing is undone by the browser as usual.
    const undoButton = $("#undo"), redoButton = $("#redo");
    const undoStack = [], redoStack = [];
    function change(before, after) {
      undoStack.push({ before, after });
      redoStack.length = 0;
      setText(after);
      updateHistory();
    }
    function updateHistory() {
      const v = getText();
      undoButton.disabled = !(undoStack.length && undoStack[undoStack.length - 1].after === v);
      redoButton.disabled = !(redoStack.length && redoStack[redoStack.length - 1].before === v);
    }
    function undo() {
      const e = undoStack[undoStack.length - 1];
      if (!e || e.after !== getText()) return false;
      undoStack.pop(); redoStack.push(e);
      setText(e.before); updateHistory();
      setStatus(msg.undone);
      validate();
      return true;
    }
    function redo() {
      const e = redoStack[redoStack.length - 1];
      if (!e || e.before !== getText()) return false;
      redoStack.pop(); undoStack.push(e);
      setText(e.after); updateHistory();
      setStatus(msg.redone);
      validate();
      return true;
    }
    undoButton.addEventListener("click", undo);
    redoButton.addEventListener("click", redo);
    function historyKeys(e) {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const k = e.key.toLowerCase();
      if ((k === "z" && !e.shiftKey && undo()) || (((k === "z" && e.shiftKey) || k === "y") && redo())) e.preventDefault();
    }
    text.addEventListener("keydown", historyKeys);
    viewer.addEventListener("keydown", historyKeys);

    // "Copy findings for your model" writes a repair request a model can act
    // on alone: what was checked, the findings with their pointers, lines and
    // rule links, and the JSON itself when it is not too long.
    $("#copy-model").addEventListener("click", async () => {
      if (!lastResult || lastText !== getText() || !lastResult.findings.length) return;
      const r = lastResult;
      const fs = r.findings.slice().sort((a, b) => (order[a.severity] ?? 3) - (order[b.severity] ?? 3) || a.line - b.line || a.column - b.column);
      const site = (msg.siteURL || location.origin).replace(/\/$/, "");
      const out = [fill(r.valid ? msg.modelWarn : msg.modelIntro, { version: msg.version, tier: tierName(r.tier) }), "", msg.modelRules];
      fs.slice(0, 100).forEach((f, i) => {
        const where = typeof f.line === "number" ? fill(msg.modelAt, { line: f.line, column: f.column }) : "";
        out.push((i + 1) + ". [" + (msg[f.severity] || f.severity) + "] " + (f.pointer || "/") + (where ? " (" + where + ")" : "") + ": " + f.message + " (" + f.code + ")");
        const docs = docsURL(f.docs);
        if (docs) out.push("   " + msg.modelRule + (lang === "zh-CN" ? "" : " ") + (docs.startsWith("/") ? site + docs : docs));
      });
      if (fs.length > 100) out.push(count(msg.moreFindings, fs.length - 100));
      const v = getText();
      const size = await bytesOf(v);
      if (v !== getText()) return;
      out.push("");
      if (size <= 100000) out.push(msg.modelPayload, "```json", v.replace(/\s+$/, ""), "```");
      else out.push(fill(msg.modelTooLong, { size: Math.round(size / 1000) }));
      await copyOut(out.join("\n") + "\n", msg.modelCopied);
    });
    async function copyOut(out, done) {
      try {
        await navigator.clipboard.writeText(out);
        setStatus(done);
      } catch (e) {
        const ta = document.getElementById("result-text");
        ta.value = out; ta.hidden = false; ta.select();
        setStatus(msg.copyManual);
      }
    }
    $("#copy-result").addEventListener("click", async () => {
      if (!lastResult) return;
      const lines = lastResult.findings.map((f) => f.line + ":" + f.column + ": " + f.severity + ": " + f.message + " [" + f.code + "] " + f.pointer);
      lines.push(summary.textContent);
      await copyOut(lines.join("\n"), msg.copied);
    });

    textChanged();
    text.addEventListener("focus", firstUse, { once: true });
    viewer.addEventListener("focus", firstUse, { once: true });
    text.addEventListener("paste", firstUse, { once: true });
    for (const b of root.querySelectorAll(".controls button")) b.addEventListener("pointerdown", firstUse, { once: true });
    if (getText().trim()) validate(); // text the browser restored
    // A button clicked before this setup (the start script kept it): the
    // reader's first click is not lost.
    const missed = root.missed;
    root.missed = null;
    if (missed) missed.click();
  }
})();
