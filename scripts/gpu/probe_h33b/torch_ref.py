#!/usr/bin/env python3
"""h33b probe: PyTorch's time for the ops of the problems h33b's pools target, as
bench/torch_reference.py times them (L2 flushed before every sample, one CUDA-event pair per
sample, median), at each problem's sizes, in the precision classes the pools hold.

    python3 torch_ref.py [SECONDS] [OPS...]      prints one line per op: TORCH <op> <median us>
"""
import statistics
import sys
import time

import torch
import torch.nn.functional as F

budget = float(sys.argv[1]) if len(sys.argv) > 1 else 40.0
only = set(sys.argv[2:])
t0 = time.time()
dev = "cuda"
flush = torch.empty(2 * 60 * 1024 * 1024 // 4, dtype=torch.float32, device=dev)


def timed(fn, samples=20):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    out = []
    for _ in range(samples):
        flush.zero_()
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        out.append(a.elapsed_time(b) * 1000.0)
    return statistics.median(out)


def u(*shape, dtype=torch.float32):
    return torch.rand(*shape, device=dev, dtype=torch.float32).mul_(2).sub_(1).to(dtype)


def tf32(on):
    torch.backends.cuda.matmul.allow_tf32 = on
    torch.backends.cudnn.allow_tf32 = on


def conv(on):
    tf32(on)
    x, w = u(64, 128, 28, 28), u(128, 128, 3, 3)
    return timed(lambda: F.conv2d(x, w, padding=1))


def linear_bf16():
    a, b = u(4096, 4096, dtype=torch.bfloat16), u(4096, 4096, dtype=torch.bfloat16)
    return timed(lambda: F.linear(a, b))


def bmm(on):
    tf32(on)
    a, b = u(16, 1024, 1024), u(16, 1024, 1024)
    return timed(lambda: torch.bmm(a, b))


def tri(on):
    tf32(on)
    a, b = u(384, 384, 128), u(384, 384, 128)
    return timed(lambda: torch.einsum("ikc,jkc->ijc", a, b))


def mm1024(on):
    tf32(on)
    a, b = u(1024, 1024), u(1024, 1024)
    return timed(lambda: torch.mm(a, b))


OPS = [("linear_bf16_4096", linear_bf16), ("conv2d_tf32", lambda: conv(True)),
       ("bmm_tf32", lambda: bmm(True)), ("conv2d_fp32", lambda: conv(False)),
       ("triangle_fp32", lambda: tri(False)), ("mm1024_fp32", lambda: mm1024(False)),
       ("bmm_fp32", lambda: bmm(False)), ("triangle_tf32", lambda: tri(True))]
print(f"torch {torch.__version__} on {torch.cuda.get_device_name()}", flush=True)
for name, fn in OPS:
    if only and name not in only:
        continue
    if time.time() - t0 > budget:
        print(f"TORCH {name} skipped (budget)")
        continue
    try:
        print(f"TORCH {name} {fn():.1f} us", flush=True)
    except Exception as e:  # noqa: BLE001
        print(f"TORCH {name} failed: {e}", flush=True)
tf32(False)
