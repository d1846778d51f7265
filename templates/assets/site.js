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

  // settle keeps the page from moving under the reader. site.css leaves
  // tables out of layout until they come near the window
  // (content-visibility), so a page opened at its top lays out only its
  // first screen, and a table the reader scrolls down to is laid out
  // below the text being read, which stays put. A table above the window
  // that was never laid out (the page was opened at a #row far down, or
  // the reader jumped there) would be, as the reader scrolls back up, and
  // its real height would move the page (800 px wheel steps moved it
  // 1,100 px, issue 23). So such tables are laid out in idle time as soon
  // as they are above the window, where the browser's scroll anchoring
  // keeps the text in view still; <html data-settled> says when none is
  // left. Laying out every table after load instead kept a phone busy for
  // seconds (Lighthouse's blocking time on the reference: 2.3 s).
  //
  // Each idle period lays out tables until it has spent its budget: 8 ms
  // keeps a period short on a phone and under Lighthouse's 50 ms at its
  // four times slower CPU; a period overruns by at most one table.
  var layBudget = 8;
  function settle() {
    var root = document.documentElement;
    var wraps = Array.prototype.slice.call(document.querySelectorAll(".table-wrap:not([data-laid])"));
    var idle = window.requestIdleCallback || function (f) { return window.setTimeout(f, 16); };
    var queued = false, laying = false;
    // above is the tables not laid out whose top is above the window's,
    // the nearest first: the reader scrolls back into those first.
    function above() {
      var out = [];
      for (var i = wraps.length - 1; i >= 0; i--) {
        if (wraps[i].hasAttribute("data-laid")) wraps.splice(i, 1);
        else if (wraps[i].getBoundingClientRect().top < 0) out.push(wraps[i]);
      }
      return out;
    }
    function step() {
      var start = performance.now(), todo = above();
      for (var i = 0; i < todo.length && performance.now() - start < layBudget; i++) {
        todo[i].setAttribute("data-laid", "");
        void todo[i].offsetHeight; // the layout happens here, where it is timed
      }
      if (i < todo.length) { idle(step); return; }
      laying = false;
      check(); // the reader may have moved on meanwhile
    }
    function check() {
      queued = false;
      if (laying) return;
      if (!above().length) { root.setAttribute("data-settled", ""); return; }
      root.removeAttribute("data-settled");
      laying = true;
      idle(step);
    }
    if (!wraps.length) { root.setAttribute("data-settled", ""); return; }
    window.addEventListener("scroll", function () {
      if (!queued && wraps.length) { queued = true; window.requestAnimationFrame(check); }
    }, { passive: true });
    // The first look waits for the frame, when the page is laid out anyway.
    window.requestAnimationFrame(check);
  }

  function init() {
    settle();
    document.querySelectorAll(".code").forEach(wireCode);
    document.querySelectorAll("div.bundle").forEach(wireBundle);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
