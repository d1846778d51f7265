// Navigation helpers: the theme toggle, the language switch that keeps the
// #section, heading links that copy the section's URL as they navigate, "Copy
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

  function langSwitch() {
    var a = document.querySelector(".lang-switch a");
    if (!a) return;
    a.addEventListener("click", function () {
      if (location.hash && a.href.indexOf("#") < 0) a.href += location.hash;
    });
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
