#!/bin/sh
# Reconciles one berth of the ledger: ./reconcile.sh BERTH
exec awk -v berth="$1" -F '\t' '$1 == berth' ledger.tsv
