// The validator page: an editor with line numbers, a tier selector and the
// findings of the WebAssembly validator, which runs in a Web Worker. Nothing
// the user pastes is ever inserted as HTML: every string goes through
// textContent.
(function () {
  "use strict";
  const root = document.getElementById("validator");
  if (!root) return;
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

  // The engine comes through the page's own JavaScript API
  // (/validator/pairag-validator.js), started at first use: focusing or
  // pasting into the editor, or pressing a button. The small API module is
  // imported at once; the WebAssembly module only when the reader needs it.
  const api = import(cfg.api);
  api.catch(() => {});
  // Test hooks in the query, which readers never need: ?timelimit=ms sets
  // the time limit of a check, ?testhang=WORD makes the worker never finish
  // a text containing WORD (a payload the engine could not finish).
  const query = new URLSearchParams(location.search);
  const timeLimit = Number(query.get("timelimit")) || undefined;
  const testHang = query.get("testhang") || undefined;
  let engine = null;
  let notice = ""; // said once with the next status: why the worker restarted
  function ensure() {
    if (!engine) {
      root.dataset.state = "loading";
      engine = api.then((m) => m.createValidator({ timeLimit, testHang, onProgress: progress, onRestart: restarted }));
      engine.then(() => {
        root.dataset.state = "ready";
        if (status.dataset.kind === "progress") setStatus(msg.ready);
      }, (err) => {
        engine = null; // the next use tries again
        root.dataset.state = "failed";
        setStatus(join(msg.loadFailed, (err && err.message) || String(err)), "failed");
      });
    }
    return engine;
  }
  const mb = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  function progress(p) {
    setStatus(fill(msg.loading, { loaded: mb.format(p.loaded / 1e6), total: mb.format(p.total / 1e6) }), "progress");
  }
  function restarted(r) {
    root.dataset.restarts = String((Number(root.dataset.restarts) || 0) + 1);
    if (r.reason === "superseded") { notice = msg.superseded; setStatus(join(notice, msg.validating)); }
  }

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
  function tierName(key) { return (msg.tierLabels && msg.tierLabels[key]) || key; }

  function setStatus(s, kind) { status.textContent = s; status.dataset.kind = kind || ""; }

  // Line numbers: only the visible ones are drawn, so a payload of 150,000
  // lines costs no more than one of 15.
  let lineCount = 1;
  function countLines() {
    const v = text.value;
    let n = 1;
    for (let i = v.indexOf("\n"); i !== -1; i = v.indexOf("\n", i + 1)) n++;
    lineCount = n;
  }
  function renderLines() {
    const lh = parseFloat(getComputedStyle(text).lineHeight) || 20;
    const first = Math.floor(text.scrollTop / lh);
    const count = Math.ceil(text.clientHeight / lh) + 1;
    const parts = [];
    for (let i = first + 1; i <= Math.min(lineCount, first + count); i++) parts.push(i);
    gutter.textContent = parts.join("\n");
    gutter.style.transform = "translateY(" + -(text.scrollTop - first * lh) + "px)";
  }
  text.addEventListener("scroll", renderLines, { passive: true });
  function textChanged() { countLines(); renderLines(); }

  let latest = 0;
  async function validate() {
    const ticket = ++latest;
    if (text.value.trim() === "") { clearResult(); return; }
    let v;
    try { v = await ensure(); } catch (e) { return; } // ensure said why
    if (ticket !== latest) return; // a newer edit is on its way
    if (!notice) setStatus(msg.validating);
    let result;
    try {
      result = await v.validate(text.value, { tier: tier.value, lang });
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
    if (ticket !== latest) return;
    notice = "";
    lastResult = result;
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
  }

  const order = { error: 0, warning: 1, info: 2 };
  const maxShown = 300;
  function render(result, pipe) {
    const rank = (f) => order[f.severity] ?? 3; // a severity this page does not know goes last
    const fs = result.findings.slice().sort((a, b) => rank(a) - rank(b) || a.line - b.line || a.column - b.column);
    const errors = fs.filter((f) => f.severity === "error").length;
    const warnings = fs.filter((f) => f.severity === "warning").length;
    const notes = fs.length - errors - warnings;
    summary.className = "summary " + (result.valid ? "ok" : "bad");
    // The tier the engine applied (an unknown one becomes free), by its label.
    summary.textContent = fill(result.valid ? msg.valid : msg.invalid, { errors, warnings, notes, tier: tierName(result.tier) });
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
      li.textContent = fill(msg.moreFindings, { n: fs.length - shown.length });
      items.push(li);
    }
    list.replaceChildren(...items);
    renderPipeline(pipe);
    root.dataset.ms = String(Math.round(result.ms || 0)); // time the worker spent validating
    root.dataset.results = String((Number(root.dataset.results) || 0) + 1); // tests wait on this
  }

  // docsURL accepts a finding's docs link only when it is a site path or
  // an https URL: nothing pasted can turn into a javascript: link.
  function docsURL(u) {
    if (typeof u !== "string" || !u) return "";
    if (u.startsWith("/") && !u.startsWith("//")) return u;
    try { return new URL(u).protocol === "https:" ? u : ""; } catch (e) { return ""; }
  }

  // select puts the caret on the offending text and scrolls it into view.
  function select(f) {
    text.focus();
    if (typeof f.from !== "number") return;
    const to = f.to > f.from ? f.to : f.from + 1;
    text.setSelectionRange(f.from, Math.min(to, text.value.length));
    const lineHeight = parseFloat(getComputedStyle(text).lineHeight) || 20;
    text.scrollTop = Math.max(0, (f.line - 3) * lineHeight);
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
      p.textContent = fill(msg.more, { n: pipe.more });
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
    text.value = document.getElementById("validator-example").textContent;
    textChanged();
    exampleShown = true;
    updateExampleNote();
    validate();
  });
  $("#apply-fixes").addEventListener("click", async () => {
    if (!text.value) return;
    let fixed;
    try {
      const v = await ensure();
      fixed = await v.applyFixes(text.value, { tier: tier.value, lang });
    } catch (e) {
      if (e && e.reason !== "superseded") setStatus(join(msg.loadFailed, (e && e.message) || String(e)), "failed");
      return;
    }
    if (fixed.applied > 0) {
      // setRangeText keeps the browser's undo history where it can.
      text.setRangeText(fixed.text, 0, text.value.length, "start");
      textChanged();
    }
    // message, in the page's language, says what was not done: fixes
    // refused (the text is left as it was) or fixes left for another round.
    const done = fill(msg.fixed, { n: fixed.applied });
    if (fixed.refused) setStatus(fixed.refused, "failed");
    else setStatus(fixed.message ? join(done, fixed.message) : done);
    validate();
  });
  $("#copy-result").addEventListener("click", async () => {
    if (!lastResult) return;
    const lines = lastResult.findings.map((f) => f.line + ":" + f.column + ": " + f.severity + ": " + f.message + " [" + f.code + "] " + f.pointer);
    lines.push(summary.textContent);
    const out = lines.join("\n");
    try {
      await navigator.clipboard.writeText(out);
      setStatus(msg.copied);
    } catch (e) {
      const ta = document.getElementById("result-text");
      ta.value = out; ta.hidden = false; ta.select();
      setStatus(msg.copyManual);
    }
  });

  textChanged();
  // The module loads at first use, never on idle: a reader who only reads
  // the page downloads nothing more.
  const firstUse = () => { ensure().catch(() => {}); };
  text.addEventListener("focus", firstUse, { once: true });
  text.addEventListener("paste", firstUse, { once: true });
  for (const b of root.querySelectorAll(".controls button")) b.addEventListener("pointerdown", firstUse, { once: true });
  if (text.value.trim()) validate(); // text the browser restored
})();
