#!/usr/bin/env bash
# Figures for BENCHMARKS-serve.md, all from one run on one machine:
#   1. gen serve: edit-to-reload latency on the 1,000-page synthetic bilingual
#      site (BenchmarkEditToReload: median, p95, and the build alone);
#   2. Hugo on the same Markdown (cmd/synthsite writes both): its own
#      rebuild time, the "Total in N ms" of `hugo server`, after the same
#      edits, in its default fast-render mode and with --disableFastRender,
#      and the time from the write to that log line;
#   3. cold full builds of both, for scale;
#   4. the load test with more rebuilds (TestLoad: a second process with
#      concurrent readers while a page is rewritten again and again).
# Needs Debian's hugo (apt-get install -y hugo; check `go version` after).
#
# Usage: scripts/bench-serve.sh [EDITS=20] [REBUILDS=30]
# (REBUILDS: how many rebuilds the load test's readers read through)
set -euo pipefail
cd "$(dirname "$0")/.."
edits=${1:-20}
rebuilds=${2:-30}
tmp=$(mktemp -d)
hugo_pid=""
cleanup() {
  if [ -n "$hugo_pid" ]; then kill "$hugo_pid" 2>/dev/null || true; wait "$hugo_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "== machine"
echo "$(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
go version
hugo version
date -u +%Y-%m-%dT%H:%MZ

go run ./cmd/synthsite -pages 1000 -out "$tmp" >/dev/null
page=content/en/docs/p00001.md

echo
echo "== gen serve: edit to reload event, $edits edits"
go test ./generator/preview -run '^$' -bench 'EditToReload' -benchtime "${edits}x" -count 1 | grep -E '^Benchmark' | tee "$tmp/gen-bench"
# gen's median edit-to-reload on the default build directory (fsnotify, tmpfs when there is one)
gen_median=$(awk '$1 ~ /pages=1000\/fsnotify-/ {for (i = 1; i < NF; i++) if ($(i+1) == "median-ms") print $i}' "$tmp/gen-bench")

# stats prints the median and p95 of the numbers on standard input.
stats() { sort -n | awk '{v[NR]=$1} END {m=v[int((NR+1)/2)]; p=v[int(NR*0.95+0.999)]; printf "median %d ms, p95 %d ms (n=%d)\n", m, p, NR}'; }

# hugo_edits runs hugo server with the given flags, edits the page $edits
# times, and prints the "Total in" times and the write-to-log latencies.
hugo_edits() {
  local log="$tmp/hugo-$1.log"; shift
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  hugo server --source "$tmp/hugo" --bind 127.0.0.1 --port "$port" --disableLiveReload "$@" >"$log" 2>&1 &
  hugo_pid=$!
  until grep -qs "Press Ctrl+C" "$log"; do sleep 0.05; done # -s: the log may not exist yet
  : >"$tmp/totals"; : >"$tmp/lat"
  for i in $(seq 1 "$edits"); do
    local before
    before=$(grep -c "Total in" "$log" || true)
    printf '\nEdit %d.\n' "$i" >>"$tmp/hugo/$page"
    local t0
    t0=$(date +%s%N)
    until [ "$(grep -c "Total in" "$log" || true)" -gt "$before" ]; do sleep 0.002; done
    echo $(( ($(date +%s%N) - t0) / 1000000 )) >>"$tmp/lat"
    grep "Total in" "$log" | tail -1 | awk '{print $3}' >>"$tmp/totals"
    sleep 0.7 # let Hugo's watcher batch settle
  done
  kill "$hugo_pid"; wait "$hugo_pid" 2>/dev/null || true; hugo_pid=""
  echo "  rebuild (Total in):  $(stats <"$tmp/totals")"
  echo "  write to log line:   $(stats <"$tmp/lat")"
  hugo_median=$(sort -n "$tmp/lat" | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')
}

echo
echo "== hugo server, default (fast render), $edits edits"
hugo_edits fast
echo "== hugo server --disableFastRender, $edits edits"
hugo_edits full --disableFastRender
echo "== edit to reload, medians: gen serve ${gen_median} ms (write to reload event), hugo server --disableFastRender ${hugo_median} ms (write to rebuilt)"
awk -v g="$gen_median" -v h="$hugo_median" 'BEGIN {if (h > 0) printf "  gen / hugo = %.2f\n", g / h}'

echo
echo "== cold full builds (median of 5)"
for i in 1 2 3 4 5; do
  hugo --source "$tmp/hugo" --renderToMemory 2>/dev/null | awk '/Total in/ {print $3}'
done | stats | sed 's/^/  hugo --renderToMemory: /'
go build -o "$tmp/gen-bin" ./cmd/gen
for out in "$tmp/out" /dev/shm/gen-bench-out-$$; do
  for i in 1 2 3 4 5; do
    rm -rf "$out"
    t0=$(date +%s%N)
    # a build with content errors is timed too (set -e would end the loop
    # without a figure); the note says the figure is of a failing build
    "$tmp/gen-bin" build --validator=false --content "$tmp/gen" --out "$out" >/dev/null 2>&1 ||
      echo "  note: gen build reported errors on the synthetic site" >&2
    echo $(( ($(date +%s%N) - t0) / 1000000 ))
  done | stats | sed "s|^|  gen build --out ${out%/*}/... (whole process): |"
  rm -rf "$out"
done

echo
echo "== load test, $rebuilds rebuilds"
go test ./generator/preview -run '^TestLoad$' -count 1 -v -load.rebuilds "$rebuilds" -load.readers 32 | grep -E 'rebuilds while|^(--- |ok|FAIL)'
