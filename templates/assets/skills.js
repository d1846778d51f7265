// Skill pages and the skills index. On skill pages: the reader's view (side by side, original only, translation
// only) taken from ?view= and kept in the URL; on narrow screens, two tabs
// per section (original, translation); and the buttons that copy a
// section's Markdown, sliced from the published file, which is fetched
// once per side. Without this script the page shows both sides stacked and
// the view links simply reload it. On the index: the filter box.
(function () {
  "use strict";

  var views = ["both", "original", "translation"];

  function say(status, text) {
    if (!status) return;
    status.textContent = "";
    window.setTimeout(function () { status.textContent = text; }, 50);
  }

  function viewFrom(search) {
    var v = new URLSearchParams(search).get("view");
    return views.indexOf(v) >= 0 ? v : "both";
  }

  function apply(skill, view) {
    skill.dataset.view = view;
    skill.querySelectorAll(".skill-views a").forEach(function (a) {
      if (a.dataset.view === view) a.setAttribute("aria-current", "true");
      else a.removeAttribute("aria-current");
    });
  }

  function wireViews(skill) {
    apply(skill, viewFrom(window.location.search));
    skill.querySelectorAll(".skill-views a").forEach(function (a) {
      a.addEventListener("click", function (e) {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        var url = new URL(window.location.href);
        if (a.dataset.view === "both") url.searchParams.delete("view");
        else url.searchParams.set("view", a.dataset.view);
        window.history.pushState(null, "", url);
        apply(skill, a.dataset.view);
      });
    });
    window.addEventListener("popstate", function () { apply(skill, viewFrom(window.location.search)); });
  }

  // Tabs take effect through CSS on narrow screens only; on wide ones the
  // row shows both cells and the tabs stay hidden. Every row starts on the
  // tab the page selects (the page's language), and choosing a tab in one
  // row chooses it in all, so the page reads in one language throughout.
  function showSide(skill, side) {
    skill.querySelectorAll(".skill-row[data-show]").forEach(function (row) {
      row.dataset.show = side;
      row.querySelectorAll(".row-tabs button").forEach(function (b) {
        b.setAttribute("aria-selected", b.dataset.side === side ? "true" : "false");
      });
    });
  }

  function wireTabs(skill, row) {
    var tabs = row.querySelector(".row-tabs");
    if (!tabs || row.querySelectorAll(":scope > .cell").length < 2) return;
    tabs.hidden = false;
    var first = tabs.querySelector('button[aria-selected="true"]') || tabs.querySelector("button");
    row.dataset.show = first.dataset.side;
    tabs.querySelectorAll("button").forEach(function (b) {
      b.addEventListener("click", function () { showSide(skill, b.dataset.side); });
    });
  }

  // raw fetches a published file once and keeps its bytes.
  var files = {};
  function raw(url) {
    if (!files[url]) {
      files[url] = fetch(url).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.arrayBuffer();
      }).then(function (b) { return new Uint8Array(b); });
    }
    return files[url];
  }

  function section(bytes, button) {
    var from = Number(button.dataset.from), to = Number(button.dataset.to);
    return new TextDecoder().decode(bytes.subarray(from, to));
  }

  // manual shows the text selected in a read-only box for Ctrl+C.
  function manual(cell, text) {
    var box = cell.querySelector("textarea.cell-md");
    if (!box) {
      box = document.createElement("textarea");
      box.className = "cell-md";
      box.readOnly = true;
      box.rows = 8;
      cell.querySelector(".cell-tools").after(box);
    }
    box.value = text;
    box.focus();
    box.select();
  }

  function wireCopy(skill, cell) {
    var button = cell.querySelector("button.copy-md");
    var status = cell.querySelector(".copy-status");
    var url = cell.classList.contains("translation") ? skill.dataset.rawTranslation : skill.dataset.rawOriginal;
    if (!button || !url || !window.fetch || !window.TextDecoder) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      raw(url).then(function (bytes) {
        var text = section(bytes, button);
        var fail = function () { manual(cell, text); say(status, button.dataset.failed); };
        if (!navigator.clipboard || !navigator.clipboard.writeText) { fail(); return; }
        navigator.clipboard.writeText(text).then(function () { say(status, button.dataset.copied); }, fail);
      }, function () { say(status, button.dataset.failed); });
    });
  }

  // The skills index's filter: a card stays when every word typed is in
  // its text (name, description, tags), ignoring case; the status line
  // says how many are left. Without the script the box stays hidden and
  // every card shows.
  function wireFilter(box) {
    var input = box.querySelector("input");
    var status = box.querySelector("[role=status]");
    var cards = [].slice.call(document.querySelectorAll(".skill-list .skill-card"));
    var texts = cards.map(function (c) { return c.textContent.toLowerCase(); });
    box.hidden = false;
    function filter() {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      var n = 0;
      cards.forEach(function (card, i) {
        var keep = words.every(function (w) { return texts[i].indexOf(w) >= 0; });
        card.hidden = !keep;
        if (keep) n++;
      });
      status.textContent = words.length ? status.dataset.count.replace("{n}", n).replace("{total}", cards.length) : "";
    }
    input.addEventListener("input", filter);
    if (input.value) filter(); // kept by the browser on going back
  }

  function init() {
    var box = document.querySelector(".skill-filter");
    if (box) wireFilter(box);
    var skill = document.getElementById("skill");
    if (!skill) return;
    wireViews(skill);
    skill.querySelectorAll(".skill-row").forEach(function (row) { wireTabs(skill, row); });
    skill.querySelectorAll(".cell").forEach(function (cell) { wireCopy(skill, cell); });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
