#!/usr/bin/env bash
# Writes DEST/matmul_tri: a copy of problems/matmul_tri with the candidate variant wgmma_tri_tma
# (scripts/gpu/probe_h33d/wgmma_tri_tma.cu) and problems/matmul's TMA/wgmma headers in its
# include/, so the probe gates and times the candidate without changing the built-in problem
# (whose problem.yaml keys the bundled recording). Usage: make_tri.sh REPO DEST [min]
# min: the seed (naive) and the candidate only, so `solver problems check` gates 4 points.
set -eu
repo=$1 dest=$2 mode=${3:-}
rm -rf "$dest/matmul_tri"
mkdir -p "$dest"
cp -r "$repo/problems/matmul_tri" "$dest/matmul_tri"
mkdir -p "$dest/matmul_tri/include"
cp "$repo/problems/matmul/include/tma_ops.cuh" "$repo/problems/matmul/include/wgmma_tf32_ops.cuh" \
  "$dest/matmul_tri/include/"
cp "$repo/scripts/gpu/probe_h33d/wgmma_tri_tma.cu" "$dest/matmul_tri/"
python3 - "$dest/matmul_tri/problem.yaml" "$mode" <<'PY'
import sys
p, mode = sys.argv[1], sys.argv[2]
s = open(p).read()
parent = "wmma_tf32"
s = s.replace("timeout_ms: 30000", "timeout_ms: 5000")  # a hung candidate fails in 5 s
if mode == "min":
    s = s[:s.index("\n  - id: tiled")] + "\n"
    parent = "naive"
s = s.replace("  C: {dtype: f32, shape: [N, N], role: out}\n",
              "  C: {dtype: f32, shape: [N, N], role: out}\n"
              "  Ad: {dtype: f32, shape: [N, BM], role: scratch}\n", 1)
s = s.rstrip("\n") + """

  - id: wgmma_tri_tma
    parent: PARENT
    applies: [use_wgmma, use_tma]
    chip: [wgmma, tma]
    precision: tf32
    source: wgmma_tri_tma.cu
    description: matmul's warp-specialised TMA-fed TF32 wgmma over the triangle only (tiles below the diagonal zeroed, k from the tile's row to its last column), A's diagonal blocks masked by a first launch, B masked in registers
    knobs:
      BM: {values: [128, 256], default: 256}
      STAGES: {values: [3, 4], default: 4}
    tensor_maps:
      tmA: {buffer: A, box: [BM, 32], swizzle: 128}
      tmAd: {buffer: Ad, box: [BM, 32], swizzle: 128}
      tmB: {buffer: B, box: [32, 32], swizzle: 128}
    constraints: ["N % 256 == 0", "STAGES * (BM * 128 + 16384) + 1024 <= 232448"]
    launches:
      - entry: tri_diag_blocks
        args: [A, Ad, N]
        grid: ["ceil_div(N * BM, 256)"]
        block: [256]
      - entry: tri_wgmma_tma
        args: [tmA, tmAd, tmB, C, N]
        grid: [N / 128, N / BM]
        block: [384]
        smem: STAGES * (BM * 128 + 16384) + 1024
""".replace("PARENT", parent)
open(p, "w").write(s)
PY
