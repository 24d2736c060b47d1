#!/usr/bin/env bash
# Runs a command with some programs hidden from PATH, as if they were not
# installed (the shared machine keeps them): a shadow directory links every
# other program of PATH. Proves that CI fails, naming the tool, when one is
# missing, e.g.
#   scripts/without-tools.sh qemu-system-arm -- env CI=true go run ./internal/cmd/citest ./internal/qemu
set -euo pipefail
hide=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do hide+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "usage: $0 TOOL... -- COMMAND..." >&2; exit 2; }
shadow=$(mktemp -d)
trap 'rm -rf "$shadow"' EXIT
IFS=: read -ra dirs <<< "$PATH"
for d in "${dirs[@]}"; do
  [ -d "$d" ] || continue
  for p in "$d"/*; do
    n=$(basename "$p")
    [ -e "$shadow/$n" ] && continue
    skip=
    for h in "${hide[@]}"; do [ "$n" = "$h" ] && skip=1; done
    [ -n "$skip" ] || ln -s "$p" "$shadow/$n"
  done
done
PATH="$shadow" "$@"
