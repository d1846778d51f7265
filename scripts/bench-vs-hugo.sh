#!/usr/bin/env bash
# Build the same synthetic bilingual site with `gen build` and with Hugo,
# side by side in one run, and report median wall time, median peak RSS,
# median CPU time (user + system) and the gen/Hugo ratios (see
# BENCHMARKS.md). The machine's load average is printed with each ratio.
#
#   scripts/bench-vs-hugo.sh [PAGES...]        default: 1000 5000
#
# Environment: SHAPES (which synthetic sites, default "short long": the
# short pages with a Go block of synth.Pages and the long prose pages of
# synth.LongPages, cmd/synthsite -long), GEN_CACHE (off for cold
# builds), GEN (a gen binary to measure instead of one built from this
# tree, e.g. an older commit's for a before/after), RUNS (timed runs per
# tool, shape and size, default 5), WORK (where
# the sites are generated, default /tmp/pairag-bench), DEST (where both
# tools write their output, default $WORK/out; use /dev/shm/... to leave
# the disk out of the measurement).
#
# Needs hugo (apt-get install -y hugo; on a development machine only, not
# in CI) and GNU time at /usr/bin/time. Both tools highlight code with
# chroma using CSS classes. Each run starts from an empty output directory;
# one untimed warm-up run per tool fills the page cache first.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-5}
work=${WORK:-/tmp/pairag-bench}
dest=${DEST:-$work/out}
sizes=${*:-1000 5000}
shapes=${SHAPES:-short long}

command -v hugo >/dev/null || { echo "hugo not found: apt-get install -y hugo" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "GNU time not found at /usr/bin/time" >&2; exit 2; }

mkdir -p "$work" "$dest"
if [ -n "${GEN:-}" ]; then cp "$GEN" "$work/gen"; else (cd "$root" && go build -o "$work/gen" ./cmd/gen); fi

# measure OUT CMD...: run CMD into the empty directory OUT under
# /usr/bin/time -v and print "seconds kilobytes cpu-seconds" (wall time, peak
# RSS, user plus system time).
measure() {
	local out=$1; shift
	rm -rf "$out"
	sync
	/usr/bin/time -v -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt" || { cat "$work/stderr.txt" >&2; exit 1; }
	awk -F': ' '
		/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i] }
		/Maximum resident set size/ { kb = $2 }
		/User time \(seconds\)|System time \(seconds\)/ { cpu += $2 }
		END { printf "%.3f %d %.2f\n", s, kb, cpu }' "$work/time.txt"
}

# bench SHAPE N: generate the site, one untimed warm-up per tool, then RUNS
# timed runs alternating gen and Hugo; print the medians and ratios.
bench() {
	local shape=$1 n=$2 flag=
	local site=$work/site-$shape-$n
	[ "$shape" = long ] && flag=-long
	rm -rf "$site"
	(cd "$root" && go run ./cmd/synthsite $flag -pages "$n" -out "$site" -repo "$root")
	# The synthetic repo has no Go module, hence --validator=false. GEN_CACHE=off
	# measures cold builds: without the highlighted code kept by the warm-up run.
	local gen=("$work/gen" build --validator=false --cache "${GEN_CACHE:-}" --content "$site/gen" --out "$dest/gen-$shape-$n")
	local hugo=(hugo --quiet --source "$site/hugo" --destination "$dest/hugo-$shape-$n")
	measure "$dest/gen-$shape-$n" "${gen[@]}" >/dev/null
	measure "$dest/hugo-$shape-$n" "${hugo[@]}" >/dev/null
	local g=$work/gen-$shape-$n.txt h=$work/hugo-$shape-$n.txt
	: >"$g"
	: >"$h"
	for _ in $(seq "$runs"); do
		measure "$dest/gen-$shape-$n" "${gen[@]}" >>"$g"
		measure "$dest/hugo-$shape-$n" "${hugo[@]}" >>"$h"
	done
	local gt gm gc ht hm hc
	gt=$(cut -d' ' -f1 "$g" | median)
	gm=$(cut -d' ' -f2 "$g" | median)
	gc=$(cut -d' ' -f3 "$g" | median)
	ht=$(cut -d' ' -f1 "$h" | median)
	hm=$(cut -d' ' -f2 "$h" | median)
	hc=$(cut -d' ' -f3 "$h" | median)
	awk -v s="$shape" -v n="$n" -v gt="$gt" -v gm="$gm" -v gc="$gc" -v ht="$ht" -v hm="$hm" -v hc="$hc" -v load="$(cut -d' ' -f1-3 /proc/loadavg)" 'BEGIN {
		printf "%-6s %-6s %-5s %10.3f %12.1f %8.2f\n", s, n, "gen", gt, gm / 1024, gc
		printf "%-6s %-6s %-5s %10.3f %12.1f %8.2f\n", s, n, "hugo", ht, hm / 1024, hc
		printf "%-6s %-6s %-5s %10.2f %12.2f %8.2f   (targets: time <= 0.33, memory <= 0.25; load %s)\n", s, n, "ratio", gt / ht, gm / hm, gc / hc, load
	}'
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "machine: $(nproc) cores, $(awk '/model name/ { $1 = $2 = $3 = ""; print; exit }' /proc/cpuinfo | sed 's/^ *//')"
echo "$(go version); $(hugo version | cut -d' ' -f1-2); runs=$runs; output in $dest ($(df --output=fstype "$dest" | tail -1))"
printf '\n%-6s %-6s %-5s %10s %12s %8s\n' shape pages tool "wall (s)" "peak RSS (MiB)" "CPU (s)"

for n in $sizes; do
	for shape in $shapes; do
		bench "$shape" "$n"
	done
done
