#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are not installed yet, and says
# what it does: one line per package fetched and set up. Needs root (or sudo) only when
# something is missing. Usage: scripts/install_packages.sh PACKAGE...
set -euo pipefail

say() { echo "setup: $*" >&2; }

missing=()
for p in "$@"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -gt 0 ] || exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  say "missing packages: ${missing[*]}; run this script as root (or install them) and retry"
  exit 1
fi

start=$(date +%s)
say "installing ${#missing[@]} packages and their dependencies: ${missing[*]}"
say "apt-get update"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! "${as_root[@]}" apt-get update -q >"$log" 2>&1; then
  cat "$log" >&2
  say "apt-get update failed"
  exit 1
fi
# apt's own progress, one line per package fetched and per package set up.
set +e
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -q --no-install-recommends \
  "${missing[@]}" 2>&1 | tee "$log" | grep --line-buffered -E '^(Get:|Setting up )' |
  sed -u -E 's/^Get:[0-9]+ [^ ]+ [^ ]+ [^ ]+ ([^ ]+) .*\[([^]]+)\]$/fetch \1 (\2)/; s/^Setting up ([^ ]+).*/set up \1/; s/^/setup: apt: /' >&2
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" -ne 0 ]; then
  tail -30 "$log" >&2
  say "apt-get install failed (exit $rc)"
  exit 1
fi
say "packages installed in $(( $(date +%s) - start )) s"
