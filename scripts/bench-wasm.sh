#!/usr/bin/env bash
# Measures the validator's WebAssembly module: size (raw, gzip -9, brotli -q 11)
# and time per validation under node versus native Go and versus Ajv 8
# (JSON.parse + validate against the published schema, strict draft 2020-12,
# in the same node process), in one run. Needs the Ajv judge (npm ci
# --prefix protocol/judge/ajv); brotli -q 11 is the brotli command's, or
# node's zlib at quality 11 when the command is missing. Times are CPU
# time (process.cpuUsage) and node runs with --no-liftoff, so the module is
# timed in its optimized tier: on a loaded machine V8's background tier-up
# lags and wall-clock medians of the same module varied fourfold.
#
# BASE=REV (a commit, e.g. main) also builds that revision's module in a
# temporary worktree and times it in the same node process, the two
# modules and Ajv taking turns over five rounds, so a change is measured
# against its base under the same load: the medians of the rounds and the
# ratio new ÷ base are printed with the sizes of both.
# Usage: [BASE=REV] scripts/bench-wasm.sh [runs]   (default 200 validations per payload)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-200}
tmp=$(mktemp -d)
cleanup() {
  if [ -n "${BASE:-}" ]; then git worktree remove --force "$tmp/base" >/dev/null 2>&1 || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
# Each module is built as generator/wasm builds it: its GOEXPERIMENT is that
# revision's wasm.Experiments (none before 2026-12-02) and its -gcflags that
# revision's wasm.GCFlags (none before 2026-12-02 08:30).
build() {
  local exp gcf
  exp=$(sed -n 's/^const Experiments = "\(.*\)"$/\1/p' "$1/generator/wasm/wasm.go")
  gcf=$(sed -n 's/^const GCFlags = "\(.*\)"$/\1/p' "$1/generator/wasm/wasm.go")
  (cd "$1" && GOEXPERIMENT=$exp GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -gcflags="$gcf" -o "$2" ./cmd/validator)
}
brotli_size() {
  if command -v brotli >/dev/null; then
    brotli -q 11 -c "$1" | wc -c
  else
    node -e 'const z=require("zlib");console.log(z.brotliCompressSync(require("fs").readFileSync(process.argv[1]),{params:{[z.constants.BROTLI_PARAM_QUALITY]:11,[z.constants.BROTLI_PARAM_LGWIN]:24}}).length)' "$1"
  fi
}
size() {
  local raw gz br
  raw=$(stat -c %s "$2")
  gz=$(gzip -9 -c "$2" | wc -c)
  br=$(brotli_size "$2")
  echo "size ($1): raw $raw B ($((raw/1024)) KiB), gzip $gz B ($((gz/1024)) KiB), brotli $br B ($((br/1024)) KiB)"
}
build . "$tmp/validator.wasm"
size new "$tmp/validator.wasm"
modules=("$tmp/validator.wasm")
if [ -n "${BASE:-}" ]; then
  git worktree add -q --detach "$tmp/base" "$BASE"
  build "$tmp/base" "$tmp/base.wasm"
  size "base $(git rev-parse --short "$BASE")" "$tmp/base.wasm"
  modules+=("$tmp/base.wasm")
fi

go run ./cmd/schema > "$tmp/schema.json"
cat > "$tmp/bench.js" <<'JS'
globalThis.require = require; globalThis.fs = require("fs");
globalThis.TextEncoder = require("util").TextEncoder; globalThis.TextDecoder = require("util").TextDecoder;
globalThis.crypto ??= require("crypto");
require(process.argv[2]);
require(process.env.GLUE); // the module's exports as pairagValidate (cmd/validator/glue.js)
const [, , , modules, runs, ...files] = process.argv;
const Ajv2020 = require(process.env.AJV_DIR + "/node_modules/ajv/dist/2020.js").default;
const ajv = new Ajv2020({ strict: true, allErrors: true });
const ajvValidate = ajv.compile(JSON.parse(fs.readFileSync(process.env.SCHEMA, "utf8")));
// median returns the median CPU time of fn in µs over runs calls, after a warm-up.
function median(fn) {
  for (let i = 0; i < 20; i++) fn();
  const times = [];
  for (let i = 0; i < Number(runs); i++) {
    const t0 = process.cpuUsage();
    fn();
    const t = process.cpuUsage(t0);
    times.push(t.user + t.system);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}
const mid = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
// Each module's pairagValidate is on the global object once it runs (set
// by the module itself through syscall/js before 2026-12-02, by the glue
// since); the function of each is kept before the next one starts, so
// both run side by side.
(async () => {
  const validate = [];
  for (const wasm of modules.split(",")) {
    const go = new Go();
    const r = await WebAssembly.instantiate(fs.readFileSync(wasm), go.importObject);
    go.run(r.instance);
    validate.push(globalThis.pairagValidate);
  }
  const rounds = validate.length > 1 ? 5 : 1;
  for (const spec of files) {
    const [file, tier] = spec.split(":");
    const text = fs.readFileSync(file, "utf8");
    const times = validate.map(() => []), ajvTimes = [];
    for (let r = 0; r < rounds; r++) {
      validate.forEach((v, i) => times[i].push(median(() => JSON.parse(v(text, tier, "en")))));
      ajvTimes.push(median(() => ajvValidate(JSON.parse(text))));
    }
    console.log(`${file.split("/").pop()} ${times.map((t) => mid(t).toFixed(1)).join(" ")} ${mid(ajvTimes).toFixed(1)}`);
  }
  process.exit(0);
})();
JS
python3 -c "import json;d=json.load(open('protocol/pairag-task-publish-v18.json'));print(json.dumps(d['example']['payload'],indent=2))" > "$tmp/example.json"
modlist=$(IFS=,; echo "${modules[*]}")
GLUE="$PWD/cmd/validator/glue.js" AJV_DIR="$PWD/protocol/judge/ajv" SCHEMA="$tmp/schema.json" node --no-liftoff "$tmp/bench.js" "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$modlist" "$runs" \
  "$tmp/example.json:pro" "protocol/testdata/payloads/twenty-stages.json:ultra" > "$tmp/wasm.txt"
go test ./protocol -run XXX -bench 'ValidateExample|Validate20Stages' -benchtime 2s -count 5 > "$tmp/native.txt"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
report() { # name payload-file native-benchmark
  local native wasm ajv base
  native=$(grep "$3" "$tmp/native.txt" | awk '{print $3/1000}' | median)
  wasm=$(grep "$2" "$tmp/wasm.txt" | awk '{print $2}')
  ajv=$(grep "$2" "$tmp/wasm.txt" | awk '{print $NF}')
  printf '%s native %s µs, wasm/node %s µs (%.1fx native), Ajv %s µs (wasm %.1fx Ajv)\n' "$1" "$native" "$wasm" "$(echo "$wasm / $native" | bc -l)" "$ajv" "$(echo "$wasm / $ajv" | bc -l)"
  if [ -n "${BASE:-}" ]; then
    base=$(grep "$2" "$tmp/wasm.txt" | awk '{print $3}')
    printf '%s base module %s µs (%.1fx Ajv); new ÷ base %.2f\n' "$1" "$base" "$(echo "$base / $ajv" | bc -l)" "$(echo "$wasm / $base" | bc -l)"
  fi
}
report 'example payload (pro):   ' example.json ValidateExample
report '20-stage payload (ultra):' twenty-stages Validate20Stages
