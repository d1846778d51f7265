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

  // The overlay is attached only once its stylesheet has loaded, so it
  // never shows unstyled; a stylesheet that fails to load still lets it show.
  var style = "none", pending = null;
  function styled(fn) {
    if (style === "ready") { fn(); return; }
    pending = fn;
    if (style === "loading") { return; }
    style = "loading";
    var link = document.createElement("link");
    link.id = "gen-overlay-css";
    link.rel = "stylesheet";
    link.href = "/__gen/overlay.css";
    var done = function () {
      style = "ready";
      var f = pending;
      pending = null;
      if (f) { f(); }
    };
    link.addEventListener("load", done);
    link.addEventListener("error", done);
    document.head.appendChild(link);
  }

  function show(st) {
    var old = document.getElementById("gen-overlay");
    if (old) { old.remove(); }
    pending = null;
    var errors = st.errors || [], restart = st.restart || [];
    if (errors.length === 0 && restart.length === 0) { return; }
    var box = el("div");
    box.id = "gen-overlay";
    box.setAttribute("role", "alert");
    var close = el("button", "gen-close", "\u00d7");
    close.type = "button";
    close.title = "Hide until the next build";
    close.addEventListener("click", function () { box.remove(); });
    box.appendChild(close);
    if (errors.length > 0) {
      var served = st.partial
        ? "Showing every page that could be built; gen build would refuse to publish."
        : (st.site ? "Still showing the last good site." : "Nothing could be built yet.");
      box.appendChild(el("h2", "", "Build failed: " + errors.length + " error(s). " + served));
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
    styled(function () {
      var again = document.getElementById("gen-overlay");
      if (again) { again.remove(); }
      document.body.appendChild(box);
    });
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
