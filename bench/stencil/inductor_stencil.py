#!/usr/bin/env python3
"""What torch.compile makes of stencil3d_r4 (issue 33): the 25-point star of radius 4 on a
256 x 256 x 64 FP32 grid, written as bench/parity.py writes it (pad once, sum shifted slices).
Times eager and torch.compile with parity.py's protocol (warm-up, the L2 flushed before every
sample outside the timed interval, one CUDA-event pair per sample, median of N) and checks the
compiled output against eager. Run it in fresh processes with fresh inductor caches
(TORCHINDUCTOR_CACHE_DIR) to see whether inductor's choice moves between runs; with
TORCH_LOGS=output_code the generated Triton code goes to stderr.
Usage: inductor_stencil.py [SAMPLES]   (prints one JSON line)"""
import json
import sys
import time

import torch
import torch.nn.functional as F

C = (-8.5416667, 1.6, -0.2, 0.025396825, -0.0017857143)
NZ, NY, NX = 64, 256, 256


def stencil(u):
    p = F.pad(u, (4, 4, 4, 4, 4, 4))
    acc = C[0] * u
    for r in range(1, 5):
        acc = acc + C[r] * (p[4:4 + NZ, 4:4 + NY, 4 - r:4 - r + NX] + p[4:4 + NZ, 4:4 + NY, 4 + r:4 + r + NX]
                            + p[4:4 + NZ, 4 - r:4 - r + NY, 4:4 + NX] + p[4:4 + NZ, 4 + r:4 + r + NY, 4:4 + NX]
                            + p[4 - r:4 - r + NZ, 4:4 + NY, 4:4 + NX] + p[4 + r:4 + r + NZ, 4:4 + NY, 4:4 + NX])
    return acc


def timed(fn, flush, samples):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    ts = []
    for _ in range(samples):
        flush.zero_()
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        ts.append(a.elapsed_time(b) * 1000.0)
    ts.sort()
    return ts[len(ts) // 2], ts[0]


def main():
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    torch.manual_seed(0)
    u = torch.rand(NZ, NY, NX, device="cuda") * 2 - 1
    l2 = torch.cuda.get_device_properties(0).L2_cache_size or 60 * 1024 * 1024
    flush = torch.empty(2 * l2 // 4, dtype=torch.float32, device="cuda")
    eager_med, eager_min = timed(lambda: stencil(u), flush, samples)
    t0 = time.time()
    comp = torch.compile(stencil)
    out = comp(u)
    compile_s = time.time() - t0
    err = (out - stencil(u)).abs().max().item()
    comp_med, comp_min = timed(lambda: comp(u), flush, samples)
    print(json.dumps({"eager_median_us": round(eager_med, 2), "eager_min_us": round(eager_min, 2),
                      "compile_median_us": round(comp_med, 2), "compile_min_us": round(comp_min, 2),
                      "compile_s": round(compile_s, 1), "max_abs_err": err, "samples": samples,
                      "torch": torch.__version__}))


if __name__ == "__main__":
    main()
