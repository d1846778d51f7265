// validator-start.js: the validator page's first script. An async module
// runs as soon as it and the API module have arrived, without waiting for
// the page's stylesheets and deferred scripts (on a phone's CPU those take
// most of a second), and starts the engine: the download of the module
// (preloaded with the page), its compilation and the worker. validator.js,
// whenever it runs, takes them over through createValidator.
const root = document.getElementById("validator");
if (root) import(root.dataset.api).then((api) => api.preload(), () => {});
