// Progressive enhancement for the Pairag portal: copy buttons on code
// blocks and the copy-both button of the field reference bundle. Pages are
// complete without this script; it only shows and wires the buttons.
(function () {
  "use strict";

  function say(status, text) {
    if (!status) return;
    status.textContent = "";
    window.setTimeout(function () { status.textContent = text; }, 50);
  }

  function selectNode(node) {
    if (node.select) { node.focus(); node.select(); return; }
    var range = document.createRange();
    range.selectNodeContents(node);
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
  }

  function copy(text) {
    if (!navigator.clipboard || !navigator.clipboard.writeText) {
      return Promise.reject(new Error("clipboard unavailable"));
    }
    return navigator.clipboard.writeText(text);
  }

  function wireCode(block) {
    var button = block.querySelector("button.copy");
    var pre = block.querySelector("pre");
    var status = block.querySelector(".copy-status");
    if (!button || !pre) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      copy(pre.textContent).then(function () {
        say(status, button.dataset.copied);
      }, function () {
        selectNode(pre);
        say(status, button.dataset.failed);
      });
    });
  }

  function wireBundle(block) {
    var details = block.querySelector("details");
    var button = block.querySelector("button.copy-both");
    var text = block.querySelector("textarea.bundle-text");
    var status = block.querySelector(".bundle-status");
    if (!details || !button || !text) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      copy(text.value).then(function () {
        say(status, status.dataset.copied);
      }, function () {
        details.open = true;
        text.hidden = false;
        selectNode(text);
        say(status, status.dataset.failed);
      });
    });
  }

  // breakCode lets inline code that has none yet break after _ . - and /
  // only (a <wbr> after each), as the generator does in its tables: an
  // identifier such as stage_name or a URL then wraps at its parts, never
  // inside a word (site.css keeps the last-resort break for parts wider
  // than the line).
  var separator = /([_.\/-])(?=[^_.\/-])/g;
  function breakCode(code) {
    if (code.childElementCount || code.parentElement.tagName === "PRE") return;
    var text = code.textContent;
    if (text.length < 12 || !separator.test(text)) return;
    separator.lastIndex = 0;
    var parts = text.replace(separator, "$1\u0000").split("\u0000");
    code.textContent = "";
    parts.forEach(function (p, i) {
      if (i > 0) code.appendChild(document.createElement("wbr"));
      code.appendChild(document.createTextNode(p));
    });
  }

  // layTables lays out, in idle time, the tables site.css left out of the
  // first paint (content-visibility), so the page reaches its real height
  // soon after load instead of while the reader scrolls. The page then says
  // so on <html data-tables-laid>.
  //
  // Each idle period lays out tables (reading offsetHeight makes the layout
  // happen there, where it is timed) until it has spent its budget: a table
  // per period cost a frame per table, and every frame that changes the
  // page's height repaints the whole page's paint properties (Lighthouse saw
  // some 30 tasks of 80 ms on the reference's phone profile); all tables at
  // once is one long task. 8 ms keeps a period short on the phone itself and
  // under Lighthouse's 50 ms at its four times slower CPU; a period overruns
  // by at most one table.
  var layBudget = 8;
  function layTables() {
    var wraps = Array.prototype.slice.call(document.querySelectorAll(".table-wrap:not([data-laid])")), i = 0;
    var idle = window.requestIdleCallback || function (f) { return window.setTimeout(f, 16); };
    function step() {
      var start = performance.now();
      while (i < wraps.length) {
        wraps[i].setAttribute("data-laid", "");
        void wraps[i++].offsetHeight;
        if (performance.now() - start >= layBudget) break;
      }
      if (i < wraps.length) idle(step);
      else document.documentElement.setAttribute("data-tables-laid", "");
    }
    idle(step);
  }

  function init() {
    layTables();
    // The generated tables' code has its breaks already.
    document.querySelectorAll("main code:not(.ref code)").forEach(breakCode);
    document.querySelectorAll(".code").forEach(wireCode);
    document.querySelectorAll("div.bundle").forEach(wireBundle);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
