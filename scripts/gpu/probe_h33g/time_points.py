#!/usr/bin/env python3
"""probe_h33g's timing half (issue 33): several knob points of matmul_bf16 and cuBLAS (PyTorch
F.linear) in ONE process, with bench/parity.py's machinery (the kernel exported by `solver
problems export`, launched through the driver API on torch tensors, the same L2 flush and CUDA
events, median). Per point: the output checked against F.linear on the same tensors, the median,
and cuBLAS's median (timed before the first point) / ours, printed as each point ends (a point that
hangs loses only the points after it); cuBLAS is timed again after the points (drift shows) and
times.json's ratios use the better of the two.
Usage: time_points.py --solver S --data-dir D --problems-dir P --keys K1,K2,... --out FILE.json
"""
import argparse
import concurrent.futures as cf
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "bench"))
import parity as P  # noqa: E402

TR = P.TR


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--solver", required=True)
    ap.add_argument("--data-dir", required=True)
    ap.add_argument("--problems-dir", required=True)
    ap.add_argument("--keys", required=True)
    ap.add_argument("--samples", type=int, default=30)
    ap.add_argument("--budget-s", type=float, default=100)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    t0 = time.time()
    keys = [k for k in a.keys.split(";") if k]
    work = os.path.join(os.path.dirname(os.path.abspath(a.out)), "export")

    def exp(i_key):
        i, key = i_key
        d = os.path.join(work, str(i))
        os.makedirs(d, exist_ok=True)
        s = time.time()
        try:
            return key, P.export(a.solver, a.data_dir, "matmul_bf16", key, d, a.problems_dir), \
                time.time() - s
        except Exception as e:  # noqa: BLE001
            return key, e, time.time() - s

    with cf.ThreadPoolExecutor(max_workers=8) as ex:
        exports = list(ex.map(exp, enumerate(keys)))
    print(f"exports: {time.time() - t0:.1f} s", flush=True)

    import torch as t  # noqa: PLC0415
    import torch.nn.functional as F  # noqa: PLC0415
    dev = t.device("cuda")
    t.zeros(1, device=dev)
    drv = P.Driver()
    props = t.cuda.get_device_properties(0)
    l2 = getattr(props, "L2_cache_size", 60 * 1024 * 1024) or 60 * 1024 * 1024
    flush = t.empty(2 * l2 // 4, dtype=t.float32, device=dev)
    res = {"device": props.name, "torch": t.__version__, "samples": a.samples, "points": []}
    cublas = []
    rows = []

    def time_cublas(k):
        fn = lambda: F.linear(k.bufs["A"], k.bufs["B"])  # noqa: E731
        cublas.append(TR.time_fn(t, fn, a.samples, 5, flush)["median_us"])

    first = None
    for key, meta, es in exports:
        row = {"key": key, "export_s": round(es, 1)}
        res["points"].append(row)
        if isinstance(meta, Exception):
            row["status"] = "export failed: " + str(meta)[:300]
            print(f"POINT {key}: {row['status']}", flush=True)
            continue
        if time.time() - t0 > a.budget_s:
            row["status"] = "skipped (budget)"
            print(f"POINT {key}: skipped (budget)", flush=True)
            continue
        try:
            k = P.SolverKernel(drv, t, meta, dev)
            if first is None:
                first = k
                time_cublas(k)
                print(f"CUBLAS F.linear median {cublas[0]:.1f} us", flush=True)
            k.zero_outputs()
            k()
            ref = F.linear(k.bufs["A"], k.bufs["B"])
            t.cuda.synchronize()
            row["check"] = P.compare(t, k.bufs["C"], ref, meta["tolerance"])
            del ref
            row.update(TR.time_fn(t, k, a.samples, 5, flush, before=k.zero_outputs))
            row["status"] = "ok"
            c = row["check"]
            print(f"POINT {key}: check {'agree' if c['agree'] else 'DISAGREE'} "
                  f"(bad {c['bad_elements']}, max err {c['max_abs_err']:.3g}) median "
                  f"{row['median_us']:.1f} us (min {row['min_us']:.1f}) ratio "
                  f"{cublas[0] / row['median_us']:.3f}", flush=True)
        except Exception as e:  # noqa: BLE001
            row["status"] = f"{type(e).__name__}: " + str(e)[:300]
            print(f"POINT {key}: {row['status']}", flush=True)
        rows.append(row)
        with open(a.out, "w") as f:
            json.dump(res, f, indent=1)
    if first is not None:
        time_cublas(first)
    res["cublas_us"] = cublas
    cb = min(cublas) if cublas else None
    for row in res["points"]:
        if row.get("status") == "ok":
            row["ratio"] = cb / row["median_us"]
    print(f"CUBLAS F.linear median us: {cublas} (best {cb})", flush=True)
    res["wall_s"] = round(time.time() - t0, 1)
    with open(a.out, "w") as f:
        json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()
