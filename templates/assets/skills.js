// Skill pages: the reader's view (side by side, original only, translation
// only) taken from ?view= and kept in the URL, and the buttons that copy a
// section's Markdown. Without this script the page shows both sides and the
// view links simply reload it.
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

  function wireCopy(cell) {
    var button = cell.querySelector("button.copy-md");
    var text = cell.querySelector("textarea.cell-md");
    var status = cell.querySelector(".copy-status");
    if (!button || !text) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var done = function () { say(status, button.dataset.copied); };
      var fail = function () {
        text.hidden = false;
        text.focus();
        text.select();
        say(status, button.dataset.failed);
      };
      if (!navigator.clipboard || !navigator.clipboard.writeText) { fail(); return; }
      navigator.clipboard.writeText(text.value).then(done, fail);
    });
  }

  function init() {
    var skill = document.getElementById("skill");
    if (!skill) return;
    wireViews(skill);
    skill.querySelectorAll(".cell").forEach(wireCopy);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
