#!/bin/sh
# Lighthouse (mobile preset, the default) on every page of the built site in
# both languages. Not part of CI: it needs node and downloads Lighthouse
# (npm install lighthouse@12 in a scratch directory, given as LH_DIR).
#
#   go run ./cmd/gen build --out /tmp/site
#   LH_DIR=/tmp/lh SITE=/tmp/site scripts/audit-lighthouse.sh
#
# Prints one line per page: performance, accessibility, best practices, SEO
# and the cumulative layout shift. The pages are served by a plain static
# server (no netlify.toml headers).
set -eu
: "${LH_DIR:?set LH_DIR to the directory holding node_modules/lighthouse}"
: "${SITE:?set SITE to a built site}"
PORT=${PORT:-8719}
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$SITE" >/dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
sleep 1
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
out=$(mktemp)
find "$SITE" -name index.html | sed "s|^$SITE||; s|index.html\$||" | sort | while read -r page; do
  "$LH_DIR/node_modules/.bin/lighthouse" "http://127.0.0.1:$PORT$page" --quiet \
    --chrome-flags="--headless --no-sandbox --disable-gpu --disable-dev-shm-usage" \
    --only-categories=performance,accessibility,best-practices,seo --output=json --output-path="$out" >/dev/null 2>&1 || { echo "$page: lighthouse failed"; continue; }
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
c = d["categories"]
print("%-45s perf %3d  a11y %3d  bp %3d  seo %3d  CLS %s" % (sys.argv[2], *(round(c[k]["score"] * 100) for k in ("performance", "accessibility", "best-practices", "seo")),
      d["audits"]["cumulative-layout-shift"]["displayValue"]))' "$out" "$page"
done
rm -f "$out"
