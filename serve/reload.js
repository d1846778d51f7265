// Live reload for gen serve (never part of gen build output). Reloads the
// page when a rebuild has finished, keeping the scroll position, and shows
// build errors in an overlay. Works under the site's CSP: no inline script
// or style, DOM built with textContent only.
(function () {
  "use strict";
  var me = document.currentScript;
  var site = (me && me.dataset.site) || "";
  var key = "gen-scroll:" + location.pathname;

  var saved = sessionStorage.getItem(key);
  if (saved !== null) {
    sessionStorage.removeItem(key);
    var y = parseInt(saved, 10) || 0;
    window.scrollTo(0, y);
    window.addEventListener("load", function () { window.scrollTo(0, y); });
  }

  function reload() {
    sessionStorage.setItem(key, String(Math.round(window.scrollY)));
    location.reload();
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  function stylesheet() {
    if (document.getElementById("gen-overlay-css")) { return; }
    var link = document.createElement("link");
    link.id = "gen-overlay-css";
    link.rel = "stylesheet";
    link.href = "/__gen/overlay.css";
    document.head.appendChild(link);
  }

  function show(st) {
    var old = document.getElementById("gen-overlay");
    if (old) { old.remove(); }
    var errors = st.errors || [], restart = st.restart || [];
    if (errors.length === 0 && restart.length === 0) { return; }
    stylesheet();
    var box = el("div");
    box.id = "gen-overlay";
    box.setAttribute("role", "alert");
    var close = el("button", "gen-close", "\u00d7");
    close.type = "button";
    close.title = "Hide until the next build";
    close.addEventListener("click", function () { box.remove(); });
    box.appendChild(close);
    if (errors.length > 0) {
      box.appendChild(el("h2", "", "Build failed: " + errors.length + " error(s). Still showing the last good site."));
      var list = el("ul");
      errors.forEach(function (e) {
        var li = el("li");
        var where = e.file ? e.file + (e.line > 0 ? ":" + e.line : "") : "";
        if (where) { li.appendChild(el("span", "gen-file", where)); li.appendChild(document.createTextNode(": ")); }
        li.appendChild(el("span", "gen-msg", e.msg));
        list.appendChild(li);
      });
      box.appendChild(list);
    }
    if (restart.length > 0) {
      box.appendChild(el("p", "gen-restart", "Restart gen serve to pick up code changes: " + restart.join(", ")));
    }
    document.body.appendChild(box);
  }

  function status() {
    fetch("/__gen/status", { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(show)
      .catch(function () {});
  }

  var events = new EventSource("/__gen/events");
  events.addEventListener("hello", function (e) {
    var d = JSON.parse(e.data);
    if (d.site !== site) { reload(); return; }
    status();
  });
  events.addEventListener("reload", reload);
  events.addEventListener("status", status);
})();
