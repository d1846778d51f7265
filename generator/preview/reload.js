// Live reload for gen serve (never part of gen build output). Reloads the
// page when a rebuild has finished, keeping the scroll position, and shows
// build errors in an overlay. Works under the site's CSP: no inline script
// or style, DOM built with textContent only.
(function () {
  "use strict";
  var me = document.currentScript;
  var site = (me && me.dataset.site) || "";
  var key = "gen-scroll:" + location.pathname;

  // wanted is the position to come back to while this page has not shown
  // it: a build in between may render the page shorter (a file saved in
  // two steps, an error), and its clamped position must not replace the
  // writer's. The browser's own restoring is off (it would put back where
  // such a page was clamped); after load the position is held for a few
  // frames while late layout (tables laid out as they come into view)
  // settles. It is dropped once the page shows it, or when the writer
  // scrolls by hand.
  if ("scrollRestoration" in history) { history.scrollRestoration = "manual"; }
  var wanted = null;
  var saved = sessionStorage.getItem(key);
  if (saved !== null) {
    sessionStorage.removeItem(key);
    wanted = parseInt(saved, 10) || 0;
    window.scrollTo(0, wanted);
    var hold = function () {
      var steady = 0, frames = 0;
      var step = function () {
        if (wanted === null) { return; }
        var max = document.documentElement.scrollHeight - window.innerHeight;
        if (Math.abs(window.scrollY - wanted) < 2) {
          steady++;
        } else if (max >= wanted) {
          window.scrollTo(0, wanted);
          steady = 0;
        } else {
          return; // too short to show it: keep it for the next reload
        }
        frames++;
        if (steady >= 10 || frames >= 120) {
          if (Math.abs(window.scrollY - wanted) < 2) { wanted = null; }
          return;
        }
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    };
    if (document.readyState === "complete") { hold(); } else { window.addEventListener("load", hold); }
    ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (type) {
      window.addEventListener(type, function () { wanted = null; }, { passive: true });
    });
  }

  function reload() {
    var y = wanted !== null ? wanted : Math.round(window.scrollY);
    sessionStorage.setItem(key, String(y));
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
