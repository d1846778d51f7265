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
# Usage: scripts/bench-wasm.sh [runs]   (default 200 validations per payload)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o "$tmp/validator.wasm" ./cmd/validator
raw=$(stat -c %s "$tmp/validator.wasm")
gz=$(gzip -9 -c "$tmp/validator.wasm" | wc -c)
if command -v brotli >/dev/null; then
  br=$(brotli -q 11 -c "$tmp/validator.wasm" | wc -c)
else
  br=$(node -e 'const z=require("zlib");console.log(z.brotliCompressSync(require("fs").readFileSync(process.argv[1]),{params:{[z.constants.BROTLI_PARAM_QUALITY]:11,[z.constants.BROTLI_PARAM_LGWIN]:24}}).length)' "$tmp/validator.wasm")
fi
echo "size: raw $raw B ($((raw/1024)) KiB), gzip $gz B ($((gz/1024)) KiB), brotli $br B ($((br/1024)) KiB)"

go run ./cmd/schema > "$tmp/schema.json"
cat > "$tmp/bench.js" <<'JS'
globalThis.require = require; globalThis.fs = require("fs");
globalThis.TextEncoder = require("util").TextEncoder; globalThis.TextDecoder = require("util").TextDecoder;
globalThis.crypto ??= require("crypto");
require(process.argv[2]);
const go = new Go();
const [, , , wasm, runs, ...files] = process.argv;
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
WebAssembly.instantiate(fs.readFileSync(wasm), go.importObject).then((r) => {
  go.run(r.instance);
  for (const spec of files) {
    const [file, tier] = spec.split(":");
    const text = fs.readFileSync(file, "utf8");
    const w = median(() => JSON.parse(pairagValidate(text, tier, "en")));
    const a = median(() => ajvValidate(JSON.parse(text)));
    console.log(`${file.split("/").pop()} ${w.toFixed(1)} ${a.toFixed(1)}`);
  }
  process.exit(0);
});
JS
python3 -c "import json;d=json.load(open('protocol/pairag-task-publish-v18.json'));print(json.dumps(d['example']['payload'],indent=2))" > "$tmp/example.json"
AJV_DIR="$PWD/protocol/judge/ajv" SCHEMA="$tmp/schema.json" node --no-liftoff "$tmp/bench.js" "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$tmp/validator.wasm" "$runs" \
  "$tmp/example.json:pro" "protocol/testdata/payloads/twenty-stages.json:ultra" > "$tmp/wasm.txt"
go test ./protocol -run XXX -bench 'ValidateExample|Validate20Stages' -benchtime 2s -count 5 > "$tmp/native.txt"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ex_native=$(grep ValidateExample "$tmp/native.txt" | awk '{print $3/1000}' | median)
tw_native=$(grep Validate20Stages "$tmp/native.txt" | awk '{print $3/1000}' | median)
ex_wasm=$(grep example.json "$tmp/wasm.txt" | awk '{print $2}')
tw_wasm=$(grep twenty-stages "$tmp/wasm.txt" | awk '{print $2}')
ex_ajv=$(grep example.json "$tmp/wasm.txt" | awk '{print $3}')
tw_ajv=$(grep twenty-stages "$tmp/wasm.txt" | awk '{print $3}')
printf 'example payload (pro):    native %s µs, wasm/node %s µs (%.1fx native), Ajv %s µs (wasm %.1fx Ajv)\n' "$ex_native" "$ex_wasm" "$(echo "$ex_wasm / $ex_native" | bc -l)" "$ex_ajv" "$(echo "$ex_wasm / $ex_ajv" | bc -l)"
printf '20-stage payload (ultra): native %s µs, wasm/node %s µs (%.1fx native), Ajv %s µs (wasm %.1fx Ajv)\n' "$tw_native" "$tw_wasm" "$(echo "$tw_wasm / $tw_native" | bc -l)" "$tw_ajv" "$(echo "$tw_wasm / $tw_ajv" | bc -l)"
