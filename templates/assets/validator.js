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

  let worker = null;
  let seq = 0;
  const pending = new Map();
  let lastResult = null;

  function startWorker() {
    if (worker) return;
    worker = new Worker(cfg.worker);
    worker.onmessage = (e) => {
      const p = pending.get(e.data.id);
      if (p) { pending.delete(e.data.id); p(e.data); }
    };
    worker.onerror = () => setStatus(msg.loadFailed);
    call({ type: "init" });
  }

  function call(m) {
    startWorker();
    const id = ++seq;
    m.id = id; m.exec = cfg.exec; m.wasm = cfg.wasm;
    return new Promise((resolve) => { pending.set(id, resolve); worker.postMessage(m); });
  }

  function setStatus(s) { status.textContent = s; }

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
    setStatus(msg.validating);
    const r = await call({ type: "validate", text: text.value, tier: tier.value, lang });
    if (ticket !== latest) return; // a newer edit is on its way
    if (r.type === "error") { setStatus(msg.loadFailed + " " + r.error); return; }
    lastResult = r.result;
    render(r.result, r.pipeline);
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
    const fs = result.findings.slice().sort((a, b) => order[a.severity] - order[b.severity] || a.line - b.line || a.column - b.column);
    const errors = fs.filter((f) => f.severity === "error").length;
    const warnings = fs.filter((f) => f.severity === "warning").length;
    const notes = fs.length - errors - warnings;
    const tierName = tier.options[tier.selectedIndex].text;
    summary.className = "summary " + (result.valid ? "ok" : "bad");
    summary.textContent = (result.valid ? msg.valid : msg.invalid)
      .replace("{errors}", errors).replace("{warnings}", warnings).replace("{notes}", notes).replace("{tier}", tierName);
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
      sev.textContent = msg[f.severity];
      const pos = document.createElement("span");
      pos.className = "pos";
      pos.textContent = f.line + ":" + f.column;
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
      return li;
    });
    if (fs.length > shown.length) {
      const li = document.createElement("li");
      li.className = "finding more";
      li.textContent = msg.moreFindings.replace("{n}", fs.length - shown.length);
      items.push(li);
    }
    list.replaceChildren(...items);
    renderPipeline(pipe);
    root.dataset.ms = String(Math.round(result.ms || 0)); // time the worker spent validating
    root.dataset.results = String((Number(root.dataset.results) || 0) + 1); // tests wait on this
  }

  // select puts the caret on the offending text and scrolls it into view.
  function select(f) {
    text.focus();
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
        ? msg.fiat.replace("{usd}", s.usd ?? "?")
        : msg.points.replace("{participant}", s.participant ?? "?").replace("{bounty}", s.bounty ?? "?");
      li.append(name, type, script, pay);
      ol.append(li);
    }
    const parts = [h, title];
    if (pipe.language) {
      const p = document.createElement("p");
      p.textContent = msg.language.replace("{language}", pipe.language);
      parts.push(p);
    }
    parts.push(ol);
    if (pipe.more) {
      const p = document.createElement("p");
      p.textContent = msg.more.replace("{n}", pipe.more);
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
    clearTimeout(timer);
    if (e.inputType === "insertFromPaste" || e.inputType === "insertFromDrop") { validate(); return; }
    timer = setTimeout(validate, 500);
  });
  tier.addEventListener("change", validate);
  $("#validate").addEventListener("click", validate);
  $("#load-example").addEventListener("click", () => {
    text.value = document.getElementById("validator-example").textContent;
    textChanged();
    validate();
  });
  $("#apply-fixes").addEventListener("click", async () => {
    if (!text.value) return;
    const r = await call({ type: "fix", text: text.value, tier: tier.value, lang });
    if (r.type !== "fixed") { setStatus(msg.loadFailed); return; }
    if (r.fixed.applied > 0) {
      // setRangeText keeps the browser's undo history where it can.
      text.setRangeText(r.fixed.text, 0, text.value.length, "start");
      textChanged();
    }
    setStatus(msg.fixed.replace("{n}", r.fixed.applied));
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
  clearResult();
  // Load the module when the browser is idle, or at first use.
  (window.requestIdleCallback || ((f) => setTimeout(f, 1500)))(startWorker);
  text.addEventListener("focus", startWorker, { once: true });
  if (text.value.trim()) validate();
})();
