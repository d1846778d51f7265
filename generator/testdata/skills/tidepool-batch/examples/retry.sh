#!/bin/sh
# Resubmit every failed job of today that failed for a reason a retry can fix.
set -eu
tide jobs list --mine --state failed --since today --format ids |
while read -r id; do
	tide jobs resubmit "$id"
done
