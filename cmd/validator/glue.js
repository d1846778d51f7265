// The JavaScript half of the validator module's interface (cmd/validator),
// published after Go's wasm_exec.js in the same file (generator/wasm). The
// module exports its functions (go:wasmexport); when go.run(instance)
// starts a module that has them, this defines on the global object what
// the module's callers use:
//
//   pairagConfigure(settings)        -> JSON text ({"ok":true} or {"error":...})
//   pairagValidate(text, tier, lang) -> JSON text of the result
//   pairagApplyFixes(text, tier, lang)
//   pairagReady = true
//
// An argument is a string, undefined (or missing), or any other value,
// which is sent as its JSON text, as the module read arguments when it
// registered them with syscall/js. Strings go to the module as UTF-8
// (lone surrogates as U+FFFD, as TextEncoder writes them).
(() => {
  "use strict";
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // kind and text of an argument: 0 undefined, 1 a string, 2 JSON text.
  function arg(v) {
    if (v === undefined) return [0, ""];
    if (typeof v === "string") return [1, v];
    const s = JSON.stringify(v);
    return [2, typeof s === "string" ? s : ""];
  }

  // send writes the texts one after another into a buffer the module
  // allocates (at most 3 bytes per UTF-16 code unit) and returns their
  // lengths in bytes.
  function send(x, texts) {
    let size = 0;
    for (const s of texts) size += 3 * s.length;
    const at = x.input(size);
    const mem = new Uint8Array(x.mem.buffer, at, size);
    let n = 0;
    return texts.map((s) => {
      const { written } = encoder.encodeInto(s, mem.subarray(n));
      n += written;
      return written;
    });
  }

  // answer decodes the answer of n bytes the last call left in memory.
  function answer(x, n) {
    return decoder.decode(new Uint8Array(x.mem.buffer, x.output(), n));
  }

  function expose(x) {
    const judge = (fn) => (text, tier, lang) => {
      const t = arg(tier), l = arg(lang);
      const [a, b, c] = send(x, [arg(text)[1], t[1], l[1]]);
      return answer(x, fn(a, b, c, t[0] | (l[0] << 2)));
    };
    globalThis.pairagConfigure = (settings) => answer(x, x.configure(send(x, [arg(settings)[1]])[0]));
    globalThis.pairagValidate = judge(x.validate);
    globalThis.pairagApplyFixes = judge(x.applyFixes);
    globalThis.pairagReady = true;
  }

  const run = Go.prototype.run;
  Go.prototype.run = function (instance) {
    const done = run.call(this, instance);
    const x = instance.exports;
    if (typeof x.validate === "function" && typeof x.input === "function") expose(x);
    return done;
  };
})();
