// Keeps the reader's section when switching protocol versions: a link
// marked data-keep-hash (the version switcher, the banner of an older
// version) carries the current #fragment. Without JavaScript the links
// open the top of the other version's page.
document.addEventListener("click", (e) => {
  const a = e.target instanceof Element ? e.target.closest("a[data-keep-hash]") : null;
  if (a && location.hash) {
    a.hash = location.hash;
  }
});
