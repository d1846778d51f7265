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
# The site is served by cmd/audit-serve: the headers of netlify.toml and
# brotli, as in production. The machine's load is printed first and last:
# Lighthouse simulates a phone's CPU from this one, so a busy machine lowers
# Performance. Prints one line per page: the medians of performance,
# accessibility, best practices and SEO, each run's performance, and the
# largest CLS seen. REPORTS, when set, keeps every run's JSON there.
set -eu
: "${LH_DIR:?set LH_DIR to the directory holding node_modules/lighthouse}"
: "${SITE:?set SITE to a built site}"
RUNS=${RUNS:-3}
PORT=${PORT:-8719}
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
go build -o "$bin/audit-serve" ./cmd/audit-serve
"$bin/audit-serve" -dir "$SITE" -addr "127.0.0.1:$PORT" &
server=$!
reports=${REPORTS:-$bin/reports}
mkdir -p "$reports"
trap 'kill $server; rm -rf "$bin"' EXIT
until curl -fs -o /dev/null "http://127.0.0.1:$PORT/"; do :; done
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
echo "load before: $(uptime | sed 's/.*load average: //')"
pages=${PAGES:-$(find "$SITE" -name index.html | sed "s|^$SITE||; s|index.html\$||" | sort)}
for page in $pages; do
  name=$(echo "$page" | tr / _)
  i=1
  while [ "$i" -le "$RUNS" ]; do
    "$LH_DIR/node_modules/.bin/lighthouse" "http://127.0.0.1:$PORT$page" --quiet \
      --chrome-flags="--headless --no-sandbox --disable-gpu --disable-dev-shm-usage" \
      --only-categories=performance,accessibility,best-practices,seo --output=json \
      --output-path="$reports/$name.$i.json" >/dev/null 2>&1 || echo "$page: run $i failed"
    i=$((i + 1))
  done
  python3 - "$page" "$reports/$name".*.json <<'PY'
import json, statistics, sys
page, files = sys.argv[1], sys.argv[2:]
runs = []
for f in files:
    try:
        runs.append(json.load(open(f)))
    except Exception:
        pass
if not runs:
    print("%-40s no run" % page); sys.exit()
def med(k):
    return round(statistics.median(r["categories"][k]["score"] * 100 for r in runs))
perf = [round(r["categories"]["performance"]["score"] * 100) for r in runs]
cls = max(r["audits"]["cumulative-layout-shift"]["numericValue"] for r in runs)
print("%-40s perf %3d  a11y %3d  bp %3d  seo %3d  (perf runs %s, CLS max %.3f)" % (page, med("performance"), med("accessibility"),
      med("best-practices"), med("seo"), "/".join(map(str, perf)), cls))
PY
done
echo "load after: $(uptime | sed 's/.*load average: //')"
