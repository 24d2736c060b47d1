#!/usr/bin/env bash
# Runs every fuzz target of the module for a short time each (FUZZTIME,
# default 4s): the readers (board/chip HCL, lwipopts.h, .ioc, .config/
# rtconfig.h, .mss, linker scripts, manifests, journals), the USER CODE
# block merge and the escaping functions. Their seed corpora live in each
# package's testdata/fuzz/ (and run as plain tests in every `go test`).
# A failure leaves the crashing input in testdata/fuzz/<Target>/: commit it
# with the fix. CI: run after `go test ./...` (about 12 targets x FUZZTIME).
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime="${FUZZTIME:-4s}"
status=0
while IFS=: read -r file target; do
  pkg="./$(dirname "$file")"
  echo "== $target ($pkg, $fuzztime)"
  if ! go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg"; then
    status=1
  fi
done < <(grep -rHoE --include='*_test.go' '^func (Fuzz[A-Za-z0-9_]+)' internal | sed -E 's/func //' | sort)
exit $status
