#!/usr/bin/env bash
# Both README commands on a bare Debian 12 (debootstrap minbase: no compiler, no git, no CUDA
# toolkit), as a new user runs them: install git, clone, `./scripts/ablate.sh`, then
# `./scripts/test.sh`. Each step is timed; the logs and a summary land in OUT_DIR.
# Needs root and the Debian mirror. Usage: scripts/fresh_machine_test.sh OUT_DIR [ROOTFS]
#   ROOTFS: an unpacked minbase root to copy (default: debootstrap one into a temporary folder)
set -euo pipefail
out="$(mkdir -p "$1" && cd "$1" && pwd)"
src="$(cd "$(dirname "$0")/.." && pwd)"
pristine="${2:-}"
work="$(mktemp -d /var/tmp/solver-fresh.XXXXXX)"
root="$work/root"
say() { echo "fresh: $*" | tee -a "$out/summary.txt" >&2; }
cleanup() {
  for m in dev/pts dev proc sys src; do umount "$root/$m" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
: >"$out/summary.txt"

if [ -n "$pristine" ]; then
  cp -a "$pristine" "$root"
else
  command -v debootstrap >/dev/null || apt-get install -y -q debootstrap >/dev/null
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$out/debootstrap.log" 2>&1
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/src"
mount --bind /proc "$root/proc"; mount --bind /sys "$root/sys"
mount --bind /dev "$root/dev"; mount --bind /dev/pts "$root/dev/pts"
mount --bind -o ro "$src" "$root/src"
say "root: Debian $(cat "$root/etc/debian_version") minbase; nvcc: $(chroot "$root" sh -c 'command -v nvcc || echo none'); $(nproc) cores"

# One step in the fresh root, timed, its output kept; the step's exit code is returned.
step() {
  local name="$1"; shift
  local t0 rc
  t0=$(date +%s.%N)
  set +e
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 bash -c "$*" >"$out/$name.log" 2>&1
  rc=$?
  set -e
  say "$name: exit $rc in $(printf '%.0f' "$(echo "$(date +%s.%N) - $t0" | bc 2>/dev/null || echo 0)") s"
  return $rc
}

command -v bc >/dev/null || apt-get install -y -q bc >/dev/null
# The README's first step: the source (git is not in minbase).
step get-source 'apt-get update -q && apt-get install -y -q --no-install-recommends git ca-certificates &&
  git clone -q /src /root/solver && git -C /root/solver log -1 --format="%h %s"'
# The main job. The time to its first line of ablation output is the figure the README gives.
# Every line is stamped with the seconds since the command started.
stamp='while IFS= read -r l; do printf "%4ds %s\n" $SECONDS "$l"; done'
step ablate "cd /root/solver && ./scripts/ablate.sh 2>&1 | $stamp; exit \${PIPESTATUS[0]}" || true
say "ablate: first ablation line: $(grep -m1 -E '^ *[0-9]+s (no GPU: replaying|live on )' "$out/ablate.log" || echo 'not reached')"
step test "cd /root/solver && ./scripts/test.sh 2>&1 | $stamp; exit \${PIPESTATUS[0]}" || true
tail -n 8 "$out/test.log" | sed 's/^/fresh: test: /' | tee -a "$out/summary.txt" >&2
