#!/usr/bin/env python3
"""PyTorch's side of docs/results.md: each problem of problems/ as PyTorch runs it.

For every problem it knows (the six original ones and the eleven of issue 18) this builds the
problem's inputs at the sizes written in problems/<name>/problem.yaml (its `scalars`, read
here, so the comparison follows the YAML), and times PyTorch eager and, where it compiles,
torch.compile, the way solver times a variant: warm-up, the L2 flushed (a buffer of twice its
size zeroed) before every sample and outside the timed interval, one CUDA-event pair per
sample, the median of N. FP32 stays FP32: TF32 is switched off for matmul and cuDNN, so the
precision class is fp32 (solver's pools may also hold a tf32 point; the table says which).

A problem whose folder is missing, or whose scalars do not name what the PyTorch op needs,
is recorded as skipped with the reason; so is torch.compile where it fails. The JSON is
rewritten after every problem, so a run cut short keeps what it finished.

    python3 bench/torch_reference.py --out torch.json [--problems a,b] [--samples 30]
    python3 bench/torch_reference.py --list      # sizes and ops only; needs no torch, no GPU
"""
import argparse
import ast
import json
import math
import os
import statistics
import sys
import time

ALL = ["matmul", "matmul_scalar", "sigmoid", "softmax", "layernorm", "reduce",
       "batched_gemm", "groupnorm", "conv2d", "matmul_tri", "decoder_block", "matmul_1024",
       "bias_gelu", "layernorm_768", "triangle_contraction", "neighbor_aggregation", "attention",
       "matmul_bf16", "attention_bf16"]


# torch.compile's order: where inductor can fuse what eager runs as several kernels first.
COMPILE_FIRST = ["bias_gelu", "decoder_block", "groupnorm", "layernorm_768", "attention",
                 "softmax", "layernorm", "triangle_contraction", "sigmoid", "matmul_scalar",
                 "reduce", "neighbor_aggregation", "matmul_tri", "conv2d", "batched_gemm",
                 "matmul_1024", "matmul", "matmul_bf16", "attention_bf16"]


class Skip(Exception):
    """The problem cannot be built as a PyTorch op from what its YAML says."""


# ---- problem.yaml scalars (PyYAML when present, else the flat `scalars:` block by hand) ----

def _scalar_block(path):
    text = open(path).read()
    try:
        import yaml  # noqa: PLC0415
        doc = yaml.safe_load(text)
        return doc.get("scalars") or {}, doc.get("description", "")
    except ImportError:
        pass
    out, desc, inside = {}, "", False
    for line in text.splitlines():
        if line.startswith("description:"):
            desc = line.split(":", 1)[1].strip()
        if line.startswith("scalars:"):
            inside = True
            continue
        if inside:
            if line and not line[0].isspace() and not line.startswith("#"):
                break
            body = line.split("#", 1)[0].strip()
            if not body or ":" not in body:
                continue
            k, v = body.split(":", 1)
            v = v.strip()
            if v.startswith("{"):  # {value: X, dtype: D}
                for part in v.strip("{}").split(","):
                    if part.strip().startswith("value:"):
                        v = part.split(":", 1)[1].strip()
            out[k.strip()] = v.strip("\"'")
    return out, desc


_FUNCS = {"ceil_div": lambda a, b: -(-a // b), "min": min, "max": max, "abs": abs,
          "floor": math.floor, "ceil": math.ceil, "log2": math.log2}


def _eval(expr, env):
    def ev(n):
        if isinstance(n, ast.Expression):
            return ev(n.body)
        if isinstance(n, ast.Constant) and isinstance(n.value, (int, float)):
            return n.value
        if isinstance(n, ast.Name):
            if n.id not in env:
                raise ValueError(f"unknown name {n.id!r}")
            return env[n.id]
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub):
            return -ev(n.operand)
        if isinstance(n, ast.BinOp):
            a, b = ev(n.left), ev(n.right)
            ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
                   ast.Div: lambda: a // b if isinstance(a, int) and isinstance(b, int) else a / b,
                   ast.Mod: lambda: a % b}
            if type(n.op) in ops:
                return ops[type(n.op)]()
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in _FUNCS:
            return _FUNCS[n.func.id](*[ev(a) for a in n.args])
        raise ValueError(f"unsupported expression {ast.dump(n)}")
    return ev(ast.parse(str(expr), mode="eval"))


def load_scalars(problems_dir, name):
    path = os.path.join(problems_dir, name, "problem.yaml")
    if not os.path.exists(path):
        raise Skip(f"{path} does not exist in this checkout")
    raw, desc = _scalar_block(path)
    env = {}
    for k, v in raw.items():
        if isinstance(v, dict):
            v = v.get("value")
        env[k] = v if isinstance(v, (int, float)) else _eval(v, env)
    return env, desc


def pick(s, *names, what):
    for n in names:
        if n in s:
            return s[n]
    raise Skip(f"no scalar for {what} (looked for {', '.join(names)}; the YAML has {', '.join(s)})")


# ---- the ops: (problem scalars) -> (description of the op, builder(torch, dev) -> callable) ----

# Problems whose PyTorch op runs in another class than FP32 (their inputs are that dtype).
PRECISION = {"matmul_bf16": "bf16"}


def op_for(name, s, desc):
    """Returns (op text, make) where make(torch, F, dev) returns a zero-argument callable."""
    if name == "matmul_bf16":
        # C = A.B^T with B stored [N, K]: nn.Linear's layout; cuBLAS BF16, FP32 accumulate, BF16 out.
        M, N, K = s["M"], s["N"], s["K"]
        def make(t, F, d):
            A = (t.rand(M, K, device=d) * 2 - 1).to(t.bfloat16)
            B = (t.rand(N, K, device=d) * 2 - 1).to(t.bfloat16)
            return lambda: F.linear(A, B)
        return f"F.linear(A[{M},{K}], B[{N},{K}]) in bfloat16", make
    if name in ("matmul", "matmul_1024"):
        M, N, K = s["M"], s["N"], s["K"]
        def make(t, F, d):
            A, B = t.rand(M, K, device=d) * 2 - 1, t.rand(K, N, device=d) * 2 - 1
            return lambda: t.mm(A, B)
        return f"torch.mm(A[{M},{K}], B[{K},{N}])", make
    if name == "matmul_scalar":
        M, N, sc = s["M"], s["N"], float(s["s"])
        def make(t, F, d):
            A = t.rand(M, N, device=d) * 2 - 1
            return lambda: A * sc
        return f"A[{M},{N}] * {sc}", make
    if name == "sigmoid":
        n = s["n"]
        def make(t, F, d):
            x = t.rand(n, device=d) * 20 - 10
            return lambda: t.sigmoid(x)
        return f"torch.sigmoid(x[{n}])", make
    if name == "softmax":
        M, N = s["M"], s["N"]
        def make(t, F, d):
            x = t.randn(M, N, device=d) * 2
            return lambda: t.softmax(x, dim=1)
        return f"torch.softmax(x[{M},{N}], dim=1)", make
    if name in ("layernorm", "layernorm_768"):
        M, N, eps = s["M"], s["N"], float(s.get("eps", 1e-5))
        def make(t, F, d):
            x = t.randn(M, N, device=d) * 2 + 1
            g, b = t.rand(N, device=d) + 0.5, t.rand(N, device=d) - 0.5
            return lambda: F.layer_norm(x, (N,), g, b, eps)
        return f"F.layer_norm(x[{M},{N}], ({N},), gamma, beta, {eps})", make
    if name == "reduce":
        n = s["n"]
        def make(t, F, d):
            x = t.rand(n, device=d)
            return lambda: x.sum()
        return f"x[{n}].sum()", make
    if name == "batched_gemm":
        Bt = pick(s, "BATCH", "B", what="batch")
        M, N, K = s["M"], s["N"], s["K"]
        def make(t, F, d):
            A, B = t.rand(Bt, M, K, device=d) * 2 - 1, t.rand(Bt, K, N, device=d) * 2 - 1
            return lambda: t.bmm(A, B)
        return f"torch.bmm(A[{Bt},{M},{K}], B[{Bt},{K},{N}])", make
    if name == "matmul_tri":
        N = pick(s, "N", what="size")
        def make(t, F, d):
            A = t.triu(t.rand(N, N, device=d) * 2 - 1)
            B = t.triu(t.rand(N, N, device=d) * 2 - 1)
            return lambda: t.triu(t.mm(A, B))
        return f"torch.triu(torch.mm(triu(A), triu(B))) at {N}", make
    if name == "conv2d":
        NB = pick(s, "NB", "N", "BATCH", what="batch")
        C, K = pick(s, "C", what="input channels"), pick(s, "K", what="output channels")
        H, W = s["H"], s["W"]
        R, S = pick(s, "R", what="filter height"), pick(s, "S", what="filter width")
        pad, stride = s.get("PAD", 0), s.get("STRIDE", 1)
        def make(t, F, d):
            x = t.rand(NB, C, H, W, device=d) * 2 - 1
            w = t.rand(K, C, R, S, device=d) * 2 - 1
            return lambda: F.conv2d(x, w, padding=pad, stride=stride)
        return f"F.conv2d(x[{NB},{C},{H},{W}], w[{K},{C},{R},{S}], padding={pad}, stride={stride})", make
    if name == "groupnorm":
        Nb, C, G, HW = s["Nb"], s["C"], s["G"], s["HW"]
        eps = float(s.get("eps", 1e-5))
        side = int(round(math.sqrt(HW)))
        hw = (side, side) if side * side == HW else (HW,)
        def make(t, F, d):
            x = t.randn(Nb, C, *hw, device=d) * 2 + 1
            g, b = t.rand(C, device=d) + 0.5, t.rand(C, device=d) - 0.5
            return lambda: F.group_norm(x, G, g, b, eps)
        return f"F.group_norm(x[{Nb},{C},{','.join(map(str, hw))}], {G}, gamma, beta, {eps})", make
    if name == "bias_gelu":
        M, N = s["M"], s["N"]
        def make(t, F, d):
            x, b = t.randn(M, N, device=d) * 2, t.rand(N, device=d) * 2 - 1
            return lambda: F.gelu(x + b)
        return f"F.gelu(x[{M},{N}] + bias[{N}]) (exact erf)", make
    if name == "triangle_contraction":
        L, C = s["L"], s["C"]
        def make(t, F, d):
            a = t.rand(L, L, C, device=d) * 2 - 1
            b = t.rand(L, L, C, device=d) * 2 - 1
            return lambda: t.einsum("ikc,jkc->ijc", a, b)
        return f"torch.einsum('ikc,jkc->ijc', a[{L},{L},{C}], b[{L},{L},{C}])", make
    if name == "neighbor_aggregation":
        V, Fd, E = s["V"], s["F"], s["E"]
        def make(t, F, d):
            # The YAML's csr_rowptr (skew 0): degree shares of weights 0.5 + U(0,1), floored,
            # the remainder handed out by largest fraction, so the degrees sum to E exactly.
            w = t.rand(V, device=d, dtype=t.float64) + 0.5
            share = w * (E / w.sum())
            deg = t.floor(share).long()
            rest = E - int(deg.sum())
            if rest > 0:
                deg[t.topk(share - t.floor(share), rest).indices] += 1
            rowptr = t.zeros(V + 1, dtype=t.int64, device=d)
            rowptr[1:] = t.cumsum(deg, 0)
            col = t.randint(0, V, (E,), device=d, dtype=t.int64)
            A = t.sparse_csr_tensor(rowptr, col, t.ones(E, device=d), size=(V, V))
            x = t.rand(V, Fd, device=d) * 2 - 1
            return lambda: t.sparse.mm(A, x)
        return f"torch.sparse.mm(CSR[{V}x{V}, nnz {E}] of ones, x[{V},{Fd}]) (cuSPARSE SpMM)", make
    if name == "attention":
        Bt = pick(s, "B", "BATCH", "NB", what="batch")
        H = pick(s, "H", "HEADS", "NH", what="heads")
        T = pick(s, "S", "SEQ", "T", "L", "N", what="sequence length")
        D = pick(s, "D", "HD", "DH", "HEAD_DIM", what="head dimension")
        causal = "causal" in desc.lower() and "non-causal" not in desc.lower()
        def make(t, F, d):
            q, k, v = (t.randn(Bt, H, T, D, device=d) for _ in range(3))
            return lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return (f"F.scaled_dot_product_attention(q,k,v[{Bt},{H},{T},{D}], is_causal={causal}) "
                "(causal read from the YAML description)", make)
    if name == "attention_bf16":
        # Issue 33's bar: SDPA with the FlashAttention backend forced, BF16, causal.
        Bt = pick(s, "B", "BATCH", "NB", what="batch")
        H = pick(s, "H", "HEADS", "NH", what="heads")
        T = pick(s, "S", "SEQ", "T", "L", "N", what="sequence length")
        D = pick(s, "D", "HD", "DH", "HEAD_DIM", what="head dimension")
        def make(t, F, d):
            from torch.nn.attention import SDPBackend, sdpa_kernel  # noqa: PLC0415
            q, k, v = (t.randn(Bt, H, T, D, device=d, dtype=t.bfloat16) for _ in range(3))
            def run():
                with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                    return F.scaled_dot_product_attention(q, k, v, is_causal=True)
            return run
        return (f"F.scaled_dot_product_attention(q,k,v[{Bt},{H},{T},{D}] bf16, is_causal=True), "
                "FlashAttention backend forced", make)
    if name == "decoder_block":
        Bt = pick(s, "B", "BATCH", "NB", what="batch")
        T = pick(s, "S", "SEQ", "T", "L", what="sequence length")  # T may be NB*S: S first
        Dm = pick(s, "D", "DM", "DMODEL", "C", "HIDDEN", what="model width")
        H = pick(s, "H", "HEADS", "NH", what="heads")
        FF = pick(s, "FF", "DFF", "F", "INTER", "FFN", what="MLP width")
        eps = float(s.get("eps", 1e-5))
        def make(t, F, d):
            x = t.randn(Bt, T, Dm, device=d)
            sc = 1 / math.sqrt(Dm)
            wqkv = t.randn(3 * Dm, Dm, device=d) * sc
            wo = t.randn(Dm, Dm, device=d) * sc
            wg, wu = t.randn(FF, Dm, device=d) * sc, t.randn(FF, Dm, device=d) * sc
            wd = t.randn(Dm, FF, device=d) / math.sqrt(FF)
            g1, g2 = t.ones(Dm, device=d), t.ones(Dm, device=d)
            hd = Dm // H
            inv = 1.0 / (10000.0 ** (t.arange(0, hd, 2, device=d).float() / hd))
            ang = t.outer(t.arange(T, device=d).float(), inv)
            cos, sin = ang.cos(), ang.sin()
            def rms(v, g):
                return v * t.rsqrt(v.pow(2).mean(-1, keepdim=True) + eps) * g
            def rope(v):  # rotate-half RoPE over the head dimension
                v1, v2 = v[..., : hd // 2], v[..., hd // 2:]
                return t.cat((v1 * cos - v2 * sin, v1 * sin + v2 * cos), dim=-1)
            def block():
                h = rms(x, g1)
                q, k, v = F.linear(h, wqkv).view(Bt, T, 3, H, hd).permute(2, 0, 3, 1, 4)
                q, k = rope(q), rope(k)
                a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
                y = x + F.linear(a.transpose(1, 2).reshape(Bt, T, Dm), wo)
                h = rms(y, g2)
                return y + F.linear(F.silu(F.linear(h, wg)) * F.linear(h, wu), wd)
            return block
        return (f"Llama-style block B={Bt} S={T} D={Dm} H={H} FF={FF}: RMSNorm, QKV, RoPE, causal SDPA, "
                "out proj + residual, RMSNorm, SwiGLU MLP + residual", make)
    raise Skip(f"no PyTorch op written for problem {name!r}")


# ---- timing ----

def time_fn(torch, fn, samples, warmup, flush, before=None):
    """Median of `samples` CUDA-event timings of fn(); `before` (e.g. zeroing an accumulated
    output) runs before each sample's flush, outside the timed interval (bench/parity.py)."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
          for _ in range(samples)]
    for a, b in ev:
        if before:
            before()
        flush.zero_()  # evicts the inputs from L2; not inside the timed interval
        a.record()
        fn()
        b.record()
    torch.cuda.synchronize()
    us = [a.elapsed_time(b) * 1000.0 for a, b in ev]
    return {"median_us": statistics.median(us), "min_us": min(us), "max_us": max(us),
            "samples": len(us)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--problems", default=",".join(ALL))
    ap.add_argument("--problems-dir", default="problems")
    ap.add_argument("--out", default="torch_reference.json")
    ap.add_argument("--samples", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--budget-s", type=float, default=160,
                    help="wall-clock budget: torch.compile is skipped once less than 30 s remain")
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--list", action="store_true", help="print sizes and ops only (no torch needed)")
    a = ap.parse_args()
    names = [p for p in a.problems.split(",") if p]
    t0 = time.time()

    if a.list:
        for name in names:
            try:
                s, desc = load_scalars(a.problems_dir, name)
                print(f"{name}: {op_for(name, s, desc)[0]}")
            except Skip as e:
                print(f"{name}: skipped: {e}")
        return 0

    import torch  # noqa: PLC0415
    import torch.nn.functional as F  # noqa: PLC0415
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    dev = torch.device("cuda")
    props = torch.cuda.get_device_properties(0)
    l2 = getattr(props, "L2_cache_size", 60 * 1024 * 1024) or 60 * 1024 * 1024
    flush = torch.empty(2 * l2 // 4, dtype=torch.float32, device=dev)
    result = {"format": "solver-torch-reference", "version": 1, "device": props.name,
              "torch": torch.__version__, "cuda": torch.version.cuda,
              "tf32": False, "precision": "fp32", "samples": a.samples, "warmup": a.warmup,
              "l2_flush_bytes": 2 * l2, "timing": "CUDA events per sample, L2 flushed before each, median",
              "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "problems": {}}

    def save():
        tmp = a.out + ".tmp"
        with open(tmp, "w") as f:
            json.dump(result, f, indent=1)
        os.replace(tmp, a.out)

    def report(name):
        entry = result["problems"][name]
        line = entry.get("eager", {}).get("median_us")
        comp = entry.get("compile", {})
        print(f"{name}: {entry.get('status')} "
              + (f"eager {line:.1f} us" if line else entry.get("reason", ""))
              + (f", compile {comp['median_us']:.1f} us" if "median_us" in comp else
                 (f", compile skipped ({comp['skipped'][:80]})" if "skipped" in comp else "")),
              flush=True)

    def first_line(e):
        return f"{type(e).__name__}: " + (str(e).strip().splitlines() or [""])[0][:300]

    # Pass 1: eager for every problem (seconds each), so every row has PyTorch's number.
    ops = {}
    for name in names:
        entry = {"precision": PRECISION.get(name, "bf16" if name.endswith("_bf16") else "fp32")}
        result["problems"][name] = entry
        try:
            s, desc = load_scalars(a.problems_dir, name)
            entry["scalars"] = s
            op, make = op_for(name, s, desc)
            entry["op"] = op
            fn = make(torch, F, dev)
            entry["eager"] = time_fn(torch, fn, a.samples, a.warmup, flush)
            entry["status"] = "ok"
            ops[name] = make
            del fn
        except Skip as e:
            entry.update(status="skipped", reason=str(e))
        except Exception as e:  # noqa: BLE001  (an op that fails is recorded, the rest still run)
            entry.update(status="failed", reason=first_line(e))
        torch.cuda.empty_cache()
        save()

    # Pass 2: torch.compile (tens of seconds each), fusion-shaped problems first, while the
    # budget lasts; a compile that fails is a skip with its reason, never the end of the run.
    for name in sorted(ops, key=lambda n: (COMPILE_FIRST.index(n) if n in COMPILE_FIRST else 99)):
        entry = result["problems"][name]
        left = a.budget_s - (time.time() - t0)
        if a.no_compile:
            entry["compile"] = {"skipped": "--no-compile"}
        elif left < 30:
            entry["compile"] = {"skipped": f"budget: {left:.0f} s left of {a.budget_s:.0f}"}
        else:
            try:
                fn = ops[name](torch, F, dev)
                c = torch.compile(fn)
                s0 = time.time()
                ref, got = fn(), c()
                torch.cuda.synchronize()
                comp_s = time.time() - s0
                timing = time_fn(torch, c, a.samples, a.warmup, flush)
                same = None if ref.is_sparse else bool(
                    torch.allclose(got.float(), ref.float(), rtol=1e-3, atol=1e-3))
                entry["compile"] = dict(timing, compile_s=round(comp_s, 2), matches_eager=same)
                del fn, c, ref, got
            except Exception as e:  # noqa: BLE001  (any failure of inductor is a skip reason)
                entry["compile"] = {"skipped": f"torch.compile failed: {first_line(e)}"}
        torch.cuda.empty_cache()
        save()
    for name in names:
        report(name)
    result["wall_s"] = round(time.time() - t0, 1)
    save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
