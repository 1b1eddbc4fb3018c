#!/usr/bin/env python3
"""The table of docs/results.md: one row per problem, solver's ablation joined with PyTorch.

Inputs, all produced by commands anyone can rerun on an H200:
  --run DIR       an ablation run directory (`solver ablate ... --out DIR`; its summary.json:
                  seed, each track's best, the pool's oracle, the floors from measured
                  ceilings). Repeat for several runs; a later run's problem replaces an
                  earlier one's.
  --torch FILE    the JSON of bench/torch_reference.py (PyTorch eager and torch.compile).
  --parity FILE   instead of --torch: the JSON of bench/parity.py (scripts/gpu/parity.sh), where
                  solver's kept kernel and PyTorch were timed in one process (same inputs, same
                  L2 flush, same CUDA-event timing, PyTorch at the kernel's precision class).
                  Adds the column "ON, one process" and takes "ON vs PyTorch" from that
                  process's two times; the provenance line names the call that made it.
  --notes FILE    optional JSON {problem: "why PyTorch still wins / what stops the loop"},
                  printed under the table; a problem PyTorch wins without a note is listed
                  as "not yet explained", never silently.
  --ceilings F    optional recording or measurements.json with `ceilings` (dram_gbps,
                  fp32_tflops, ...): labels each problem memory- or compute-bound from its
                  FLOP/byte formulas (default: the run's measurements.json, if it has them).

Every time is printed with its precision class: solver's tracks may end on a tf32 point while
PyTorch runs FP32 with TF32 off, and such a pair is marked rather than called a win.

    python3 scripts/results_table.py --run ablate_all --torch torch.json \\
        [--notes docs/results/notes.json] [--update docs/results.md]
"""
import argparse
import functools
import importlib.util
import json
import os
import sys

BEGIN, END = "<!-- results-table:begin -->", "<!-- results-table:end -->"


@functools.lru_cache(maxsize=1)
def _torch_reference():
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "bench", "torch_reference.py")
    spec = importlib.util.spec_from_file_location("torch_reference", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def fmt_us(us, cls=None):
    if us is None or us <= 0:
        return "-"
    txt = f"{us / 1000:.3g} ms" if us >= 1000 else f"{us:.3g} us"
    return f"{txt} {cls}" if cls else txt


def problem_work(problems_dir, name):
    """(flops, bytes) from problem.yaml's formulas, or None."""
    tr = _torch_reference()
    path = os.path.join(problems_dir, name, "problem.yaml")
    if not os.path.exists(path):
        return None
    try:
        env, _ = tr.load_scalars(problems_dir, name)
        vals = {}
        for line in open(path):
            for key in ("flops", "bytes"):
                if line.startswith(key + ":"):
                    vals[key] = tr._eval(line.split(":", 1)[1].split("#", 1)[0].strip().strip("\"'"), env)
        return vals.get("flops"), vals.get("bytes")
    except Exception:  # noqa: BLE001  (an unreadable formula leaves the bound unlabelled)
        return None


def load_runs(dirs):
    problems, meta = {}, []
    for d in dirs:
        s = json.load(open(os.path.join(d, "summary.json")))
        if s.get("format") != "solver-summary":
            sys.exit(f"{d}/summary.json is not a solver summary")
        meta.append(f"{d}: {s.get('backend')}, OFF policy {s.get('off_policy')}, precision "
                    f"{s.get('precision')}, oracle: {s.get('oracle_source') or 'not known'}, "
                    f"floor: {s.get('floor_source') or 'not known'}")
        for p in s["problems"]:
            problems[p["problem"]] = p
    return problems, meta


def load_ceilings(path, run_dirs):
    cands = [path] if path else [os.path.join(d, "measurements.json") for d in run_dirs]
    if not path:  # a recorded run's ceilings are in the recording its manifest names
        for d in run_dirs:
            m = os.path.join(d, "manifest.json")
            if os.path.exists(m):
                cands.append((json.load(open(m)).get("backend") or {}).get("recording") or "")
    for c in cands:
        if c and os.path.exists(c):
            ce = json.load(open(c)).get("ceilings") or {}
            if ce.get("dram_gbps"):
                return ce
    return {}


def load_parity(path):
    """bench/parity.py's JSON as (torch-shaped dict, {problem: solver's one-process timing})."""
    p = json.load(open(path))
    if p.get("format") != "solver-parity":
        sys.exit(f"{path} is not a bench/parity.py output")
    torch, same = dict(p, problems={}), {}
    for name, e in p["problems"].items():
        torch["problems"][name] = {"status": e.get("status"), "reason": e.get("reason"),
                                   "precision": e.get("torch_precision", "fp32"),
                                   "eager": e.get("eager", {}), "compile": e.get("compile", {}),
                                   "eager_more": {k[6:]: x for k, x in e.items()
                                                  if k.startswith("eager_") and isinstance(x, dict)}}
        if e.get("status") == "ok":
            same[name] = dict(e["solver"], inputs=e.get("inputs"), check=e.get("check"))
    return torch, same


def build(a):
    runs, meta = load_runs(a.run)
    same = {}
    if a.parity:
        torch, same = load_parity(a.parity)
    else:
        torch = json.load(open(a.torch)) if a.torch else {"problems": {}}
    notes = json.load(open(a.notes)) if a.notes else {}
    ceil = load_ceilings(a.ceilings, a.run)
    order = [p for p in _torch_reference().ALL if p in runs or p in torch["problems"]]
    order += [p for p in runs if p not in order]

    head = ["problem", "bound", "seed", "best OFF", "best ON", "pool oracle", "floor",
            "ON % of floor", "PyTorch eager", "torch.compile", "ON vs PyTorch"]
    if a.parity:
        head.insert(8, "ON, one process")
    rows, lines, missing = [], [], []
    for name in order:
        r, t = runs.get(name), torch["problems"].get(name, {})
        work = problem_work(a.problems_dir, name)
        bound = "-"
        if work and work[0] is not None and work[1]:
            fl, by = work
            if ceil.get("dram_gbps") and ceil.get("fp32_tflops"):
                bound = "memory" if by / (ceil["dram_gbps"] * 1e3) > fl / (ceil["fp32_tflops"] * 1e6) else "compute"
            else:
                bound = "memory" if fl / by < 10 else "compute"
        eager = t.get("eager", {}).get("median_us")
        comp = t.get("compile", {}).get("median_us")
        tcls = t.get("precision", "fp32")
        comp_txt = fmt_us(comp, tcls) if comp else (
            "skipped" if "skipped" in t.get("compile", {}) else "-")
        one = same.get(name)
        one_txt = ([fmt_us(one["median_us"], one.get("precision")) + f" `{one.get('variant')}`"
                    if one else "-"] if a.parity else [])
        if not r:
            rows.append([name, bound, "not in the run", "", "", "", "", ""] + one_txt
                        + [fmt_us(eager, tcls), comp_txt, "-"])
            missing.append(name)
            continue
        on, off = r.get("on", {}), r.get("off", {})
        if one:  # the one-process time stands for solver's side of the comparison
            on = dict(on, best_us=one["median_us"], best_precision=one.get("precision"),
                      best_variant=one.get("variant"), seed_us=on.get("seed_us"))
            if one.get("check") and one["check"].get("agree") is False:
                lines.append(f"- **{name}**: in the one-process run solver's output and PyTorch's "
                             f"disagree ({one['check'].get('bad_elements')} elements beyond the "
                             f"tolerance, max error {one['check'].get('max_abs_err'):.3g})")
        oracle = r.get("oracle") or {}
        floor_cls = on.get("best_precision") or on.get("seed_precision") or "fp32"
        floor = (r.get("floors_us") or {}).get(floor_cls) or on.get("floor_us")
        rbest = r.get("on", {}).get("best_us")  # % of floor: the ablation's own time
        pct = f"{floor / rbest * 100:.0f}%" if floor and rbest else "-"
        # parity.py's further eager ways of the same op (SDPA's flash backend, cudnn.benchmark)
        # count in PyTorch's best like compile does.
        more = {x.get("op", tag): x["median_us"] for tag, x in (t.get("eager_more") or {}).items()
                if x.get("median_us")}
        best_torch = min([x for x in (eager, comp, *more.values()) if x], default=None)
        vs = "-"
        if best_torch and on.get("best_us"):
            ratio = best_torch / on["best_us"]
            vs = f"{ratio:.2f}x" + ("" if on.get("best_precision", "fp32") == tcls
                                    else f" ({on.get('best_precision')} vs {tcls})")
            which = ("torch.compile" if best_torch == comp else "eager" if best_torch == eager
                     else "eager, " + min(more, key=more.get))
            if ratio < 1:
                why = notes.get(name) or "not yet explained (no note in --notes)"
                lines.append(f"- **{name}**: PyTorch {which} {fmt_us(best_torch, tcls)} beats solver's "
                             f"best {fmt_us(on['best_us'], on.get('best_precision'))} "
                             f"({on.get('best_variant')}) by {1 / ratio:.2f}x. {why}")
            elif on.get("best_precision", "fp32") != tcls:
                lines.append(f"- **{name}**: solver's best is {on.get('best_precision')} and PyTorch "
                             f"ran {tcls} (TF32 off): not the same precision class. "
                             + (notes.get(name) or ""))
            elif name in notes:
                lines.append(f"- **{name}**: {notes[name]}")
        elif name in notes:
            lines.append(f"- **{name}**: {notes[name]}")
        if bound == "memory" and pct != "-" and floor / rbest < 0.85 and name not in notes:
            lines.append(f"- **{name}**: memory-bound, best at {pct} of the copy-bandwidth floor, "
                         "under the 85% goal; not yet explained (no note in --notes)")
        ron = r.get("on", {})  # the ablation's own ON best, as recorded
        rows.append([name, bound,
                     fmt_us(on.get("seed_us") or off.get("seed_us"), on.get("seed_precision")),
                     fmt_us(off.get("best_us"), off.get("best_precision")) + (f" `{off.get('best_variant')}`" if off.get("best_variant") else ""),
                     fmt_us(ron.get("best_us"), ron.get("best_precision")) + (f" `{ron.get('best_variant')}`" if ron.get("best_variant") else ""),
                     fmt_us(oracle.get("time_us"), oracle.get("precision")) + (f" `{oracle.get('key')}`" if oracle.get("key") else ""),
                     fmt_us(floor, floor_cls), pct] + one_txt + [fmt_us(eager, tcls), comp_txt, vs])
    for name, t in torch["problems"].items():
        if t.get("status") != "ok":
            lines.append(f"- **{name}**: PyTorch side {t.get('status')}: {t.get('reason')}")
        elif "skipped" in t.get("compile", {}):
            lines.append(f"- **{name}**: torch.compile {t['compile']['skipped']}")
        mine = same.get(name, {}).get("median_us")
        for tag, x in (t.get("eager_more") or {}).items():  # bench/parity.py's eager_<tag>
            if x.get("median_us") and mine:
                lines.append(f"- **{name}**: PyTorch eager, {x.get('op', tag)}: "
                             f"{fmt_us(x['median_us'], t.get('precision'))} in the same process; "
                             f"solver's kept kernel is {x['median_us'] / mine:.2f}x of it")
            elif x.get("skipped"):
                lines.append(f"- **{name}**: PyTorch eager, {x.get('op', tag)}: failed: {x['skipped']}")

    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    src = [f"Solver: {m}" for m in meta]
    if a.parity:
        src.append(f"One process (solver's kept kernel and PyTorch): {a.parity}, made by "
                   f"{torch.get('call') or 'an unnamed call'}: torch {torch.get('torch')}, CUDA "
                   f"{torch.get('cuda')}, {torch.get('device')}, PyTorch at each kernel's precision "
                   f"class, {torch.get('timing')}, {torch.get('samples')} samples")
    elif a.torch:
        src.append(f"PyTorch: {a.torch}: torch {torch.get('torch')}, CUDA {torch.get('cuda')}, "
                   f"{torch.get('device')}, TF32 {'on' if torch.get('tf32') else 'off'}, "
                   f"{torch.get('timing')}, {torch.get('samples')} samples")
    if ceil:
        src.append("Bound from the FLOP/byte formulas against the measured ceilings: "
                   + ", ".join(f"{k} {v:.4g}" for k, v in ceil.items()))
    text = "\n".join(out) + "\n\n" + "\n".join(src) + "\n"
    if lines:
        text += "\n" + "\n".join(lines) + "\n"
    if missing:
        text += "\nNot in the ablation run(s): " + ", ".join(missing) + "\n"
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", action="append", required=True, help="ablation run directory (repeatable)")
    ap.add_argument("--torch", help="bench/torch_reference.py JSON")
    ap.add_argument("--parity", help="bench/parity.py JSON (one process, both sides; replaces --torch)")
    ap.add_argument("--notes", help="JSON {problem: note}")
    ap.add_argument("--ceilings", help="JSON with `ceilings` (a recording or measurements.json)")
    ap.add_argument("--problems-dir", default="problems")
    ap.add_argument("--update", help="replace the table between the markers in this markdown file")
    a = ap.parse_args()
    text = build(a)
    if not a.update:
        sys.stdout.write(text)
        return 0
    doc = open(a.update).read()
    if BEGIN not in doc or END not in doc:
        sys.exit(f"{a.update}: no {BEGIN} ... {END} block to replace")
    pre, rest = doc.split(BEGIN, 1)
    _, post = rest.split(END, 1)
    tmp = a.update + ".tmp"
    with open(tmp, "w") as f:
        f.write(pre + BEGIN + "\n" + text + END + post)
    os.replace(tmp, a.update)
    return 0


if __name__ == "__main__":
    sys.exit(main())
