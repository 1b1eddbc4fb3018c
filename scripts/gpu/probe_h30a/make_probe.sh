#!/usr/bin/env bash
# Regenerates the tail of scripts/gpu/probe_h30a.sh: the sampler (sample_pool.py) and a
# base64 tarball of the four large pools' folders, so the probe runs from any checkout.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$root"
f=scripts/gpu/probe_h30a.sh
head=$(sed -n '1,/^exit 0$/p' "$f")
{
  printf '%s\n' "$head"
  echo ": <<'__PROBE_DATA__'"
  echo "__SAMPLER_PY__"
  cat scripts/gpu/probe_h30a/sample_pool.py
  echo "__END_SAMPLER_PY__"
  echo "__POOLS_TGZ_BASE64__"
  tar czf - --sort=name --owner=0 --group=0 --mtime=@0 problems/sgemm_2048 problems/stencil3d_r4 \
    problems/layernorm_4096 problems/transpose_4096 | base64 -w 100
  echo "__PROBE_DATA__"
} >"$f.new"
mv "$f.new" "$f"
chmod +x "$f"
