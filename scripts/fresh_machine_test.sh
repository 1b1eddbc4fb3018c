#!/usr/bin/env bash
# Both README commands on a bare Debian 12 (debootstrap minbase: no compiler, no git, no python3,
# no CUDA toolkit), as a new user runs them: install git, clone, `./scripts/ablate.sh`, then
# `./scripts/test.sh`. Each step is timed; the logs and a summary land in OUT_DIR. Exits non-zero
# when either README command fails (CI runs this as its no-toolkit leg: a package that only the
# CI machine happens to have cannot make it pass).
# Needs root, the Debian mirror, and mount/chroot.
# Usage: scripts/fresh_machine_test.sh OUT_DIR [ROOTFS]
#   ROOTFS: an unpacked minbase root to copy (default: debootstrap one into a temporary folder)
# Environment passed into the root: SOLVER_WERROR (warnings as errors), SOLVER_NO_SLURM.
set -euo pipefail
out="$(mkdir -p "$1" && cd "$1" && pwd)"
src="$(cd "$(dirname "$0")/.." && pwd)"
pristine="${2:-}"
work="$(mktemp -d /var/tmp/solver-fresh.XXXXXX)"
root="$work/root"
say() { echo "fresh: $*" | tee -a "$out/summary.txt" >&2; }
cleanup() {
  # Processes still running in the root (a build cut short) hold its mounts.
  local p
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] && kill -9 "${p#/proc/}" 2>/dev/null
  done
  for m in dev/pts dev proc sys src; do umount "$root/$m" 2>/dev/null || true; done
  # Never remove through a bind mount that failed to come down.
  if ! grep -q " $root/" /proc/mounts; then rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
: >"$out/summary.txt"
start=$(date +%s)

if [ -n "$pristine" ]; then
  cp -a "$pristine" "$root"
else
  command -v debootstrap >/dev/null || "$src/scripts/install_packages.sh" debootstrap
  say "debootstrap --variant=minbase bookworm (log: $out/debootstrap.log)"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$out/debootstrap.log" 2>&1 ||
    { tail -5 "$out/debootstrap.log" >&2; say "debootstrap failed"; exit 3; }
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/src"
if ! { mount --bind /proc "$root/proc" && mount --bind /sys "$root/sys" &&
        mount --bind /dev "$root/dev" && mount --bind /dev/pts "$root/dev/pts" &&
        mount --bind -o ro "$src" "$root/src"; }; then
  say "bind mounts into the root failed (no mount permission here?)"
  exit 3
fi
say "root: Debian $(cat "$root/etc/debian_version") minbase; nvcc: $(chroot "$root" sh -c 'command -v nvcc || echo none'); python3: $(chroot "$root" sh -c 'command -v python3 || echo none'); $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ)"

# One step in the fresh root, timed, its output kept; the step's exit code is returned.
step() {
  local name="$1"; shift
  local t0 rc
  t0=$(date +%s)
  set +e
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 SOLVER_WERROR="${SOLVER_WERROR:-OFF}" SOLVER_NO_SLURM="${SOLVER_NO_SLURM:-0}" \
    bash -c "$*" >"$out/$name.log" 2>&1
  rc=$?
  set -e
  say "$name: exit $rc in $(( $(date +%s) - t0 )) s"
  return $rc
}

# The README's first step: the source (git is not in minbase). A clone of the checkout's HEAD
# (what CI tests is what is committed).
step get-source 'apt-get update -q && apt-get install -y -q --no-install-recommends git ca-certificates &&
  git clone -q /src /root/solver && git -C /root/solver log -1 --format="%h %s"' ||
  { say "get-source failed (no Debian mirror from the root?): see $out/get-source.log"; exit 3; }
# The main job. The time to its first line of ablation output is the figure the README gives.
# Every line is stamped with the seconds since the command started.
stamp='while IFS= read -r l; do printf "%4ds %s\n" $SECONDS "$l"; done'
ablate_rc=0
step ablate "cd /root/solver && ./scripts/ablate.sh 2>&1 | $stamp; exit \${PIPESTATUS[0]}" || ablate_rc=$?
say "ablate: first ablation line: $(grep -m1 -E '^ *[0-9]+s (no GPU: replaying|live on )' "$out/ablate.log" || echo 'not reached')"
test_rc=0
step test "cd /root/solver && ./scripts/test.sh 2>&1 | $stamp; exit \${PIPESTATUS[0]}" || test_rc=$?
tail -n 12 "$out/test.log" | sed 's/^/fresh: test: /' | tee -a "$out/summary.txt" >&2
if [ "$test_rc" -ne 0 ]; then
  grep -E '\*\*\*Failed|Failed  |\(Failed\)|\(Timeout\)' "$out/test.log" | sed 's/^/fresh: failed: /' | tee -a "$out/summary.txt" >&2 || true
fi
say "total $(( $(date +%s) - start )) s; ablate.sh exit $ablate_rc, test.sh exit $test_rc"
[ "$ablate_rc" -eq 0 ] && [ "$test_rc" -eq 0 ]
