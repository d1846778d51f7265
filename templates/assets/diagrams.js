// Draws the page's ```mermaid blocks. Loaded only on pages that have one;
// it imports the renderer (vendor/beautiful-mermaid.js, about 1.5 MB) when
// the first diagram comes near the screen, so a reader who never scrolls
// to it never downloads it. Each diagram becomes an SVG image (an image
// cannot run script or restyle the page, and the SVG's own styles are
// not the page's, which its CSP forbids inline); its source stays below,
// collapsed. A diagram the renderer cannot draw stays as its source.
(function () {
  "use strict";
  var bundle = "__BUNDLE__";
  var figures = [].slice.call(document.querySelectorAll("figure.diagram[data-diagram]"));
  if (!figures.length) return;
  var loading;

  function dark() {
    var t = document.documentElement.getAttribute("data-theme");
    if (t) return t === "dark";
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  }

  function draw(m, fig) {
    var code = fig.querySelector("code");
    var source = code ? code.textContent : "";
    var svg;
    try {
      svg = m.renderMermaidSVG(source, m.THEMES[dark() ? "github-dark" : "github-light"]);
    } catch (e) {
      fig.dataset.diagram = "failed";
      return;
    }
    // The SVG asks for a web font; an image loads nothing, so drop the request.
    svg = svg.replace(/@import url\([^)]*\);?/g, "");
    var img = fig.querySelector("img.diagram-image");
    if (!img) {
      img = document.createElement("img");
      img.className = "diagram-image";
      img.alt = fig.dataset.alt;
      fig.insertBefore(img, fig.firstChild);
      var details = document.createElement("details");
      var summary = document.createElement("summary");
      summary.textContent = fig.dataset.source;
      details.appendChild(summary);
      while (img.nextSibling) details.appendChild(img.nextSibling);
      fig.appendChild(details);
    }
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    fig.dataset.diagram = "drawn";
  }

  function drawAll() {
    loading = loading || import(bundle);
    loading.then(function (m) { figures.forEach(function (f) { draw(m, f); }); },
      function () { figures.forEach(function (f) { f.dataset.diagram = "failed"; }); });
  }

  if ("IntersectionObserver" in window) {
    var seen = new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; })) { seen.disconnect(); drawAll(); }
    }, { rootMargin: "800px 0px" });
    figures.forEach(function (f) { seen.observe(f); });
  } else {
    drawAll();
  }
  // Redraw in the other colours when the theme changes.
  new MutationObserver(function () { if (loading) drawAll(); }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  if (window.matchMedia) {
    var mq = window.matchMedia("(prefers-color-scheme: dark)");
    if (mq.addEventListener) mq.addEventListener("change", function () { if (loading) drawAll(); });
  }
})();
