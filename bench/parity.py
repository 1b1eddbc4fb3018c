#!/usr/bin/env python3
"""One run, both sides: solver's kept kernel and PyTorch's op, timed in one process.

For each problem this takes the kernel solver kept (the ON track's best of an ablation run's
summary.json, or a key given with --variants), has `solver problems export` compile it with
NVRTC exactly as the GPU worker does (a cubin plus a JSON of its launches, buffers and
arguments), loads the cubin with the CUDA driver API through ctypes (cuModuleLoadData,
cuLaunchKernel on torch tensors' data_ptr, on torch's current stream) and times it next to
PyTorch eager and torch.compile in this one process: the same timing function
(bench/torch_reference.py's time_fn: warm-up, the same L2-flush buffer zeroed before every
sample outside the timed interval, one CUDA-event pair per sample, median), the same number of
samples, at the same precision class (the kept kernel's: TF32 is allowed to PyTorch only when
solver's kernel is tf32; bf16 problems run PyTorch on bf16 tensors).

Same inputs: where the problem's buffers are what the PyTorch op takes (GEMMs, attention,
norms, element-wise, reductions, conv2d, SpMM; matched by buffer names and shapes), PyTorch
runs on the very tensors solver's kernel reads, and the two outputs are compared (max error
against the problem's tolerance for the kernel's class): a row whose outputs disagree says so.
Elsewhere (decoder_block) PyTorch builds its own inputs of the same shapes
(bench/torch_reference.py) and the row says "own inputs".

Not a gate: solver's correctness protocol (fresh inputs, NaN poisoning, adversarial sets) is
the worker's; this only times. Its times are CUDA-event times of the whole launch sequence, the
same clock PyTorch gets, so a multi-kernel variant pays its launch gaps here as eager does.

    python3 bench/parity.py --solver build/solver --run ablate_all --out parity.json
    python3 bench/parity.py --solver S --variants matmul=naive,layernorm=vec4[BLOCK=256] ...
"""
import argparse
import ctypes
import importlib.util
import json
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def _json(path):
    with open(path) as f:
        return json.load(f)


def _bytes(path):
    with open(path, "rb") as f:
        return f.read()


def _torch_reference():
    spec = importlib.util.spec_from_file_location("torch_reference",
                                                  os.path.join(HERE, "torch_reference.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


TR = _torch_reference()


# ---- the kept kernel of each problem ----

def kept_from_run(run_dir):
    """{problem: (variant key, precision)} of the ON track's best in an ablation's summary.json."""
    s = _json(os.path.join(run_dir, "summary.json"))
    if s.get("format") != "solver-summary":
        raise SystemExit(f"{run_dir}/summary.json is not a solver summary")
    out = {}
    for p in s["problems"]:
        on = p.get("on") or {}
        key = on.get("best_variant") or on.get("seed_variant")
        if key:
            out[p["problem"]] = key
    return out


def parse_variants(text):
    out = {}
    # KEYs hold commas inside [...]: split on commas outside brackets.
    depth, cur, items = 0, "", []
    for ch in text or "":
        depth += ch == "["
        depth -= ch == "]"
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
        else:
            cur += ch
    if cur:
        items.append(cur)
    for item in items:
        if "=" not in item:
            raise SystemExit(f"--variants: '{item}' is not PROBLEM=KEY")
        p, k = item.split("=", 1)
        out[p.strip()] = k.strip()
    return out


def load_exported(folder, problem, key):
    """A kept kernel exported earlier (`solver problems export` elsewhere: NVRTC needs no GPU)."""
    meta = _json(os.path.join(folder, problem + ".json"))
    if meta.get("format") != "solver-kernel-export" or meta.get("variant") != key:
        raise RuntimeError(f"{folder}/{problem}.json is not an export of {key}")
    meta["cubin_bytes"] = _bytes(os.path.join(folder, meta["cubin"]))
    return meta


def export(solver, data_dir, problem, key, out_dir, problems_dir=None):
    cmd = [solver] + (["--data-dir", data_dir] if data_dir else []) + [
        "problems", "export", problem, "--variant", key, "--out", out_dir]
    if problems_dir:
        cmd += ["--problems-dir", problems_dir]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        raise RuntimeError(f"solver problems export exit {r.returncode}: "
                           + (r.stderr.strip().splitlines() or ["?"])[-1][:300])
    meta = _json(os.path.join(out_dir, problem + ".json"))
    meta["cubin_bytes"] = _bytes(os.path.join(out_dir, meta["cubin"]))
    return meta


# ---- the CUDA driver through ctypes ----

class Driver:
    TMAP_DTYPE = {"u32": 2, "i32": 3, "u64": 4, "i64": 5, "f16": 6, "f32": 7, "f64": 8, "bf16": 9}
    SWIZZLE = {0: 0, 32: 1, 64: 2, 128: 3}

    def __init__(self):
        self.cu = ctypes.CDLL("libcuda.so.1")
        self.check(self.cu.cuInit(0), "cuInit")
        ctx = ctypes.c_void_p()
        self.check(self.cu.cuCtxGetCurrent(ctypes.byref(ctx)), "cuCtxGetCurrent")
        if not ctx.value:
            raise RuntimeError("no current CUDA context (torch.cuda must be initialised first)")
        self.cu.cuLaunchKernel.argtypes = [
            ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint,
            ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_void_p,
            ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]

    def check(self, rc, what):
        if rc != 0:
            s = ctypes.c_char_p()
            self.cu.cuGetErrorString(rc, ctypes.byref(s))
            raise RuntimeError(f"{what}: CUDA error {rc} ({(s.value or b'?').decode()})")

    def load(self, cubin):
        mod = ctypes.c_void_p()
        self.check(self.cu.cuModuleLoadData(ctypes.byref(mod), ctypes.c_char_p(cubin)),
                   "cuModuleLoadData")
        return mod

    def function(self, mod, entry, smem):
        f = ctypes.c_void_p()
        self.check(self.cu.cuModuleGetFunction(ctypes.byref(f), mod, entry.encode()),
                   f"cuModuleGetFunction({entry})")
        if smem > 48 * 1024:  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
            self.check(self.cu.cuFuncSetAttribute(f, 8, ctypes.c_int(int(smem))),
                       f"cuFuncSetAttribute({entry}, smem {smem})")
        return f

    def tensor_map(self, m, base):
        """A CUtensorMap (128 bytes, 64-aligned) as the worker encodes it (tensor_map_encode.cpp)."""
        raw = (ctypes.c_uint8 * 192)()
        addr = (ctypes.addressof(raw) + 63) // 64 * 64
        rank = len(m["dims"])
        dims = (ctypes.c_uint64 * 5)(*m["dims"])
        strides = (ctypes.c_uint64 * 5)(*m["strides"])
        box = (ctypes.c_uint32 * 5)(*m["box"])
        ones = (ctypes.c_uint32 * 5)(*([1] * 5))
        self.check(self.cu.cuTensorMapEncodeTiled(
            ctypes.c_void_p(addr), ctypes.c_int(self.TMAP_DTYPE[m["dtype"]]), ctypes.c_uint(rank),
            ctypes.c_void_p(base), dims, strides, box, ones, ctypes.c_int(0),
            ctypes.c_int(self.SWIZZLE[m["swizzle"]]), ctypes.c_int(3), ctypes.c_int(0)),
            f"cuTensorMapEncodeTiled({m['name']})")
        return raw, addr


# ---- buffers and the launch sequence ----

def make_buffer(t, b, dev, gen):
    dt = {"f32": t.float32, "f64": t.float64, "f16": t.float16, "bf16": t.bfloat16,
          "i32": t.int32, "i64": t.int64, "u32": t.int32, "u64": t.int64}[b["dtype"]]
    shape, n = tuple(b["shape"]), b["elements"]
    init, a, c = b["init"]["dist"], b["init"]["a"], b["init"]["b"]
    if b["role"] in ("out", "scratch"):
        return t.full(shape, float("nan"), dtype=dt, device=dev) if dt.is_floating_point else \
            t.zeros(shape, dtype=dt, device=dev)
    if init == "uniform":
        x = t.rand(n, device=dev, generator=gen, dtype=t.float64) * (c - a) + a
    elif init == "normal":
        x = t.randn(n, device=dev, generator=gen, dtype=t.float64) * c + a
    elif init == "constant":
        x = t.full((n,), a, device=dev, dtype=t.float64)
    elif init == "randint":
        x = t.randint(int(a), int(c), (n,), device=dev, generator=gen)
    elif init == "arange":
        x = a + c * t.arange(n, device=dev, dtype=t.float64)
    elif init == "permutation":
        x = t.randperm(n, device=dev, generator=gen)
    elif init == "mask":
        x = (t.rand(n, device=dev, generator=gen) < a).long()
    elif init == "sorted":
        x = t.sort(t.rand(n, device=dev, generator=gen, dtype=t.float64) * (c - a) + a).values
    elif init == "csr_rowptr":  # rows = n - 1, nnz = a; degrees spread evenly (skew ignored)
        rows, nnz = n - 1, int(a)
        w = t.rand(rows, device=dev, generator=gen, dtype=t.float64) + 0.5
        share = w * (nnz / w.sum())
        deg = t.floor(share).long()
        rest = nnz - int(deg.sum())
        if rest > 0:
            deg[t.topk(share - t.floor(share), rest).indices] += 1
        x = t.zeros(n, dtype=t.int64, device=dev)
        x[1:] = t.cumsum(deg, 0)
    elif init == "cycle":
        p = t.randperm(n, device=dev, generator=gen)
        x = t.empty(n, dtype=t.int64, device=dev)
        x[p] = t.roll(p, -1)
    else:
        raise RuntimeError(f"init {init!r} not supported here")
    return x.to(dt).reshape(shape)


class SolverKernel:
    """The exported variant, launched through the driver on torch tensors."""

    def __init__(self, drv, t, meta, dev, seed=1234):
        self.drv, self.t, self.meta = drv, t, meta
        gen = t.Generator(device=dev)
        gen.manual_seed(seed)
        self.bufs = {b["name"]: make_buffer(t, b, dev, gen) for b in meta["buffers"]}
        self.zero = [self.bufs[b["name"]] for b in meta["buffers"] if b["zero_before_run"]]
        self.module = drv.load(meta["cubin_bytes"])
        maps = {m["name"]: m for m in meta["tensor_maps"]}
        self.keep = []  # every ctypes object a launch points at stays alive here
        self.calls = []
        for l in meta["launches"]:
            f = drv.function(self.module, l["entry"], l["smem"])
            ptrs = []
            for a in l["args"]:
                if a["kind"] == "buffer":
                    v = ctypes.c_uint64(self.bufs[a["name"]].data_ptr())
                elif a["kind"] == "tensor_map":
                    m = maps[a["name"]]
                    raw, addr = drv.tensor_map(m, self.bufs[m["buffer"]].data_ptr())
                    self.keep.append(raw)
                    ptrs.append(addr)
                    continue
                else:
                    ctype = {"i32": ctypes.c_int32, "u32": ctypes.c_uint32, "i64": ctypes.c_int64,
                             "u64": ctypes.c_uint64, "f32": ctypes.c_float,
                             "f64": ctypes.c_double}[a["dtype"]]
                    val = a["value"]
                    v = ctype(val if a["dtype"] in ("f32", "f64") else int(val))
                self.keep.append(v)
                ptrs.append(ctypes.addressof(v))
            params = (ctypes.c_void_p * max(1, len(ptrs)))(*ptrs)
            self.keep.append(params)
            self.calls.append((f, l["grid"], l["block"], l["smem"], params))

    def zero_outputs(self):
        for z in self.zero:
            z.zero_()

    def __call__(self):
        stream = ctypes.c_void_p(self.t.cuda.current_stream().cuda_stream)
        for f, g, b, smem, params in self.calls:
            self.drv.check(self.drv.cu.cuLaunchKernel(f, g[0], g[1], g[2], b[0], b[1], b[2],
                                                      int(smem), stream, params, None),
                           "cuLaunchKernel")


# ---- PyTorch on the same tensors, where the buffers are what the op takes ----

# Each problem's PyTorch op on solver's own buffers, named per problem (not guessed from buffer
# names: matmul_bf16 has buffers A, B, C like matmul, but its B is [N, K] and C = A.B^T, so a
# name-based torch.mm(A, B) ran, at a square shape, the product with B untransposed; that was
# the 16.7 M-element disagreement of call3). Each entry's comment names the problem's
# reference.cu semantics it follows; tests/scripts/parity_mapping_test.py checks the GEMM-family
# entries numerically against those semantics at small, non-square shapes.
GEMM_MM = ("matmul", "matmul_1024", "sgemm_2048")  # C[M,N] = A[M,K] . B[K,N]


def same_input_op(name, t, F, k, scal, desc):
    """(callable, output buffer name) running PyTorch on solver's own tensors, or None (the
    problem is not mapped: PyTorch then builds its own inputs, bench/torch_reference.py)."""
    b = k.bufs
    has = lambda *ns: all(n in b for n in ns)  # noqa: E731
    if name in GEMM_MM and has("A", "B", "C"):
        return (lambda: t.mm(b["A"], b["B"])), "C"
    if name == "matmul_bf16" and has("A", "B", "C"):
        # C[m,n] = sum_k A[m,k] B[n,k] (reference.cu reads B[n * K + k]): nn.Linear's x.W^T,
        # cuBLAS BF16 with FP32 accumulation and a BF16 result.
        return (lambda: F.linear(b["A"], b["B"])), "C"
    if name == "batched_gemm" and has("A", "B", "C"):
        return (lambda: t.bmm(b["A"], b["B"])), "C"  # C[b] = A[b][M,K] . B[b][K,N]
    if name == "matmul_tri" and has("A", "B", "C"):
        # C = triu(triu(A) . triu(B)) (reference.cu masks A below and B above the diagonal):
        # PyTorch gets the triangular inputs, made once here outside the timed op, exactly as
        # bench/torch_reference.py times it on its own triangular inputs.
        at, bt = t.triu(b["A"]), t.triu(b["B"])
        return (lambda: t.triu(t.mm(at, bt))), "C"
    if name in ("attention", "attention_bf16") and has("Q", "K", "V", "O"):
        causal = "causal" in desc.lower() and "non-causal" not in desc.lower()
        return (lambda: F.scaled_dot_product_attention(b["Q"], b["K"], b["V"],
                                                       is_causal=causal)), "O"
    if name in ("layernorm", "layernorm_768", "layernorm_4096") and has("x", "gamma", "beta", "y"):
        n = b["x"].shape[-1]
        eps = float(scal.get("eps", 1e-5))
        return (lambda: F.layer_norm(b["x"], (n,), b["gamma"], b["beta"], eps)), "y"
    if name == "groupnorm" and has("x", "gamma", "beta", "y"):
        eps = float(scal.get("eps", 1e-5))
        return (lambda: F.group_norm(b["x"], int(scal["G"]), b["gamma"], b["beta"], eps)), "y"
    if name == "softmax" and has("x", "y"):
        return (lambda: t.softmax(b["x"], dim=-1)), "y"
    if name == "sigmoid" and has("x", "y"):
        return (lambda: t.sigmoid(b["x"])), "y"
    if name == "reduce" and has("x", "out"):
        return (lambda: b["x"].sum().reshape(1)), "out"
    if name == "bias_gelu" and has("x", "bias", "y"):
        return (lambda: F.gelu(b["x"] + b["bias"])), "y"
    if name == "matmul_scalar" and has("A", "C"):
        s = float(scal["s"])
        return (lambda: b["A"] * s), "C"
    if name == "conv2d" and has("x", "w", "y"):
        return (lambda: F.conv2d(b["x"], b["w"], padding=int(scal.get("PAD", 0)),
                                 stride=int(scal.get("STRIDE", 1)))), "y"
    if name == "conv2d_7x7" and has("x", "w", "y"):
        # y[r, c] = sum_ij w[i, j] x[r - 3 + i, c - 3 + j], zero outside (reference.cu): one
        # input and one output channel, padding 3, as views (no copy inside the timed op).
        x4, w4 = b["x"][None, None], b["w"][None, None]
        return (lambda: F.conv2d(x4, w4, padding=3)[0, 0]), "y"
    if name == "triangle_contraction" and has("a", "b", "out"):
        return (lambda: t.einsum("ikc,jkc->ijc", b["a"], b["b"])), "out"
    if name == "transpose_4096" and has("in", "out"):
        return (lambda: b["in"].t().contiguous()), "out"  # out[c, r] = in[r, c]
    if name == "stencil3d_r4" and has("u", "out"):
        # problems/stencil3d_r4/include/stencil_coeffs.cuh's 25-point star of radius 4, zero
        # outside the grid, written the way a PyTorch user would: pad once, sum shifted slices
        # (torch.compile fuses them into one kernel).
        c = (-8.5416667, 1.6, -0.2, 0.025396825, -0.0017857143)
        u = b["u"]
        nz, ny, nx = u.shape

        def stencil():
            p = F.pad(u, (4, 4, 4, 4, 4, 4))
            acc = c[0] * u
            for r in range(1, 5):
                acc = acc + c[r] * (p[4:4 + nz, 4:4 + ny, 4 - r:4 - r + nx]
                                    + p[4:4 + nz, 4:4 + ny, 4 + r:4 + r + nx]
                                    + p[4:4 + nz, 4 - r:4 - r + ny, 4:4 + nx]
                                    + p[4:4 + nz, 4 + r:4 + r + ny, 4:4 + nx]
                                    + p[4 - r:4 - r + nz, 4:4 + ny, 4:4 + nx]
                                    + p[4 + r:4 + r + nz, 4:4 + ny, 4:4 + nx])
            return acc
        return stencil, "out"
    if name == "neighbor_aggregation" and has("rowptr", "col", "x", "out"):
        n = b["x"].shape[0]
        A = t.sparse_csr_tensor(b["rowptr"].long(), b["col"].long(),
                                t.ones(b["col"].numel(), device=b["x"].device), size=(n, n))
        return (lambda: t.sparse.mm(A, b["x"])), "out"
    return None


def extra_eager(name, t, F, k, scal, desc):
    """[(tag, callable, op text, cleanup or None)]: further PyTorch eager ways of running the
    same op on the same tensors, each timed as `eager_<tag>` and counted in PyTorch's best:
    attention_bf16's bar is SDPA's FlashAttention backend (issue 33), while eager SDPA picks
    its own (cuDNN on the H200); attention at the tf32 class with SDPA's math backend, the one
    that runs TF32 GEMMs; conv2d with cudnn.benchmark, where cuDNN times its algorithms
    (Winograd among them) and keeps the fastest, a setting PyTorch users turn on."""
    b, out = k.bufs, []
    if name == "attention_bf16" and all(n in b for n in ("Q", "K", "V")):
        from torch.nn.attention import SDPBackend, sdpa_kernel  # noqa: PLC0415
        causal = "causal" in desc.lower() and "non-causal" not in desc.lower()

        def flash():
            with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                return F.scaled_dot_product_attention(b["Q"], b["K"], b["V"], is_causal=causal)
        out.append(("flash", flash, "SDPA with the FlashAttention backend forced", None))
    if name == "attention" and t.backends.cuda.matmul.allow_tf32 and all(n in b for n in "QKV"):
        # At the tf32 class SDPA still picks its FP32 memory-efficient kernel; its math backend
        # (two batched GEMMs around a softmax) is the one that runs on TF32 tensor cores.
        from torch.nn.attention import SDPBackend, sdpa_kernel  # noqa: PLC0415
        causal = "causal" in desc.lower() and "non-causal" not in desc.lower()

        def math():
            with sdpa_kernel(SDPBackend.MATH):
                return F.scaled_dot_product_attention(b["Q"], b["K"], b["V"], is_causal=causal)
        out.append(("math_tf32", math, "SDPA's math backend (TF32 GEMMs)", None))
    if name == "conv2d" and all(n in b for n in ("x", "w")):
        pad, stride = int(scal.get("PAD", 0)), int(scal.get("STRIDE", 1))

        def bench():
            t.backends.cudnn.benchmark = True
            return F.conv2d(b["x"], b["w"], padding=pad, stride=stride)

        def off():
            t.backends.cudnn.benchmark = False
        out.append(("cudnn_benchmark", bench, "F.conv2d with torch.backends.cudnn.benchmark = True",
                    off))
    return out


def set_precision(t, cls):
    tf32 = cls == "tf32"
    t.backends.cuda.matmul.allow_tf32 = tf32
    t.backends.cudnn.allow_tf32 = tf32
    t.set_float32_matmul_precision("high" if tf32 else "highest")


def output_tolerance(meta, name):
    """The tolerance `solver problems export` says output `name` is checked at: the buffer's own
    (`buffers[i].tolerance`, a per-buffer `tolerance:` of problem.yaml) where it has one, else the
    variant's (docs/problem-format.md, "An output's own tolerance")."""
    for b in meta.get("buffers", []):
        if b.get("name") == name and "tolerance" in b:
            return b["tolerance"]
    return meta["tolerance"]


def compare(t, got, ref, tol):
    got, ref = got.double().reshape(-1), ref.double().reshape(-1)
    if got.numel() != ref.numel():
        return {"agree": None, "why": f"{got.numel()} vs {ref.numel()} elements"}
    err = (got - ref).abs()
    # Both sides approximate the exact result within the class's tolerance, so they may differ
    # from each other by twice it.
    bound = 2 * (tol["atol"] + tol["rtol"] * ref.abs())
    bad = int((~(err <= bound)).sum())  # NaN counts as bad
    return {"agree": bad == 0, "bad_elements": bad, "max_abs_err": float(err.max()),
            "bound": "2 x (atol + rtol |ref|)", "tolerance": tol}


# ---- torch.compile's caches warmed in parallel processes (--compile-procs) ----

def warm_compile(a):
    """--warm: compile each named problem's PyTorch op once on tensors of the same shapes,
    dtypes and precision settings as the main process's, so inductor's caches (FX graph,
    AOTAutograd, Triton kernels under TORCHINDUCTOR_CACHE_DIR) hold them when the main process
    compiles the same op: its compile then mostly loads. Nothing here is timed."""
    import types  # noqa: PLC0415
    import torch as t  # noqa: PLC0415
    import torch.nn.functional as F  # noqa: PLC0415
    dev = t.device("cuda")
    gen = t.Generator(device=dev)
    kept = parse_variants(a.variants)
    problems_dir = a.problems_dir or os.path.join(a.data_dir or ".", "problems")
    rc = 0
    for name in [p for p in a.problems.split(",") if p]:
        s0 = time.time()
        try:
            meta = load_exported(a.work, name, kept[name])
            k = types.SimpleNamespace(bufs={b["name"]: make_buffer(t, b, dev, gen)
                                            for b in meta["buffers"]})
            scal, desc = TR.load_scalars(problems_dir, name)
            set_precision(t, meta["precision"])
            same = same_input_op(name, t, F, k, scal, desc)
            fn = same[0] if same else TR.op_for(name, scal, desc)[1](t, F, dev)
            c = t.compile(fn, mode=a.compile_mode) if a.compile_mode else t.compile(fn)
            c()
            t.cuda.synchronize()
            print(f"warm {name}: {time.time() - s0:.1f} s", flush=True)
            del c, fn, k
        except Exception as e:  # noqa: BLE001  (the main process compiles it anyway)
            rc = 1
            print(f"warm {name}: failed after {time.time() - s0:.1f} s: {type(e).__name__}: "
                  + (str(e).strip().splitlines() or [""])[0][:200], flush=True)
        t.cuda.empty_cache()
    return rc


def run_warmers(a, order, kept, folder, budget_left):
    """Starts --compile-procs processes of this script with --warm over `order` (round robin,
    so the problems where compile matters are warmed first in every process) and waits for
    them, at most budget_left seconds. Returns what the JSON records of it."""
    n = max(1, min(a.compile_procs, len(order)))
    groups = [order[i::n] for i in range(n)]
    s0 = time.time()
    procs = []
    for g in groups:
        cmd = [sys.executable, os.path.abspath(__file__), "--warm", "--problems", ",".join(g),
               "--work", folder, "--variants", ",".join(f"{p}={kept[p]}" for p in g)]
        if a.problems_dir:
            cmd += ["--problems-dir", a.problems_dir]
        if a.data_dir:
            cmd += ["--data-dir", a.data_dir]
        if a.compile_mode:
            cmd += ["--compile-mode", a.compile_mode]
        procs.append(subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      text=True))
    out = {"procs": n, "problems": order, "lines": []}
    for p in procs:
        try:
            text, _ = p.communicate(timeout=max(1, budget_left - (time.time() - s0)))
        except subprocess.TimeoutExpired:
            p.kill()
            text, _ = p.communicate()
            out["lines"].append("killed at the budget")
        out["lines"] += [ln for ln in (text or "").splitlines() if ln.startswith("warm ")]
    out["wall_s"] = round(time.time() - s0, 1)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--solver", default="solver", help="the solver binary")
    ap.add_argument("--data-dir", help="solver's --data-dir (problems/, kernels/, rules/)")
    ap.add_argument("--problems-dir", help="folder of problems (default: the data dir's)")
    ap.add_argument("--run", help="ablation run directory: each problem's ON best is the kept kernel")
    ap.add_argument("--variants", help="PROBLEM=KEY,... (overrides --run for those problems)")
    ap.add_argument("--problems", help="only these problems (default: every one with a kept kernel)")
    ap.add_argument("--out", default="parity.json")
    ap.add_argument("--work", default=None, help="folder for the exported cubins (default: next to --out)")
    ap.add_argument("--exported", help="folder of earlier exports (<problem>.json + .cubin) to use "
                    "instead of calling `solver problems export`")
    ap.add_argument("--samples", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--budget-s", type=float, default=400,
                    help="wall seconds for this script: a torch.compile starts only while the "
                    "slowest compile so far (--compile-est-s before the first) still fits")
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--compile-mode", default=None,
                    help="torch.compile mode (default: torch's default mode; max-autotune costs minutes)")
    ap.add_argument("--compile-est-s", type=float, default=20,
                    help="what the first compile is assumed to take when deciding whether it fits")
    ap.add_argument("--compile-procs", type=int, default=0,
                    help="before the compile pass, warm inductor's caches in this many parallel "
                    "processes of this script (0: none); the main process still compiles and times")
    ap.add_argument("--warm", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--call", default="", help="which call made this (written into the JSON)")
    a = ap.parse_args()
    if a.warm:
        return warm_compile(a)
    t0 = time.time()
    kept = kept_from_run(a.run) if a.run else {}
    kept.update(parse_variants(a.variants))
    names = [p for p in (a.problems.split(",") if a.problems else kept) if p]
    problems_dir = a.problems_dir or os.path.join(a.data_dir or ".", "problems")
    work = a.work or os.path.join(os.path.dirname(os.path.abspath(a.out)), "parity_export")
    os.makedirs(work, exist_ok=True)

    import torch as t  # noqa: PLC0415
    import torch.nn.functional as F  # noqa: PLC0415
    dev = t.device("cuda")
    t.zeros(1, device=dev)  # the primary context, current on this thread
    drv = Driver()
    props = t.cuda.get_device_properties(0)
    l2 = getattr(props, "L2_cache_size", 60 * 1024 * 1024) or 60 * 1024 * 1024
    flush = t.empty(2 * l2 // 4, dtype=t.float32, device=dev)
    result = {"format": "solver-parity", "version": 1, "call": a.call, "device": props.name,
              "torch": t.__version__, "cuda": t.version.cuda, "run": a.run,
              "samples": a.samples, "warmup": a.warmup, "l2_flush_bytes": 2 * l2,
              "timing": "one process: CUDA events per sample on torch's stream, the L2 flushed "
                        "before each outside the timed interval, median; solver's kernel "
                        "loaded from its NVRTC cubin through the driver API",
              "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "problems": {}}

    def save():
        with open(a.out + ".tmp", "w") as f:
            json.dump(result, f, indent=1)
        os.replace(a.out + ".tmp", a.out)

    def first_line(e):
        return f"{type(e).__name__}: " + (str(e).strip().splitlines() or [""])[0][:300]

    def line(name):
        entry = result["problems"][name]
        s, comp = entry.get("solver", {}), entry.get("compile", {})
        comp_txt = (f"{comp['median_us']:.1f} us ({comp.get('compile_s', 0):.1f} s to compile)"
                    if "median_us" in comp else f"skipped ({comp['skipped']})" if comp
                    else "in pass 2")
        print(f"{name}: {entry['status']} "
              + (f"solver {s.get('variant')} {s.get('median_us', 0):.1f} us {s.get('precision')}, "
                 f"eager {entry.get('eager', {}).get('median_us', 0):.1f} us, compile {comp_txt}, "
                 f"ratio {entry.get('ratio', 0):.2f}x, check "
                 f"{entry.get('check', {}).get('agree', '-')}" if entry["status"] == "ok"
                 else entry.get("reason", "")), flush=True)

    def set_ratio(entry):  # PyTorch's best (eager, its other eager ways, compile) / solver's
        best = min([x["median_us"] for key, x in entry.items()
                    if (key in ("eager", "compile") or key.startswith("eager_"))
                    and isinstance(x, dict) and "median_us" in x])
        entry["ratio"] = best / entry["solver"]["median_us"]

    # Pass 1 (seconds in all): solver's kernel, PyTorch eager and the output check of every
    # problem, so every row has both sides even if no compile fits the budget afterwards.
    live = {}  # name -> (kernel, PyTorch callable): pass 2 compiles the very same op
    folders = {}  # name -> the folder its export is in (the warm processes read it there)
    for name in names:
        entry = {"status": "ok"}
        result["problems"][name] = entry
        key = kept.get(name)
        if not key:
            entry.update(status="skipped", reason="no kept kernel (not in --run, no --variants)")
            save()
            continue
        try:
            if a.exported and os.path.exists(os.path.join(a.exported, name + ".json")):
                meta = load_exported(a.exported, name, key)
                folders[name] = a.exported
            else:
                meta = export(a.solver, a.data_dir, name, key, work, a.problems_dir)
                folders[name] = work
            cls = meta["precision"]
            entry["solver"] = {"variant": key, "precision": cls, "source_hash": meta["source_hash"],
                               "launches": len(meta["launches"])}
            scal, desc = TR.load_scalars(problems_dir, name)
            set_precision(t, cls)
            k = SolverKernel(drv, t, meta, dev)
            k.zero_outputs()
            k()
            t.cuda.synchronize()
            entry["solver"].update(TR.time_fn(t, k, a.samples, a.warmup, flush, before=k.zero_outputs))
            same = same_input_op(name, t, F, k, scal, desc)
            if same:
                fn, out_name = same
                entry["inputs"] = "same tensors"
                k.zero_outputs()
                k()
                ref = fn()
                t.cuda.synchronize()
                entry["check"] = compare(t, k.bufs[out_name], ref, output_tolerance(meta, out_name))
                del ref
            else:
                op, make = TR.op_for(name, scal, desc)
                fn = make(t, F, dev)
                entry["inputs"] = "PyTorch's own, same shapes (" + op[:80] + ")"
            entry["torch_precision"] = cls
            entry["eager"] = TR.time_fn(t, fn, a.samples, a.warmup, flush)
            for tag, xfn, op, cleanup in extra_eager(name, t, F, k, scal, desc):
                try:
                    entry["eager_" + tag] = dict(TR.time_fn(t, xfn, a.samples, a.warmup, flush),
                                                 op=op)
                except Exception as e:  # noqa: BLE001  (the plain eager time stands)
                    entry["eager_" + tag] = {"skipped": first_line(e), "op": op}
                finally:
                    if cleanup:
                        cleanup()
            set_ratio(entry)
            live[name] = (k, fn, cls)
        except TR.Skip as e:
            entry.update(status="skipped", reason=str(e))
        except Exception as e:  # noqa: BLE001  (one problem's failure is its row, not the end)
            entry.update(status="failed", reason=first_line(e))
        if name not in live:
            t.cuda.empty_cache()
        line(name)
        save()
    result["pass1_s"] = round(time.time() - t0, 1)

    # Pass 2: torch.compile (default mode unless --compile-mode), in the order where it can
    # change the verdict: first the problems solver wins against eager (a compiled op faster
    # than solver's kernel would turn the row), fusion-shaped first among them
    # (torch_reference.COMPILE_FIRST); then the rest. One compile cannot be interrupted inside
    # the process, so each starts only while the budget has room for the slowest compile seen
    # so far (--compile-est-s before the first); a skipped one says so, with the numbers.
    order = sorted(live, key=lambda n: (result["problems"][n]["ratio"] < 0.95,
                                        TR.COMPILE_FIRST.index(n) if n in TR.COMPILE_FIRST else 99))
    est, spent = a.compile_est_s, 0.0
    if (a.compile_procs > 0 and not a.no_compile and order
            and a.budget_s - (time.time() - t0) - est - 5 >= 20):
        # One folder for the warm processes: exports made here are in `work`; a problem from
        # --exported is warmed only when its export is there too.
        warm = [n for n in order if folders.get(n) == (folders.get(order[0]))]
        left = a.budget_s - (time.time() - t0)
        result["compile_warm"] = run_warmers(a, warm, kept, folders[order[0]], left - est - 5)
        print(f"compile caches warmed in {result['compile_warm']['procs']} processes: "
              f"{result['compile_warm']['wall_s']} s", flush=True)
        for ln in result["compile_warm"]["lines"]:
            print("  " + ln, flush=True)
    for name in order:
        entry = result["problems"][name]
        k, fn, cls = live[name]
        left = a.budget_s - (time.time() - t0)
        if a.no_compile:
            entry["compile"] = {"skipped": "--no-compile"}
        elif left < est + 5:
            entry["compile"] = {"skipped": f"budget: {left:.0f} s of the step's {a.budget_s:.0f} s "
                                           f"left, a compile may take {est:.0f} s"}
        else:
            try:
                set_precision(t, cls)
                c = t.compile(fn, mode=a.compile_mode) if a.compile_mode else t.compile(fn)
                s0 = time.time()
                c()
                t.cuda.synchronize()
                took = time.time() - s0
                spent += took
                est = max(est if spent > took else 0, took * 1.5, 5)
                entry["compile"] = dict(TR.time_fn(t, c, a.samples, a.warmup, flush),
                                        compile_s=round(took, 2), mode=a.compile_mode or "default")
                set_ratio(entry)
                del c
            except Exception as e:  # noqa: BLE001
                entry["compile"] = {"skipped": f"torch.compile failed: {first_line(e)}"}
        line(name)
        save()
    result["compile_s"] = round(spent, 1)
    live.clear()
    t.cuda.empty_cache()
    result["wall_s"] = round(time.time() - t0, 1)
    save()
    ok = [p for p, e in result["problems"].items() if e["status"] == "ok"]
    bad = [p for p, e in result["problems"].items() if e.get("check", {}).get("agree") is False]
    print(f"parity: {len(ok)}/{len(names)} problems timed in one process"
          + (f"; outputs disagree on {','.join(bad)}" if bad else "") + f"; {result['wall_s']} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
