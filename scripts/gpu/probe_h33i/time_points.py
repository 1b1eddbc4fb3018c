#!/usr/bin/env python3
"""probe_h33i's timing half (issue 33): knob points of one problem's variants and PyTorch on the
same tensors in ONE process, with bench/parity.py's machinery (each point exported by `solver
problems export`, launched through the driver API on torch tensors, the L2 flushed before each
sample outside the timed interval, CUDA events, median). PyTorch runs at the points' precision
class (parity.set_precision: cuDNN/cuBLAS TF32 for tf32) through parity.same_input_op and every
parity.extra_eager way (conv2d: cudnn.benchmark), timed before the first point and again after
the last (drift shows; ratios use the better). Per point, printed as it ends (a point that hangs
loses only the points after it): the output checked against PyTorch's, the median of the whole
launch sequence, the median of each launch alone (e.g. a layout pass and the main kernel), and
PyTorch's best / ours.
Usage: time_points.py --solver S --data-dir D --problem NAME --problems-dir P --keys K1;K2;...
       --out FILE.json [--compile]
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


def export_all(a, keys, work):
    def one(i_key):
        i, key = i_key
        d = os.path.join(work, str(i))
        os.makedirs(d, exist_ok=True)
        s = time.time()
        try:
            meta = P.export(a.solver, a.data_dir, a.problem, key, d, a.problems_dir)
        except Exception as e:  # noqa: BLE001
            meta = e
        return key, meta, time.time() - s

    with cf.ThreadPoolExecutor(max_workers=8) as ex:
        return list(ex.map(one, enumerate(keys)))


def launch_alone(k, i):
    """A callable running launch i of k's sequence only (its inputs as the sequence left them)."""
    f, g, b, smem, params = k.calls[i]

    def run():
        stream = P.ctypes.c_void_p(k.t.cuda.current_stream().cuda_stream)
        k.drv.check(k.drv.cu.cuLaunchKernel(f, g[0], g[1], g[2], b[0], b[1], b[2], int(smem),
                                            stream, params, None), "cuLaunchKernel")
    return run


def time_torch(t, F, a, k, scal, desc, flush, out, compiled):
    """PyTorch's ways on k's tensors: {tag: median us}, appended to `out` (one dict per call).
    With --compile also torch.compile of the same op (compiled on the first call, its compile
    seconds in compiled["s"], the compiled callable kept in `compiled` for the later call)."""
    same = P.same_input_op(a.problem, t, F, k, scal, desc)
    ways = {}
    if same:
        ways["eager"] = TR.time_fn(t, same[0], a.samples, 5, flush)["median_us"]
        if a.compile and "error" not in compiled:
            try:
                if "fn" not in compiled:
                    s0 = time.time()
                    compiled["fn"] = t.compile(same[0])
                    compiled["fn"]()
                    t.cuda.synchronize()
                    compiled["s"] = round(time.time() - s0, 1)
                ways["compile"] = TR.time_fn(t, compiled["fn"], a.samples, 5, flush)["median_us"]
            except Exception as e:  # noqa: BLE001  (eager still stands)
                compiled["error"] = f"{type(e).__name__}: " + str(e)[:300]
                print("TORCH compile failed: " + compiled["error"], flush=True)
    for tag, fn, _op, cleanup in P.extra_eager(a.problem, t, F, k, scal, desc):
        ways["eager_" + tag] = TR.time_fn(t, fn, a.samples, 5, flush)["median_us"]
        if cleanup:
            cleanup()
    out.append(ways)
    print("TORCH " + " ".join(f"{k2} {v:.1f} us" for k2, v in ways.items()), flush=True)
    return same


def bad_pattern(t, got, ref, tol):
    """Where a disagreeing output is wrong: per dimension of its shape, the fraction of bad
    elements at each index (3 decimals), e.g. only the first and last column of an image bad
    points at a halo, every element at an operand layout."""
    g, r = got.double().reshape(ref.shape), ref.double()
    bad = (~((g - r).abs() <= 2 * (tol["atol"] + tol["rtol"] * r.abs()))).double()
    out = {}
    for d in range(bad.dim()):
        rest = [i for i in range(bad.dim()) if i != d]
        out[f"dim{d}"] = [round(float(v), 3) for v in (bad.mean(dim=rest) if rest else bad)]
    return out


def main():
    ap = argparse.ArgumentParser()
    for n in ("--solver", "--data-dir", "--problem", "--problems-dir", "--keys", "--out"):
        ap.add_argument(n, required=True)
    ap.add_argument("--samples", type=int, default=30)
    ap.add_argument("--budget-s", type=float, default=100)
    ap.add_argument("--compile", action="store_true",
                    help="also time torch.compile (default mode) of the same op on the same tensors")
    a = ap.parse_args()
    t0 = time.time()
    keys = [k for k in a.keys.split(";") if k]
    exports = export_all(a, keys, os.path.join(os.path.dirname(os.path.abspath(a.out)), "export"))
    print(f"exports: {time.time() - t0:.1f} s", flush=True)

    import torch as t  # noqa: PLC0415
    import torch.nn.functional as F  # noqa: PLC0415
    dev = t.device("cuda")
    t.zeros(1, device=dev)
    drv = P.Driver()
    props = t.cuda.get_device_properties(0)
    l2 = getattr(props, "L2_cache_size", 60 * 1024 * 1024) or 60 * 1024 * 1024
    flush = t.empty(2 * l2 // 4, dtype=t.float32, device=dev)
    scal, desc = TR.load_scalars(a.problems_dir, a.problem)
    res = {"device": props.name, "torch": t.__version__, "samples": a.samples, "points": [],
           "torch_us": []}
    first, same, compiled = None, None, {}

    def save():
        with open(a.out, "w") as f:
            json.dump(res, f, indent=1)

    for key, meta, es in exports:
        row = {"key": key, "export_s": round(es, 1)}
        res["points"].append(row)
        if isinstance(meta, Exception):
            row["status"] = "export failed: " + str(meta)[:300]
        elif time.time() - t0 > a.budget_s:
            row["status"] = "skipped (budget)"
        else:
            try:
                P.set_precision(t, meta["precision"])
                k = P.SolverKernel(drv, t, meta, dev)
                if first is None:
                    first = k
                    same = time_torch(t, F, a, k, scal, desc, flush, res["torch_us"], compiled)
                    res["compile_s"] = compiled.get("s", compiled.get("error"))
                k.zero_outputs()
                k()
                if same:
                    ref = same[0]()
                    t.cuda.synchronize()
                    row["check"] = P.compare(t, k.bufs[same[1]], ref, meta["tolerance"])
                    if row["check"].get("agree") is False:
                        row["bad_pattern"] = bad_pattern(t, k.bufs[same[1]], ref,
                                                         meta["tolerance"])
                        print(f"BADPATTERN {key}: {json.dumps(row['bad_pattern'])}", flush=True)
                    del ref
                row.update(TR.time_fn(t, k, a.samples, 5, flush, before=k.zero_outputs))
                if len(k.calls) > 1:
                    row["launch_us"] = [TR.time_fn(t, launch_alone(k, i), a.samples, 5,
                                                   flush)["median_us"]
                                        for i in range(len(k.calls))]
                row["status"] = "ok"
                c = row.get("check") or {"agree": None}
                ratio = min(res["torch_us"][0].values() or [0]) / row["median_us"]
                print(f"POINT {key}: check "
                      f"{'agree' if c['agree'] else 'DISAGREE' if c['agree'] is False else '-'} "
                      f"(bad {c.get('bad_elements')}, max err {c.get('max_abs_err', 0):.3g}) "
                      f"median {row['median_us']:.1f} us (min {row['min_us']:.1f}) launches "
                      f"{row.get('launch_us')} ratio {ratio:.3f}", flush=True)
            except Exception as e:  # noqa: BLE001
                row["status"] = f"{type(e).__name__}: " + str(e)[:300]
        if row["status"] != "ok":
            print(f"POINT {key}: {row['status']}", flush=True)
        save()
    if first is not None:
        P.set_precision(t, first.meta["precision"])
        time_torch(t, F, a, first, scal, desc, flush, res["torch_us"], compiled)
        best = min(min(w.values()) for w in res["torch_us"] if w)
        res["torch_best_us"] = best
        for row in res["points"]:
            if row.get("status") == "ok":
                row["ratio"] = best / row["median_us"]
    res["wall_s"] = round(time.time() - t0, 1)
    save()


if __name__ == "__main__":
    main()
