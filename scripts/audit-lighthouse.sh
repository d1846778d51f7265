#!/bin/sh
# Lighthouse (mobile preset, the default) on every page of the built site in
# both languages, RUNS times each (default 3), reporting the median of each
# category. Not part of CI: it needs node and Lighthouse, installed outside
# the repository (npm install lighthouse@12 in a scratch directory, LH_DIR).
#
#   go run ./cmd/gen build --out /tmp/site
#   LH_DIR=/tmp/lh SITE=/tmp/site scripts/audit-lighthouse.sh
#   LH_DIR=/tmp/lh SITE=/tmp/site PAGES="/validator/ /zh-CN/validator/" scripts/audit-lighthouse.sh
#
# To compare builds (main against a branch, say), give SITES instead of
# SITE: name=dir pairs, separated by spaces. Each page's runs then
# alternate between the sites (run 1 of every site, then run 2, ...), so a
# change in the machine's load falls on all of them alike:
#
#   LH_DIR=/tmp/lh SITES="main=/tmp/site-main branch=/tmp/site" scripts/audit-lighthouse.sh
#
# The sites are served by cmd/audit-serve: the headers of netlify.toml and
# brotli, as in production. A site that is a checkout's public/ folder
# gets its checkout's netlify.toml, whose CSP holds that build's hashes;
# any other folder gets this checkout's. The machine's load is printed first and last:
# Lighthouse simulates a phone's CPU from this one, so a busy machine lowers
# Performance. Prints one line per page and site: the medians of
# performance, accessibility, best practices and SEO, each run's
# performance, the medians of total blocking time and largest contentful
# paint, and the largest CLS seen. The page list comes from the first
# site. REPORTS, when set, keeps every run's JSON there. Every file is
# requested once before the first run (the server compresses on first
# request), so run 1 is measured as the others are.
set -eu
: "${LH_DIR:?set LH_DIR to the directory holding node_modules/lighthouse}"
if [ -z "${SITES:-}" ]; then
  : "${SITE:?set SITE to a built site, or SITES to name=dir pairs}"
  SITES="site=$SITE"
fi
RUNS=${RUNS:-3}
PORT=${PORT:-8719}
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
go build -o "$bin/audit-serve" ./cmd/audit-serve
reports=${REPORTS:-$bin/reports}
mkdir -p "$reports"
servers=""
trap 'for s in $servers; do kill "$s"; done; rm -rf "$bin"' EXIT
port=$PORT
first=""
for pair in $SITES; do
  name=${pair%%=*}
  dir=${pair#*=}
  [ -d "$dir" ] || { echo "$name: no directory $dir" >&2; exit 2; }
  [ -n "$first" ] || first=$dir
  "$bin/audit-serve" -dir "$dir" -addr "127.0.0.1:$port" &
  servers="$servers $!"
  until curl -fs -o /dev/null "http://127.0.0.1:$port/"; do :; done
  echo "$name" > "$bin/port.$port"
  port=$((port + 1))
done
# Warm-up: audit-serve compresses each file on its first request, so a
# page's first measured run would pay for brotli -q 11 on the server and
# the later runs not. Every file of every site is asked for once, as a
# browser asks (pages by their directory URL), before any run.
port=$PORT
for pair in $SITES; do
  dir=${pair#*=}
  (cd "$dir" && find . -type f | sed 's|^\.||; s|/index\.html$|/|') | while read -r path; do
    curl -fs -o /dev/null -H 'Accept-Encoding: br, gzip' "http://127.0.0.1:$port$path" || echo "warm-up: $path: no answer" >&2
  done
  port=$((port + 1))
done
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
echo "load before: $(uptime | sed 's/.*load average: //')"
pages=${PAGES:-$(find "$first" -name index.html | sed "s|^$first||; s|index.html\$||" | sort)}
for page in $pages; do
  file=$(echo "$page" | tr / _)
  i=1
  while [ "$i" -le "$RUNS" ]; do
    port=$PORT
    for pair in $SITES; do
      name=${pair%%=*}
      "$LH_DIR/node_modules/.bin/lighthouse" "http://127.0.0.1:$port$page" --quiet \
        --chrome-flags="--headless --no-sandbox --disable-gpu --disable-dev-shm-usage" \
        --only-categories=performance,accessibility,best-practices,seo --output=json \
        --output-path="$reports/$name$file.$i.json" >/dev/null 2>&1 || echo "$page ($name): run $i failed"
      port=$((port + 1))
    done
    i=$((i + 1))
  done
  for pair in $SITES; do
    name=${pair%%=*}
    python3 - "$page" "$name" "$reports/$name$file".*.json <<'PY'
import json, statistics, sys
page, name, files = sys.argv[1], sys.argv[2], sys.argv[3:]
runs = []
for f in files:
    try:
        runs.append(json.load(open(f)))
    except Exception:
        pass
if not runs:
    print("%-36s %-8s no run" % (page, name)); sys.exit()
def med(k):
    return round(statistics.median(r["categories"][k]["score"] * 100 for r in runs))
def ms(k):
    return round(statistics.median(r["audits"][k]["numericValue"] for r in runs))
perf = [round(r["categories"]["performance"]["score"] * 100) for r in runs]
cls = max(r["audits"]["cumulative-layout-shift"]["numericValue"] for r in runs)
print("%-36s %-8s perf %3d  a11y %3d  bp %3d  seo %3d  (runs %s; TBT %d ms, LCP %d ms, CLS max %.3f)" % (
    page, name, med("performance"), med("accessibility"), med("best-practices"), med("seo"),
    "/".join(map(str, perf)), ms("total-blocking-time"), ms("largest-contentful-paint"), cls))
PY
  done
done
echo "load after: $(uptime | sed 's/.*load average: //')"
