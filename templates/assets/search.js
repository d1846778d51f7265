// Site search: loads the index gen built for the page's language ahead of
// use (the first idle moment, hovering or touching the box) or at first use
// (focus, "/" or Ctrl+K), then answers every keystroke in the browser,
// offline. Tokenising and ranking mirror generator/search exactly; the Go
// tests judge the same index with the same rules. The box follows the
// WAI-ARIA combobox pattern: input[role=combobox] controls ul[role=listbox].
(function () {
  "use strict";

  // ---- tokens (generator/search/tokenize.go) ----
  var HAN = /\p{Script=Han}/u;
  // a run of Han characters, or of other letters and digits joined by _ . - (isWord and isJoiner in Go)
  var RUN = /(\p{Script=Han}+)|((?:(?!\p{Script=Han})[\p{L}\p{Nd}])+(?:[_.-](?:(?!\p{Script=Han})[\p{L}\p{Nd}])+)*)/gu;
  var STOP = set("a an the of to in on at for and or is are be can do does did what which who how much where when why i my me we you it its this that with by from as into should must may need use used using about there any");
  var HAN_STOP = set("的 是 吗 了 呢 吧 啊 么 什 怎 哪 如 何 我 你 请 些");
  var HAN_STOP_WORDS = set("可以 能否 是否 几个 多少 需要 应该 一下 怎么办 怎样 为什么 哪些 有没有");
  function set(s) { var m = Object.create(null); s.split(" ").forEach(function (w) { m[w] = true; }); return m; }
  function isHan(c) { return c.charCodeAt(0) >= 0x2e80 && HAN.test(c); } // no Han character sits below U+2E80
  // scan calls f("han", characters) or f("word", text) for every run of the
  // lower-cased text, full-width ASCII folded; f must not scan in turn (RUN is shared)
  function scan(text, f) {
    var s = text.toLowerCase();
    if (/[\uff01-\uff5e]/.test(s)) s = s.replace(/[\uff01-\uff5e]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0xfee0).toLowerCase(); });
    RUN.lastIndex = 0;
    for (var m; (m = RUN.exec(s));) {
      if (m[1]) f("han", Array.from(m[1]));
      else f("word", m[2]);
    }
  }
  // wordRuns returns the word runs of text as scan finds them, in one call
  // of a regular expression (prepare's hot path: a browser runs it in
  // native code from the first call, where a loop over characters starts
  // out interpreted); an ASCII text takes the simpler expression
  var WORDS = /(?:(?!\p{Script=Han})[\p{L}\p{Nd}])+(?:[_.-](?:(?!\p{Script=Han})[\p{L}\p{Nd}])+)*/gu;
  var ASCII_WORDS = /[a-z0-9]+(?:[_.-][a-z0-9]+)*/g;
  function wordRuns(text) {
    var s = text.toLowerCase();
    if (/[\uff01-\uff5e]/.test(s)) s = s.replace(/[\uff01-\uff5e]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0xfee0).toLowerCase(); });
    return s.match(/[^\x00-\x7f]/.test(s) ? WORDS : ASCII_WORDS) || [];
  }
  function keepsS(w) { return /(ss|us|is|as)$/.test(w); }
  function stem(w) {
    if (w.length <= 3 || w.charCodeAt(w.length - 1) !== 115 || !/^[a-z]+$/.test(w)) return w; // only words ending in s change
    if (/ies$/.test(w) && w.length > 4) return w.slice(0, -3) + "y";
    if (/sses$/.test(w)) return w.slice(0, -2);
    if (/es$/.test(w) && keepsS(w.slice(0, -2))) return w.slice(0, -2);
    if (keepsS(w)) return w;
    if (/s$/.test(w)) return w.slice(0, -1);
    return w;
  }
  var JOINER = /[_.-]/;
  function wordTokens(whole) {
    if (!JOINER.test(whole)) return [stem(whole)];
    var parts = whole.split(/[_.-]+/).filter(Boolean), out = parts.map(stem);
    if (parts.length > 1) {
      var segs = whole.split(".");
      if (segs.length > 1) segs.forEach(function (s) { if (/[_-]/.test(s)) out.push(s); });
      out.push(whole);
    }
    return out;
  }
  function bigrams(w) {
    var out = [];
    for (var i = 0; i + 1 < w.length; i++) out.push(w[i] + w[i + 1]);
    return out;
  }
  function queryRuns(ix, q) {
    var out = [];
    scan(q, function (kind, run) {
      if (kind === "word") {
        var w = wordTokens(run);
        if (w.length === 1 && STOP[run]) return;
        out.push({ tokens: w, word: true, key: w[w.length - 1], raw: run });
        return;
      }
      out.push.apply(out, segment(ix, run));
    });
    return out;
  }
  // postings returns the postings of a token decoded as the ranking reads
  // them, four numbers per entry that holds it: entry, body count (at most
  // 3), field weight, fields seen; null when the index lacks the token, and
  // undefined when the token's shard has not arrived (the shard is marked
  // missing: ask fetches it and searches again)
  var FIELD = [2, 8, 12, 2]; // title, heading, names, section (Go's weights)
  function postings(ix, t) {
    var ps = ix.cache.get(t);
    if (ps !== undefined) return ps;
    var sh = shard(ix, shardOf(ix, t));
    if (!sh) return undefined;
    var i = find(sh.vocab, t);
    ps = i < sh.vocab.length && sh.vocab[i] === t ? decode(sh.postings[i]) : null;
    ix.cache.set(t, ps);
    return ps;
  }
  function decode(list) {
    var out = new Array(list.length * 4), doc = 0;
    for (var j = 0; j < list.length; j++) {
      var v = list[j], m = (v >> 2) & 15;
      doc += Math.floor(v / 64);
      out[4 * j] = doc;
      out[4 * j + 1] = v & 3;
      out[4 * j + 2] = (m & 1 ? FIELD[0] : 0) + (m & 2 ? FIELD[1] : 0) + (m & 4 ? FIELD[2] : 0) + (m & 8 ? FIELD[3] : 0);
      out[4 * j + 3] = m;
    }
    return out;
  }
  // find is the place of t in the sorted list a (the first place not before it)
  function find(a, t) {
    var lo = 0, hi = a.length;
    while (lo < hi) { var m = (lo + hi) >> 1; if (a[m] < t) lo = m + 1; else hi = m; }
    return lo;
  }
  // shardOf is the shard whose tokens would hold t: the last that starts at or before it
  function shardOf(ix, t) { return Math.max(0, find(ix.shards, t + "\u0000") - 1); }
  function shard(ix, n) {
    var sh = ix.loaded[n];
    if (!sh) ix.missing.add(n);
    return sh;
  }
  // vocabOf is the tokens of the shards from..to in order, or null (and
  // those missing marked) until all have arrived
  function vocabOf(ix, from, to) {
    var out = [], ok = true;
    for (var n = from; n <= to; n++) { var sh = shard(ix, n); if (sh) out.push.apply(out, sh.vocab); else ok = false; }
    return ok ? out : null;
  }
  // typoWords is the index's tokens a typo may be near (its typos file),
  // or null (and the file marked missing) until it has arrived
  function typoWords(ix) {
    if (!ix.typoList) ix.missing.add("typos");
    return ix.typoList;
  }
  function has(ix, t) { var ps = postings(ix, t); return !!(ps && ps.length); }
  function segment(ix, run) {
    var out = [], rest = [];
    function flush() {
      if (rest.length === 1 && run.length === 1) out.push({ tokens: [rest[0]], key: rest[0] });
      // stretches of pairs the index holds are words; a pair it lacks spans two (as in Go)
      var held = false;
      for (var i = 0; i + 1 < rest.length;) {
        var j = i;
        while (j + 1 < rest.length && has(ix, rest[j] + rest[j + 1])) j++;
        if (j === i) { i++; continue; }
        held = true;
        var w = rest.slice(i, j + 1);
        out.push({ tokens: bigrams(w), key: w.join("") });
        i = j;
      }
      if (!held && rest.length >= 2) bigrams(rest).forEach(function (bi) { out.push({ tokens: [bi], key: bi }); });
      rest = [];
    }
    for (var i = 0; i < run.length;) {
      var l = Math.min(Math.max(ix.maxWord, 3), run.length - i);
      for (; l >= 2; l--) { var w = run.slice(i, i + l).join(""); if (ix.words.has(w) || HAN_STOP_WORDS[w]) break; }
      if (l >= 2) {
        flush();
        var word = run.slice(i, i + l);
        if (!HAN_STOP_WORDS[word.join("")]) out.push({ tokens: bigrams(word), key: word.join("") });
        i += l;
      } else if (HAN_STOP[run[i]]) { flush(); i++; }
      else { rest.push(run[i]); i++; }
    }
    flush();
    return out;
  }

  // ---- index and ranking (generator/search/rank) ----
  // prepare decodes the index as gen build publishes it (Go's
  // search.Published): nothing is tokenised or sorted here; a token's
  // postings are decoded when a query first looks it up
  function prepare(ix) {
    ix.loaded = [];
    ix.pending = {};
    ix.missing = new Set();
    ix.cache = new Map();
    ix.maxWord = 0;
    var words = ix.words ? ix.words.split(" ") : [];
    ix.words = new Set(words);
    words.forEach(function (w) { ix.maxWord = Math.max(ix.maxWord, Array.from(w).length); });
    ix.maxIDF = Math.log(1 + ix.docs.length);
    return ix;
  }
  // fetchShards fetches shards of the index (a failed one is tried again next time)
  // fetchShards fetches shards of the index, and its typos file for
  // "typos" (a failed one is tried again next time)
  function fetchShards(ix, ns) {
    return Promise.all(ns.map(function (n) {
      if (n === "typos" ? ix.typoList : ix.loaded[n]) return null;
      return ix.pending[n] || (ix.pending[n] = fetch(n === "typos" ? ix.typos : ix.shardURL.replace("{n}", n).replace("{h}", ix.shardHashes[n])).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.json();
      }).then(function (sh) {
        if (n === "typos") ix.typoList = sh ? sh.split("\n") : [];
        else ix.loaded[n] = { vocab: sh.vocab.split("\n"), postings: sh.postings };
      }, function (e) { ix.pending[n] = null; throw e; }));
    }));
  }
  // ask searches, fetching the shards the search looked up and lacked and
  // searching again, until it looked up nothing missing: the answer is then
  // the one the whole index gives. waiting, if given, is called once
  // before the first fetch, while nothing has been waited for yet.
  function ask(ix, q, limit, waiting) {
    ix.missing.clear();
    var rs = search(ix, q, limit);
    if (!ix.missing.size) return Promise.resolve(rs);
    if (waiting) waiting();
    var t0 = performance.now(), ns = Array.from(ix.missing);
    return fetchShards(ix, ns).then(function () {
      // for the timing test: the shards the first answers waited for, and how long
      stats.rounds = (stats.rounds || 0) + 1;
      stats.shards = (stats.shards || 0) + ns.length;
      stats.shardMs = (stats.shardMs || 0) + performance.now() - t0;
      return ask(ix, q, limit);
    });
  }

  // draft is a first answer drawn from what the index's first file holds,
  // the entries' headings, sections and page titles, for the moment the
  // shards of a query are on their way: shown at once and replaced by the
  // answer of the whole index (ask) when they come, so a reader sees
  // results without a round trip and never a worse final answer. A query
  // token counts with the weight of the best field that holds it (Go's
  // field weights) times its rarity among the headings; the last word
  // still being typed also matches the tokens it begins; the score is
  // scaled by the share of the query's tokens held, cubed, as in search.
  function draft(ix, q, limit) {
    var ts = draftTokens(q), heads = headTokens(ix);
    if (!ts.length) return [];
    var out = [];
    heads.forEach(function (h, d) {
      var sum = 0, held = 0, terms = [];
      ts.forEach(function (t) {
        var w = 0;
        for (var f = 0; f < 3; f++) {
          var fw = h[f].has(t.t) ? 1 : t.prefix && prefixes(h[f], t.t) ? 0.6 : 0;
          w = Math.max(w, fw * DRAFT_FIELD[f]);
        }
        if (!w) return;
        held++;
        terms.push(t.t);
        sum += w * Math.log(1 + heads.length / (ix.headDF.get(t.t) || 1));
      });
      if (!held) return;
      var cov = held / ts.length;
      if (ix.docs[d].k === "skill" || ix.docs[d].k === "file") sum *= 0.8;
      out.push({ index: d, doc: ix.docs[d], score: sum * cov * cov * cov, terms: terms });
    });
    out.sort(function (a, b) { return b.score - a.score || a.index - b.index; });
    var seen = new Set();
    return out.filter(function (r) { if (seen.has(r.doc.u)) return false; seen.add(r.doc.u); return true; }).slice(0, limit);
  }
  var DRAFT_FIELD = [8, 2, 2]; // heading, section, page title (FIELD's weights)
  // draftTokens is the query's tokens as draft looks them up: a word's
  // tokens (stop words left out), a Chinese phrase's pairs between stop
  // characters (its character when it is one); the last word, while it
  // is being typed, may be the beginning of a token
  function draftTokens(q) {
    var out = [];
    scan(q, function (kind, run) {
      if (kind === "word") {
        if (STOP[run]) return;
        wordTokens(run).forEach(function (t) { out.push({ t: t }); });
        return;
      }
      var part = [];
      run.concat([""]).forEach(function (c) {
        if (c && !HAN_STOP[c]) { part.push(c); return; }
        if (part.length === 1) out.push({ t: part[0] });
        else bigrams(part).forEach(function (t) { if (!HAN_STOP_WORDS[t]) out.push({ t: t }); });
        part = [];
      });
    });
    if (out.length && !/\s$/.test(q) && !isHan(out[out.length - 1].t)) out[out.length - 1].prefix = true;
    return out;
  }
  // prefixes reports a token of the set that begins with p
  function prefixes(set, p) {
    for (var t of set) if (t.indexOf(p) === 0) return true;
    return false;
  }
  // headTokens tokenises the entries' headings, sections and page titles
  // (each distinct text once) and counts how many entries hold each
  // token: in idle slices after the index loads (more is a deadline, the
  // slice ends when it runs out), and what is left at once when a draft
  // is asked for first
  function headTokens(ix, more) {
    if (ix.heads && ix.heads.length === ix.docs.length) return ix.heads;
    if (!ix.heads) { ix.heads = []; ix.headDF = new Map(); ix.headSeen = new Map(); }
    var t0 = performance.now(), seen = ix.headSeen, df = ix.headDF;
    function tokens(text) {
      var ts = seen.get(text);
      if (ts) return ts;
      var set = new Set();
      scan(text || "", function (kind, run) {
        if (kind === "word") wordTokens(run).forEach(function (t) { set.add(t); });
        else run.forEach(function (c, i) { set.add(c); if (i + 1 < run.length) set.add(c + run[i + 1]); });
      });
      seen.set(text, set);
      return set;
    }
    while (ix.heads.length < ix.docs.length && (!more || more())) {
      var d = ix.docs[ix.heads.length], h = [tokens(d.h), tokens(d.s), tokens(d.t)], all = new Set();
      h.forEach(function (set) { set.forEach(function (t) { all.add(t); }); });
      all.forEach(function (t) { df.set(t, (df.get(t) || 0) + 1); });
      ix.heads.push(h);
    }
    // for the timing test: the main-thread time it took, over its slices
    stats.headsMs = (stats.headsMs || 0) + performance.now() - t0;
    return ix.heads;
  }
  // warmHeads runs headTokens in idle slices until it is done: at least
  // 20 entries a slice (a slice the browser gave on its timeout has no
  // time left), then as many as the slice has time for
  function warmHeads(ix) {
    idle(function (deadline) {
      var n = 0;
      headTokens(ix, function () { return n++ < 20 || !!(deadline && deadline.timeRemaining && deadline.timeRemaining() > 2); });
      if (ix.heads.length < ix.docs.length) warmHeads(ix);
    });
  }
  function prefixed(ix, t) {
    var vocab = vocabOf(ix, shardOf(ix, t), shardOf(ix, t + "\uffff")), out = [];
    if (!vocab) return null; // unknown yet
    for (var i = find(vocab, t); i < vocab.length && vocab[i].indexOf(t) === 0 && out.length < 20; i++) out.push({ tokens: [vocab[i]], w: 0.6 });
    return out;
  }
  function typoCandidate(w) { return /^[a-z0-9_.-]+$/.test(w) && /[a-z]/.test(w); }
  function editDistance(a, b, maxD) {
    var prev2 = [], prev = [], cur = [], i, j;
    for (j = 0; j <= b.length; j++) { prev[j] = j; prev2[j] = 0; cur[j] = 0; }
    for (i = 1; i <= a.length; i++) {
      cur[0] = i;
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var c = a[i - 1] === b[j - 1] ? 0 : 1;
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + c);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cur[j] = Math.min(cur[j], prev2[j - 2] + 1);
        best = Math.min(best, cur[j]);
      }
      if (best > maxD) return maxD + 1;
      var t = prev2; prev2 = prev; prev = cur; cur = t;
    }
    return prev[b.length];
  }
  function typos(ix, w) {
    var n = w.length;
    if (n < 4 || !typoCandidate(w)) return [];
    var maxD = n >= 8 ? 2 : 1, cs = [], vocab = typoWords(ix);
    if (!vocab) return null; // unknown yet
    vocab.forEach(function (t) {
      if (t.length < n - maxD || t.length > n + maxD || !typoCandidate(t)) return;
      var d = editDistance(w, t, maxD);
      if (d <= maxD) cs.push({ t: t, d: d, i: cs.length });
    });
    cs.sort(function (a, b) { return a.d - b.d || a.i - b.i; });
    return cs.slice(0, 5).map(function (c) { return { tokens: [c.t], w: 0.8 }; });
  }
  // inflected: the -ing and -ed forms of a plain word that the index holds (Go's Index.inflected)
  function inflected(ix, w) {
    if (w.length < 3 || !/^[a-z]+$/.test(w)) return [];
    var last = w[w.length - 1], forms = last === "e" ? [w.slice(0, -1) + "ing", w + "d"] : [w + "ing", w + "ed", w + last + "ing", w + last + "ed"], out = [];
    forms.forEach(function (f) { if (has(ix, f) && !out.some(function (a) { return a.tokens[0] === f; })) out.push({ tokens: [f], w: 0.8 }); });
    return out;
  }
  // stemmed: the longest token w begins with, 4+ letters and at most 4 shorter (Go's Index.stemmed)
  function stemmed(ix, w) {
    if (!/^[a-z]+$/.test(w)) return [];
    for (var l = w.length - 1; l >= 4 && l >= w.length - 4; l--) {
      var ps = postings(ix, w.slice(0, l));
      if (ps === undefined) return null; // unknown yet
      if (ps && ps.length) return [{ tokens: [w.slice(0, l)], w: 0.8 }];
    }
    return [];
  }
  function groups(ix, q) {
    var runs = queryRuns(ix, q), gs = [];
    runs.forEach(function (r, ri) {
      if (!r.word) { gs.push({ key: r.key, alts: [{ tokens: r.tokens, w: 1 }] }); return; }
      var whole = r.tokens[r.tokens.length - 1], g = { key: whole, alts: [{ tokens: [whole], w: 1 }] };
      r.tokens.slice(0, -1).forEach(function (p) { g.alts.push({ tokens: [p], w: 0.5 }); });
      if (r.tokens.length === 1) g.alts.push.apply(g.alts, inflected(ix, whole));
      // a word the index lacks: the words it begins, its stem, its typos,
      // each asked only once the one before is known to give nothing (a
      // shard not yet fetched is unknown: ask fetches it and comes back)
      var ps = postings(ix, whole);
      if (ps !== undefined && !(ps && ps.length)) {
        var typing = ri === runs.length - 1 && !/ $/.test(q), more = [];
        if (typing && Array.from(whole).length >= 2) more = prefixed(ix, whole);
        if (more && !more.length) more = stemmed(ix, whole);
        if (more && !more.length) more = typos(ix, r.raw);
        if (more) g.alts.push.apply(g.alts, more);
      }
      gs.push(g);
    });
    expand(ix, gs, ix.glossary || [], true);
    return expand(ix, gs, ix.synonyms || [], false);
  }
  function expand(ix, gs, pairs, both) {
    if (!gs.length) return gs;
    var have = new Set(gs.map(function (g) { return g.key; }));
    pairs.forEach(function (p) {
      for (var side = 0; side < 2; side++) {
        if (side === 1 && !both) break;
        var runs = queryRuns(ix, p[side]);
        if (!runs.length || !runs.every(function (r) { return have.has(r.key); })) continue;
        var gi = gs.findIndex(function (g) { return g.key === runs[0].key; });
        if (gi < 0) continue;
        var toks = [];
        queryRuns(ix, p[1 - side]).forEach(function (r) { toks.push.apply(toks, r.tokens); });
        if (toks.length) gs[gi].alts.push({ tokens: toks, w: 0.5 });
      }
    });
    return gs;
  }
  function idf(ix, t) { return Math.log(1 + ix.docs.length / (postings(ix, t).length / 4)); }
  function groupWeights(ix, gs) {
    var total = 0, ws = gs.map(function (g) {
      var w = ix.maxIDF;
      for (var ai = 0; ai < g.alts.length; ai++) {
        var a = g.alts[ai];
        if (!a.tokens.every(function (t) { return has(ix, t); })) continue;
        var sum = 0;
        a.tokens.forEach(function (t) { sum += idf(ix, t); });
        w = sum / a.tokens.length * (a.tokens.length + 1) / 2;
        break;
      }
      total += w;
      return w;
    });
    return { ws: ws, total: total };
  }
  function match(ix, a) {
    var sums = new Map(), counts = new Map();
    for (var ti = 0; ti < a.tokens.length; ti++) {
      var t = a.tokens[ti];
      if (!has(ix, t)) return new Map();
      var f = idf(ix, t), r = f / ix.maxIDF, k = a.w / a.tokens.length;
      var ps = postings(ix, t);
      for (var j = 0; j < ps.length; j += 4) {
        var tf = ps[j + 1] + ps[j + 2] * r; // saturated as in Go: tf × 5 / (tf + 4)
        sums.set(ps[j], (sums.get(ps[j]) || 0) + k * f * tf * 5 / (tf + 4));
        counts.set(ps[j], (counts.get(ps[j]) || 0) + 1);
      }
    }
    counts.forEach(function (c, d) { if (c < a.tokens.length) sums.delete(d); });
    return sums;
  }
  function search(ix, q, limit) {
    var gs = groups(ix, q);
    if (!gs.length) return [];
    var accs = new Map(), gw = groupWeights(ix, gs);
    gs.forEach(function (g, gi) {
      g.alts.forEach(function (a) {
        match(ix, a).forEach(function (v, d) {
          var s = accs.get(d);
          if (!s) accs.set(d, s = { best: gs.map(function () { return 0; }), terms: [], matched: 0 });
          if (s.best[gi] === 0) s.matched += gw.ws[gi];
          if (v > s.best[gi]) s.best[gi] = v;
          s.terms.push.apply(s.terms, a.tokens);
        });
      });
    });
    var out = [];
    accs.forEach(function (s, d) {
      var sum = 0;
      s.best.forEach(function (v) { sum += v; });
      if (ix.docs[d].k === "skill" || ix.docs[d].k === "file") sum *= 0.8; // skillWeight in Go
      var cov = s.matched / gw.total;
      out.push({ index: d, doc: ix.docs[d], score: Math.round(sum * cov * cov * cov * 1e6) / 1e6, terms: s.terms });
    });
    out.sort(function (a, b) { return b.score - a.score || a.index - b.index; });
    var seen = new Set(); // one result per URL, as in Go
    return out.filter(function (r) { if (seen.has(r.doc.u)) return false; seen.add(r.doc.u); return true; }).slice(0, limit);
  }

  // ---- the combobox ----
  var box, input, list, status, index, loading, active = -1, results = [], ui = {};
  var wanted = false, asked = 0, shut = 0, pending = null, stats = {};

  // load fetches the index of the page's language and prepares it. The
  // reader's first sign of wanting search (focus, "/" or Ctrl+K, typing)
  // calls it with want(); ahead of that, hovering or touching the box and
  // the browser's first idle moment call it quietly (warm), so that the
  // index is usually ready before the first keystroke. A quiet load
  // says nothing when it fails. Only the index's first file comes here: a
  // query fetches the shards of the postings it looks up (ask), and the
  // first results shown fetch the entries' texts for their excerpts.
  // The manifest that names the index is fetched every time; a manifest
  // saved by an earlier visit lets the index download start at once
  // instead of after it (one round trip less on a phone), and when the
  // fresh manifest names another index (a new deploy), that one replaces
  // it. Offline, the saved manifest is enough.
  function load(how) {
    if (index || loading) return loading;
    var started = performance.now(), lang = box.dataset.lang, used = null, saved = null;
    stats.startedBy = how;
    try { saved = JSON.parse(localStorage.getItem("search-manifest")); } catch (e) { /* none */ }
    var fresh = fetch(box.dataset.manifest).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    }).then(function (m) {
      stats.manifestMs = performance.now() - started;
      try { localStorage.setItem("search-manifest", JSON.stringify(m)); } catch (e) { /* private mode */ }
      return m;
    });
    fresh.catch(function () { /* handled where it is used; offline is no error yet */ });
    // get fetches an index and prepares it: the parse is counted as
    // preparation (main-thread time), with the decode
    function get(url) {
      used = url;
      return fetch(url).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.text();
      }).then(function (text) {
        stats.fetchMs = performance.now() - started;
        var t0 = performance.now(), ix = prepare(JSON.parse(text));
        stats.prepareMs = performance.now() - t0;
        return ix;
      });
    }
    var first = saved && saved[lang] ? get(saved[lang]).catch(function () { return fresh.then(function (m) { return get(m[lang]); }); })
      : fresh.then(function (m) { return get(m[lang]); });
    loading = first.then(function (ix) {
      index = ix;
      // what the timing test reads: the manifest, the index's arrival,
      // preparing it (parse and decode, main-thread time), and when the
      // reader asked for search and the index was ready
      stats.loadMs = performance.now() - started;
      stats.readyAt = performance.now();
      window.pairagSearchStats = stats;
      window.pairagSearchText = ix.text;
      // for the tests: the URLs of a query's first n results, the shards it needs fetched first
      window.pairagSearch = function (q, n) { return ask(index, q, n || 5).then(function (rs) { return rs.map(function (r) { return r.doc.u; }); }); };
      say("");
      if (!wanted) warmHeads(ix); // the drafts' part, ahead of the first query
      // the answer to what the reader typed meanwhile; an early load opens
      // nothing (the box may hold a query the browser restored)
      if (wanted) update();
      // a deploy since the saved manifest: the new index replaces the old
      fresh.then(function (m) {
        if (!m[lang] || m[lang] === used) return;
        get(m[lang]).then(function (ix) { index = ix; if (wanted) update(); }, function () { /* keep the one we have */ });
      }, function () { /* offline: the saved one stands */ });
    }).catch(function () {
      loading = null;
      if (wanted) offline(); // a quiet load that fails leaves the reader's first focus to try again
    });
    return loading;
  }

  function idle(f) {
    if (window.requestIdleCallback) requestIdleCallback(f, { timeout: 1000 });
    else setTimeout(f, 50);
  }

  // want records that the reader asked for search: a load in flight shows
  // that it is loading
  function want() {
    if (!wanted) stats.focusAt = performance.now();
    wanted = true;
    if (!index) say(box.dataset.loading);
    return load("focus");
  }

  // warm starts a quiet load when the reader may search soon: not when
  // the browser says the reader saves data or the connection is slow
  function warm() {
    var c = navigator.connection;
    if (c && (c.saveData || /2g/.test(c.effectiveType || ""))) return;
    load("early");
  }

  // afterEngine warms once the validator page's engine, when its start
  // script started one (tool.engine), is ready or has failed (data-state
  // on the tool); at once on any other page: the index's requests would
  // share a phone's bandwidth and main thread with the module's 0.6 MB
  // download (issue 19). A use of the box loads at once.
  function afterEngine() {
    var tool = document.getElementById("validator");
    var done = function () { return /^(ready|failed)$/.test(tool.dataset.state || ""); };
    if (!tool || !tool.engine || done()) return warm();
    new MutationObserver(function (records, o) {
      if (done()) { o.disconnect(); warm(); }
    }).observe(tool, { attributes: true, attributeFilter: ["data-state"] });
  }

  // offline says, visibly as well (the status is visually hidden), that
  // the index cannot load
  function offline() {
    say(box.dataset.offline);
    list.textContent = "";
    var li = document.createElement("li");
    li.className = "search-none";
    li.textContent = box.dataset.offline;
    list.append(li);
    open(true);
  }

  function say(text) { status.textContent = text; }

  // textOf is an entry's text, or for a finding code (which has none) the
  // text of the section or row at the same URL, which explains it; "" until
  // the texts have arrived
  function textOf(r) {
    var doc = r.doc;
    if (!index.texts) return "";
    if (index.texts[r.index]) return index.texts[r.index];
    if (!index.byURL) {
      index.byURL = new Map();
      index.docs.forEach(function (d, j) { if (index.texts[j] && !index.byURL.has(d.u)) index.byURL.set(d.u, index.texts[j]); });
    }
    return index.byURL.get(doc.u) || "";
  }

  // needTexts fetches the entries' texts once, for the excerpts of the
  // results shown, and draws the excerpts when they come
  function needTexts() {
    var ix = index;
    if (ix.texts || ix.textsLoading || !ix.text) return;
    ix.textsLoading = fetch(ix.text).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    }).then(function (texts) {
      ix.texts = texts;
      stats.textsAt = performance.now();
      if (ix === index) snippets();
    }, function () { ix.textsLoading = null; /* no excerpts; the results stand */ });
  }

  function snippets() {
    results.forEach(function (r, i) {
      var li = document.getElementById("search-opt-" + i), snip = li && li.querySelector(".search-snippet");
      if (!snip) return;
      snip.textContent = "";
      snip.append(snippet(textOf(r), r.terms));
    });
  }

  function snippet(text, terms) {
    var lower = text.toLowerCase(), at = -1, frag = document.createDocumentFragment();
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
    list.removeAttribute("aria-busy");
    results.forEach(function (r, i) {
      var li = document.createElement("li"), a = document.createElement("a");
      // the link is the option (an option holding a link would nest one control in another)
      li.setAttribute("role", "none");
      a.id = "search-opt-" + i;
      a.setAttribute("role", "option");
      a.setAttribute("aria-selected", "false");
      a.href = r.doc.u;
      a.tabIndex = -1;
      var title = document.createElement("span");
      title.className = "search-title";
      // a row under its section, a section under its page
      title.textContent = r.doc.h ? (r.doc.s || r.doc.t) + " › " + r.doc.h : r.doc.t;
      var kind = ui.kinds && ui.kinds[r.doc.k];
      if (kind) {
        var label = document.createElement("span");
        label.className = "search-kind";
        label.textContent = kind;
        title.prepend(label, " ");
      }
      var snip = document.createElement("span");
      snip.className = "search-snippet";
      snip.append(snippet(textOf(r), r.terms));
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

  // options is the results' options, in order
  function options() { return Array.from(list.querySelectorAll("[role=option]")); }

  function setActive(i) {
    active = i;
    var opts = options();
    opts.forEach(function (o, j) { o.setAttribute("aria-selected", j === i ? "true" : "false"); });
    if (i >= 0) {
      input.setAttribute("aria-activedescendant", "search-opt-" + i);
      opts[i].scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  }

  function update() {
    if (!index) return;
    var q = input.value, n = ++asked, ix = index;
    if (!q.trim()) { results = []; render(); open(false); say(""); return; }
    var t0 = performance.now();
    // while the query's shards are on their way, a draft from the headings
    // shows (marked busy until the answer replaces it)
    var p = pending = ask(ix, q, 8, function () {
      var rs = draft(ix, q, 8);
      if (!rs.length) return;
      results = rs;
      render();
      list.setAttribute("aria-busy", "true");
      open(shut !== n);
      if (!stats.answerAt) stats.answerAt = stats.draftAt = performance.now();
    }).then(function (rs) {
      if (n !== asked || ix !== index) return; // a later keystroke or index answers
      // no results: the suggestions need the words a typo may be near
      if (!rs.length && !ix.typoList) return fetchShards(ix, ["typos"]).then(function () { if (n === asked) update(); });
      results = rs;
      render();
      open(shut !== n); // an Escape while the draft showed keeps the answer closed
      // for the tests: the last answer's search (with the shards it
      // fetched) and drawing, its query, and when the first results (a
      // draft's or the answer's) and the first whole answer came
      stats.lastAnswerMs = performance.now() - t0;
      stats.answered = q; // the query of the whole answer on show (the tests wait for theirs)
      if (results.length && !stats.answerAt) stats.answerAt = performance.now();
      if (results.length && !stats.finalAt) stats.finalAt = performance.now();
      say(results.length ? box.dataset.count.replace("{n}", results.length) : box.dataset.none);
      if (!results.length) list.append(noResults(q));
      else needTexts();
    }).catch(function () { if (n === asked) offline(); }).then(function () { if (pending === p) pending = null; });
  }

  // noResults says so, and helps: the index's nearest words to the
  // query's, and the glossary, where a term may go by another name
  function noResults(q) {
    var li = document.createElement("li"), p = document.createElement("p");
    li.className = "search-none";
    p.textContent = box.dataset.none + " " + (ui.help || "");
    li.append(p);
    // for each word, the nearest word of the index, further than the typos a query forgives
    var words = [];
    queryRuns(index, q).forEach(function (r) {
      if (!r.word || r.raw.length < 4 || !typoCandidate(r.raw)) return;
      var best = null, bestD = 4;
      (index.typoList || []).forEach(function (t) {
        if (Math.abs(t.length - r.raw.length) >= bestD || !typoCandidate(t)) return;
        var d = editDistance(r.raw, t, bestD - 1);
        if (d < bestD) { best = t; bestD = d; }
      });
      if (best && words.indexOf(best) < 0) words.push(best);
    });
    if (words.length) {
      var tp = document.createElement("p");
      tp.append(ui.try || "", " ");
      words.slice(0, 4).forEach(function (w, i) {
        var a = document.createElement("a");
        a.href = "#";
        a.dataset.q = w;
        a.textContent = w;
        tp.append(i ? " · " : "", a);
      });
      li.append(tp);
    }
    var gl = document.querySelector('nav a[href$="/glossary/"]');
    if (gl && ui.glossary) {
      var ga = document.createElement("a");
      ga.href = gl.href;
      ga.textContent = ui.glossary;
      var gp = document.createElement("p");
      gp.append(ga);
      li.append(gp);
    }
    return li;
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
    // a key that moves in or picks from the results waits for the answer
    // to what was typed before it (its shards may be on their way)
    if (pending && /^(ArrowDown|ArrowUp|Enter)$/.test(e.key)) {
      e.preventDefault();
      var key = e.key;
      pending.then(function () { onKey({ key: key, preventDefault: function () {} }); });
      return;
    }
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
        if (!list.hidden) { open(false); shut = asked; }
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
      want();
    }
  }

  function init() {
    box = document.querySelector(".search");
    if (!box || !window.fetch) return;
    input = box.querySelector("input");
    list = box.querySelector("[role=listbox]");
    status = box.querySelector("[role=status]");
    box.hidden = false;
    try { ui = JSON.parse(box.dataset.ui || "{}"); } catch (e) { ui = {}; }
    input.addEventListener("focus", want);
    input.addEventListener("input", function () { want(); update(); });
    box.addEventListener("pointerenter", warm);
    box.addEventListener("touchstart", warm, { passive: true });
    if (document.readyState === "complete") idle(afterEngine);
    else window.addEventListener("load", function () { idle(afterEngine); });
    input.addEventListener("keydown", onKey);
    list.addEventListener("mousedown", function (e) { e.preventDefault(); }); // keep focus in the input
    list.addEventListener("click", function (e) {
      var suggestion = e.target.closest("[data-q]");
      if (suggestion) { e.preventDefault(); input.value = suggestion.dataset.q; update(); return; }
      var option = e.target.closest("[role=option]");
      if (!option) return;
      e.preventDefault();
      go(options().indexOf(option));
    });
    box.addEventListener("focusout", function (e) { if (!box.contains(e.relatedTarget)) open(false); });
    document.addEventListener("keydown", shortcut);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
