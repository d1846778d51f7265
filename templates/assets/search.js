// Site search: loads the index gen built for the page's language on first
// use (focus, "/" or Ctrl+K), then answers every keystroke in the browser,
// offline. Tokenising and ranking mirror generator/search exactly; the Go
// tests judge the same index with the same rules. The box follows the
// WAI-ARIA combobox pattern: input[role=combobox] controls ul[role=listbox].
(function () {
  "use strict";

  // ---- tokens (generator/search/tokenize.go) ----
  var HAN = /\p{Script=Han}/u, LETTER = /[\p{L}\p{Nd}]/u;
  var STOP = set("a an the of to in on at for and or is are be can do does did what which who how where when why i my me we you it its this that with by from as into should must may need use used using about");
  var HAN_STOP = set("的 是 吗 了 呢 吧 啊 么 什 怎 哪 如 何 我 你 请");
  function set(s) { var m = Object.create(null); s.split(" ").forEach(function (w) { m[w] = true; }); return m; }
  function isHan(c) { return HAN.test(c); }
  function isJoiner(c) { return c === "_" || c === "." || c === "-"; }
  function isWord(c) {
    var n = c.codePointAt(0);
    if (n < 0x80) return (c >= "a" && c <= "z") || (c >= "0" && c <= "9");
    return LETTER.test(c) && !isHan(c);
  }
  function scan(text, f) {
    var rs = Array.from(text.toLowerCase()).map(function (c) {
      var n = c.codePointAt(0);
      return n >= 0xff01 && n <= 0xff5e ? String.fromCodePoint(n - 0xfee0).toLowerCase() : c;
    });
    for (var i = 0; i < rs.length;) {
      var j = i;
      if (isHan(rs[i])) {
        while (j < rs.length && isHan(rs[j])) j++;
        f("han", rs.slice(i, j));
      } else if (isWord(rs[i])) {
        while (j < rs.length && (isWord(rs[j]) || isJoiner(rs[j]) && j + 1 < rs.length && isWord(rs[j + 1]))) j++;
        f("word", rs.slice(i, j));
      } else j++;
      i = Math.max(j, i + 1);
    }
  }
  function keepsS(w) { return /(ss|us|is|as)$/.test(w); }
  function stem(w) {
    if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
    if (/ies$/.test(w) && w.length > 4) return w.slice(0, -3) + "y";
    if (/sses$/.test(w)) return w.slice(0, -2);
    if (/es$/.test(w) && keepsS(w.slice(0, -2))) return w.slice(0, -2);
    if (keepsS(w)) return w;
    if (/s$/.test(w)) return w.slice(0, -1);
    return w;
  }
  function wordTokens(run) {
    var whole = run.join(""), parts = whole.split(/[_.-]+/).filter(Boolean), out = parts.map(stem);
    if (parts.length > 1) {
      var segs = whole.split(".");
      if (segs.length > 1) segs.forEach(function (s) { if (/[_-]/.test(s)) out.push(s); });
      out.push(whole);
    }
    return out;
  }
  function tokens(text) {
    var out = [];
    scan(text, function (kind, run) {
      if (kind === "word") { out.push.apply(out, wordTokens(run)); return; }
      for (var i = 0; i < run.length; i++) {
        out.push(run[i]);
        if (i + 1 < run.length) out.push(run[i] + run[i + 1]);
      }
    });
    return out;
  }
  function queryRuns(q) {
    var out = [];
    scan(q, function (kind, run) {
      if (kind === "word") {
        var w = wordTokens(run);
        if (w.length === 1 && STOP[run.join("")]) return;
        out.push({ tokens: w, word: true });
        return;
      }
      var parts = [], start = 0;
      run.forEach(function (c, i) {
        if (HAN_STOP[c]) { if (i > start) parts.push(run.slice(start, i)); start = i + 1; }
      });
      if (start < run.length) parts.push(run.slice(start));
      parts.forEach(function (p) {
        if (p.length === 1) { out.push({ tokens: [p[0]], word: false }); return; }
        var bi = [];
        for (var i = 0; i + 1 < p.length; i++) bi.push(p[i] + p[i + 1]);
        out.push({ tokens: bi, word: false });
      });
    });
    return out;
  }

  // ---- index and ranking (generator/search/index.go) ----
  function prepare(ix) {
    ix.postings = new Map();
    ix.docs.forEach(function (d, i) {
      var w = new Map(), body = new Map();
      tokens(d.x || "").forEach(function (t) { body.set(t, (body.get(t) || 0) + 1); });
      body.forEach(function (n, t) { w.set(t, (w.get(t) || 0) + Math.min(n, 3)); });
      [[d.t || "", 2], [d.h || "", 8], [d.n || "", 12]].forEach(function (f) {
        var seen = new Set();
        tokens(f[0]).forEach(function (t) { if (!seen.has(t)) { seen.add(t); w.set(t, (w.get(t) || 0) + f[1]); } });
      });
      w.forEach(function (v, t) {
        var ps = ix.postings.get(t);
        if (!ps) ix.postings.set(t, ps = []);
        ps.push([i, v]);
      });
    });
    ix.vocab = Array.from(ix.postings.keys()).sort(byBytes);
    return ix;
  }
  var enc = new TextEncoder();
  function byBytes(a, b) {
    var x = enc.encode(a), y = enc.encode(b);
    for (var i = 0; i < x.length && i < y.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  }
  function prefixed(ix, t) {
    var lo = 0, hi = ix.vocab.length, out = [];
    while (lo < hi) { var m = (lo + hi) >> 1; if (byBytes(ix.vocab[m], t) < 0) lo = m + 1; else hi = m; }
    for (var i = lo; i < ix.vocab.length && ix.vocab[i].indexOf(t) === 0 && out.length < 20; i++) out.push([ix.vocab[i], 0.6]);
    return out;
  }
  function groups(ix, q) {
    var runs = queryRuns(q), gs = [];
    runs.forEach(function (r, ri) {
      if (!r.word) { r.tokens.forEach(function (t) { gs.push([[t, 1]]); }); return; }
      var typing = ri === runs.length - 1 && !/ $/.test(q);
      var whole = r.tokens[r.tokens.length - 1], g = [[whole, 1]];
      r.tokens.slice(0, -1).forEach(function (p) { g.push([p, 0.5]); });
      if (typing && !ix.postings.has(whole) && Array.from(whole).length >= 2) g.push.apply(g, prefixed(ix, whole));
      gs.push(g);
    });
    return expand(gs, ix.glossary || [], q);
  }
  function expand(gs, pairs, q) {
    if (!gs.length) return gs;
    var have = new Set(tokens(q));
    function contains(term) {
      return queryRuns(term).every(function (r) { return r.tokens.every(function (t) { return have.has(t); }); });
    }
    pairs.forEach(function (p) {
      [0, 1].forEach(function (side) {
        var runs = queryRuns(p[side]);
        if (!runs.length) return;
        var want = runs[0].word ? runs[0].tokens[runs[0].tokens.length - 1] : runs[0].tokens[0];
        for (var gi = 0; gi < gs.length; gi++) {
          if (gs[gi][0][0] === want && contains(p[side])) {
            queryRuns(p[1 - side]).forEach(function (r) { r.tokens.forEach(function (t) { gs[gi].push([t, 0.5]); }); });
            return;
          }
        }
      });
    });
    return gs;
  }
  function search(ix, q, limit) {
    var gs = groups(ix, q);
    if (!gs.length) return [];
    var n = ix.docs.length, accs = new Map();
    gs.forEach(function (g, gi) {
      g.forEach(function (a) {
        var ps = ix.postings.get(a[0]);
        if (!ps) return;
        var idf = Math.log(1 + n / ps.length);
        ps.forEach(function (p) {
          var s = accs.get(p[0]);
          if (!s) accs.set(p[0], s = { best: gs.map(function () { return 0; }), terms: [], matched: 0 });
          var v = a[1] * idf * p[1];
          if (s.best[gi] === 0) s.matched++;
          if (v > s.best[gi]) s.best[gi] = v;
          s.terms.push(a[0]);
        });
      });
    });
    var out = [];
    accs.forEach(function (s, d) {
      var sum = 0;
      s.best.forEach(function (v) { sum += v; });
      var cov = s.matched / gs.length;
      out.push({ index: d, doc: ix.docs[d], score: Math.round(sum * cov * cov * 1e6) / 1e6, terms: s.terms });
    });
    out.sort(function (a, b) { return b.score - a.score || a.index - b.index; });
    var seen = new Set(); // one result per URL, as in Go
    return out.filter(function (r) { if (seen.has(r.doc.u)) return false; seen.add(r.doc.u); return true; }).slice(0, limit);
  }

  // ---- the combobox ----
  var box, input, list, status, index, loading, active = -1, results = [];

  function load() {
    if (index || loading) return loading;
    say(box.dataset.loading);
    loading = fetch(box.dataset.manifest).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    }).then(function (m) {
      try { localStorage.setItem("search-manifest", JSON.stringify(m)); } catch (e) { /* private mode */ }
      return m;
    }, function (err) {
      var saved = null;
      try { saved = JSON.parse(localStorage.getItem("search-manifest")); } catch (e) { /* none */ }
      if (!saved) throw err;
      return saved;
    }).then(function (m) {
      return fetch(m[box.dataset.lang]);
    }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    }).then(function (ix) {
      index = prepare(ix);
      window.pairagSearch = function (q, n) { return search(index, q, n || 5).map(function (r) { return r.doc.u; }); };
      say("");
      update();
    }).catch(function () {
      loading = null;
      say(box.dataset.offline);
    });
    return loading;
  }

  function say(text) { status.textContent = text; }

  function snippet(doc, terms) {
    var text = doc.x || "", lower = text.toLowerCase(), at = -1, frag = document.createDocumentFragment();
    var words = terms.filter(function (t) { return t.length > 1 || isHan(t); })
      .sort(function (a, b) { return b.length - a.length; });
    words.forEach(function (t) { var i = lower.indexOf(t); if (i >= 0 && (at < 0 || i < at)) at = i; });
    var start = Math.max(0, at - 40), end = Math.min(text.length, start + 150);
    var part = text.slice(start, end), lp = part.toLowerCase(), pos = 0;
    if (start > 0) frag.append("…");
    while (pos < part.length) {
      var next = -1, len = 0;
      words.forEach(function (t) { var i = lp.indexOf(t, pos); if (i >= 0 && (next < 0 || i < next)) { next = i; len = t.length; } });
      if (next < 0) break;
      frag.append(part.slice(pos, next));
      var mark = document.createElement("mark");
      mark.textContent = part.slice(next, next + len);
      frag.append(mark);
      pos = next + len;
    }
    frag.append(part.slice(pos));
    if (end < text.length) frag.append("…");
    return frag;
  }

  function render() {
    list.textContent = "";
    results.forEach(function (r, i) {
      var li = document.createElement("li"), a = document.createElement("a");
      li.id = "search-opt-" + i;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      a.href = r.doc.u;
      a.tabIndex = -1;
      var title = document.createElement("span");
      title.className = "search-title";
      title.textContent = r.doc.h ? r.doc.t + " › " + r.doc.h : r.doc.t;
      var snip = document.createElement("span");
      snip.className = "search-snippet";
      snip.append(snippet(r.doc, r.terms));
      a.append(title, snip);
      li.append(a);
      list.append(li);
    });
    setActive(-1);
  }

  function open(show) {
    list.hidden = !show;
    input.setAttribute("aria-expanded", show ? "true" : "false");
    if (!show) setActive(-1);
  }

  function setActive(i) {
    active = i;
    Array.prototype.forEach.call(list.children, function (li, j) { li.setAttribute("aria-selected", j === i ? "true" : "false"); });
    if (i >= 0) {
      input.setAttribute("aria-activedescendant", "search-opt-" + i);
      list.children[i].scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  }

  function update() {
    if (!index) return;
    var q = input.value;
    if (!q.trim()) { results = []; render(); open(false); say(""); return; }
    results = search(index, q, 8);
    render();
    open(true);
    say(results.length ? box.dataset.count.replace("{n}", results.length) : box.dataset.none);
    if (!results.length) {
      var li = document.createElement("li");
      li.className = "search-none";
      li.textContent = box.dataset.none;
      list.append(li);
    }
  }

  function go(i) {
    var url = new URL(results[i].doc.u, location.href);
    open(false);
    if (url.pathname === location.pathname) {
      location.hash = url.hash;
      focusTarget(decodeURIComponent(url.hash.slice(1)));
    } else location.assign(url.href);
  }

  function focusTarget(id) {
    var el = document.getElementById(id) || document.getElementById("main");
    if (!el) return;
    if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "start" });
  }

  function onKey(e) {
    var n = results.length;
    switch (e.key) {
      case "ArrowDown":
        if (!n) return;
        e.preventDefault();
        open(true);
        setActive((active + 1) % n);
        break;
      case "ArrowUp":
        if (!n) return;
        e.preventDefault();
        open(true);
        setActive(active <= 0 ? n - 1 : active - 1);
        break;
      case "Enter":
        if (!n || list.hidden) return;
        e.preventDefault();
        go(active >= 0 ? active : 0);
        break;
      case "Escape":
        e.preventDefault();
        if (!list.hidden) open(false);
        else { input.value = ""; update(); }
        break;
    }
  }

  function shortcut(e) {
    var t = e.target, typing = t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
    if ((e.key === "/" && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) || ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k")) {
      e.preventDefault();
      input.focus();
      input.select();
      load();
    }
  }

  function init() {
    box = document.querySelector(".search");
    if (!box || !window.fetch) return;
    input = box.querySelector("input");
    list = box.querySelector("[role=listbox]");
    status = box.querySelector("[role=status]");
    box.hidden = false;
    input.addEventListener("focus", load);
    input.addEventListener("input", function () { load(); update(); });
    input.addEventListener("keydown", onKey);
    list.addEventListener("mousedown", function (e) { e.preventDefault(); }); // keep focus in the input
    list.addEventListener("click", function (e) {
      var li = e.target.closest("[role=option]");
      if (!li) return;
      e.preventDefault();
      go(Array.prototype.indexOf.call(list.children, li));
    });
    box.addEventListener("focusout", function (e) { if (!box.contains(e.relatedTarget)) open(false); });
    document.addEventListener("keydown", shortcut);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
