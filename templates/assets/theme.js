// Applies the colour theme the reader chose (light or dark) before the page
// paints; without a choice the system's preference applies. Loaded
// blocking in <head>, so it stays this small.
(function () {
  // Controls that only work with a script reserve their place from the start
  // (site.css shows them under .js), so the header does not shift on load.
  document.documentElement.classList.add("js");
  try {
    var t = localStorage.getItem("theme");
    if (t === "light" || t === "dark") document.documentElement.setAttribute("data-theme", t);
  } catch (e) { /* storage unavailable: follow the system */ }
})();
