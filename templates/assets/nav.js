// Navigation helpers: the theme toggle, the language switch that keeps the
// section being read and the skill view, the header's menu and contents,
// back to top, heading links that copy the section's URL as they navigate, "Copy
// page as Markdown", and the on-page contents that follow the scroll.
(function () {
  "use strict";

  function announce(el, text) {
    if (!el) return;
    el.textContent = "";
    window.setTimeout(function () { el.textContent = text; }, 50);
  }

  function copyText(text) {
    if (!navigator.clipboard || !navigator.clipboard.writeText) return Promise.reject(new Error("no clipboard"));
    return navigator.clipboard.writeText(text);
  }

  function theme() {
    var b = document.querySelector(".theme-toggle");
    if (!b) return;
    var root = document.documentElement, dark = window.matchMedia("(prefers-color-scheme: dark)");
    function isDark() { var t = root.getAttribute("data-theme"); return t ? t === "dark" : dark.matches; }
    function show() {
      var d = isDark();
      b.setAttribute("aria-pressed", d ? "true" : "false");
      b.title = d ? b.dataset.dark : b.dataset.light;
    }
    b.hidden = false;
    show();
    b.addEventListener("click", function () {
      var t = isDark() ? "light" : "dark";
      root.setAttribute("data-theme", t);
      try { localStorage.setItem("theme", t); } catch (e) { /* not remembered */ }
      show();
    });
    dark.addEventListener("change", show);
  }

  // sections are the headings the language switch can keep the reader at:
  // a twin has the same sections in the same order (gen check holds
  // translations to that), though a Markdown heading's id is in its own
  // language.
  function sections() {
    return Array.prototype.slice.call(document.querySelectorAll("main h2[id], main h3[id]"));
  }

  // readingAt is the section the reader is in: the last heading whose top
  // has passed below the sticky header.
  function readingAt() {
    var header = document.querySelector(".site-header");
    var line = (header ? header.getBoundingClientRect().bottom : 0) + 8, at = -1;
    sections().forEach(function (h, i) { if (h.getBoundingClientRect().top <= line) at = i; });
    return at;
  }

  var switchKey = "pairag-lang-switch";

  // langSwitch keeps the reader's place across the switch: a #target still
  // in view, else the section being read, and the skill page's ?view=.
  // The twin's section is found by its id when both languages share it
  // (generated anchors) and by its position otherwise (keepSection).
  function langSwitch() {
    var a = document.querySelector(".lang-switch a");
    if (!a) return;
    a.addEventListener("click", function () {
      var url = new URL(a.href, location.href);
      var view = new URLSearchParams(location.search).get("view");
      if (view) url.searchParams.set("view", view);
      var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
      var r = target && target.getBoundingClientRect();
      if (r && r.bottom > 0 && r.top < window.innerHeight) {
        url.hash = location.hash;
      } else {
        var at = readingAt(), h = sections()[at];
        url.hash = "";
        if (h) {
          try {
            sessionStorage.setItem(switchKey, JSON.stringify({ path: url.pathname, id: h.id, index: at }));
          } catch (e) { /* the twin opens at its top */ }
        }
      }
      a.href = url.href;
    });
  }

  // keepSection, on the twin, scrolls to the section the reader was in
  // before switching language.
  function keepSection() {
    var saved;
    try {
      saved = JSON.parse(sessionStorage.getItem(switchKey) || "null");
      sessionStorage.removeItem(switchKey);
    } catch (e) { return; }
    if (!saved || saved.path !== location.pathname || location.hash) return;
    var h = document.getElementById(saved.id) || sections()[saved.index];
    if (h) h.scrollIntoView({ block: "start" });
  }

  // drops closes the header's menu and contents when the reader picks a
  // link in them or presses Escape, and one when the other opens.
  function drops() {
    var all = Array.prototype.slice.call(document.querySelectorAll(".site-header details"));
    all.forEach(function (d) {
      d.addEventListener("toggle", function () {
        if (d.open) all.forEach(function (o) { if (o !== d) o.open = false; });
      });
      d.addEventListener("click", function (e) { if (e.target.closest("a")) d.open = false; });
      d.addEventListener("keydown", function (e) {
        if (e.key === "Escape" && d.open) { d.open = false; d.querySelector("summary").focus(); }
      });
    });
  }

  // toTop shows the back-to-top link once the reader is a screen down.
  function toTop() {
    var a = document.querySelector(".to-top");
    if (!a) return;
    var queued = false;
    function update() {
      queued = false;
      if (window.scrollY > window.innerHeight) a.setAttribute("data-shown", "");
      else a.removeAttribute("data-shown");
    }
    window.addEventListener("scroll", function () {
      if (!queued) { queued = true; window.requestAnimationFrame(update); }
    }, { passive: true });
    window.requestAnimationFrame(update);
  }

  // headingLinks makes the links headings carry to themselves (rendered
  // by the generator, so they navigate without JavaScript) copy the
  // section's URL too; the click still moves to the section.
  function headingLinks(main) {
    var status = main.querySelector(".page-meta .copy-status");
    main.addEventListener("click", function (e) {
      var a = e.target.closest && e.target.closest("a.anchor");
      if (!a || !a.closest("h2, h3, h4, h5, h6")) return;
      var url = location.href.split("#")[0] + a.getAttribute("href");
      copyText(url).then(function () { announce(status, main.dataset.linkCopied); }, function () { /* the link still navigates */ });
    });
  }

  function copyPage(main) {
    var b = main.querySelector(".copy-page"), status = main.querySelector(".page-meta .copy-status");
    if (!b || !window.fetch) return;
    b.hidden = false;
    b.addEventListener("click", function () {
      fetch(b.dataset.src).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.text();
      }).then(copyText).then(function () {
        announce(status, b.dataset.copied);
      }, function () {
        window.open(b.dataset.src, "_blank", "noopener");
        announce(status, b.dataset.failed);
      });
    });
  }

  // contents highlights the entry of the section being read: the last
  // heading whose top has passed a line near the top of the window.
  function contents() {
    var links = Array.prototype.slice.call(document.querySelectorAll(".toc-live a"));
    if (!links.length) return;
    var heads = links.map(function (a) { return document.getElementById(decodeURIComponent(a.hash.slice(1))); });
    var current = -1, queued = false;
    function update() {
      queued = false;
      var line = window.innerHeight * 0.25, i = -1;
      heads.forEach(function (h, j) { if (h && h.getBoundingClientRect().top <= line) i = j; });
      if (i === current) return;
      if (current >= 0) links[current].removeAttribute("aria-current");
      current = i;
      if (i >= 0) {
        links[i].setAttribute("aria-current", "location");
        var box = links[i].closest(".toc-side");
        if (box && box.scrollHeight > box.clientHeight) {
          var r = links[i].getBoundingClientRect(), b = box.getBoundingClientRect();
          if (r.top < b.top || r.bottom > b.bottom) box.scrollTop += r.top - b.top - b.height / 3;
        }
      }
    }
    window.addEventListener("scroll", function () {
      if (!queued) { queued = true; window.requestAnimationFrame(update); }
    }, { passive: true });
    window.addEventListener("resize", update);
    // The first look waits for the frame: read at once, the headings'
    // positions would force a layout of the whole page before it paints.
    window.requestAnimationFrame(update);
  }

  function init() {
    theme();
    langSwitch();
    keepSection();
    drops();
    toTop();
    var main = document.getElementById("main");
    if (main) {
      headingLinks(main);
      copyPage(main);
    }
    contents();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
