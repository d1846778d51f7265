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

  function init() {
    document.querySelectorAll(".code").forEach(wireCode);
    document.querySelectorAll("div.bundle").forEach(wireBundle);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
