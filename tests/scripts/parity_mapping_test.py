#!/usr/bin/env python3
"""bench/parity.py's PyTorch op per problem, checked numerically without torch or a GPU.

parity.py runs PyTorch on the very buffers solver's kernel reads and compares the outputs; a
wrong mapping (an operand's layout, which buffer is which) makes that check fail on the GPU for
no fault of the kernel, and can time a different op than the problem's (call3 of 2026-12-02:
matmul_bf16's C = A.B^T was mapped to torch.mm(A, B), 16.7 M elements off). Here every
GEMM-family mapping runs on a small numeric stand-in for the few torch calls it makes (mm,
bmm, F.linear, triu), on buffers shaped by the problem's own problem.yaml (its `shape:` lists,
with small, non-square sizes substituted), and is compared with the problem's reference.cu
semantics written out in Python below (each names the index expression it follows).
"""
import contextlib
import importlib.util
import io
import json
import os
import random
import re
import sys
import tempfile
import types
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_parity():
    spec = importlib.util.spec_from_file_location("parity", os.path.join(ROOT, "bench", "parity.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class MT:
    """A dense row-major tensor of Python floats: just what the GEMM mappings call."""

    def __init__(self, shape, data):
        self.shape, self.data = tuple(shape), list(data)
        assert len(self.data) == prod(self.shape)

    def dim(self):
        return len(self.shape)

    def at(self, *ix):
        off = 0
        for i, n in zip(ix, self.shape):
            off = off * n + i
        return self.data[off]


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def mm(a, b):
    if a.dim() != 2 or b.dim() != 2 or a.shape[1] != b.shape[0]:
        raise ValueError(f"mm: shapes {a.shape} and {b.shape} cannot be multiplied")
    M, K, N = a.shape[0], a.shape[1], b.shape[1]
    return MT((M, N), [sum(a.at(m, k) * b.at(k, n) for k in range(K))
                       for m in range(M) for n in range(N)])


def bmm(a, b):
    if a.dim() != 3 or b.dim() != 3 or a.shape[0] != b.shape[0] or a.shape[2] != b.shape[1]:
        raise ValueError(f"bmm: shapes {a.shape} and {b.shape} cannot be multiplied")
    out = []
    for i in range(a.shape[0]):
        ai = MT(a.shape[1:], a.data[i * prod(a.shape[1:]):(i + 1) * prod(a.shape[1:])])
        bi = MT(b.shape[1:], b.data[i * prod(b.shape[1:]):(i + 1) * prod(b.shape[1:])])
        out += mm(ai, bi).data
    return MT((a.shape[0], a.shape[1], b.shape[2]), out)


def linear(x, w):  # torch.nn.functional.linear(x, W) = x . W^T, W stored [out, in]
    if x.shape[-1] != w.shape[1]:
        raise ValueError(f"linear: input {x.shape} and weight {w.shape} do not match")
    M, K, N = x.shape[0], x.shape[1], w.shape[0]
    return MT((M, N), [sum(x.at(m, k) * w.at(n, k) for k in range(K))
                       for m in range(M) for n in range(N)])


def triu(a):
    M, N = a.shape
    return MT(a.shape, [a.at(i, j) if j >= i else 0.0 for i in range(M) for j in range(N)])


TORCH = types.SimpleNamespace(mm=mm, bmm=bmm, triu=triu)
F = types.SimpleNamespace(linear=linear)


# ---- the problems' reference.cu semantics, written out ----

def ref_matmul(b, s):  # kernels/matmul/reference.cu, sgemm_2048: A[m * K + k] * B[k * N + n]
    M, N, K = s["M"], s["N"], s["K"]
    return [sum(b["A"].data[m * K + k] * b["B"].data[k * N + n] for k in range(K))
            for m in range(M) for n in range(N)]


def ref_matmul_bf16(b, s):  # problems/matmul_bf16/reference.cu: A[m * K + k] * B[n * K + k]
    M, N, K = s["M"], s["N"], s["K"]
    return [sum(b["A"].data[m * K + k] * b["B"].data[n * K + k] for k in range(K))
            for m in range(M) for n in range(N)]


def ref_batched(b, s):  # problems/batched_gemm/reference.cu: per batch, A[m * K + k] * B[k * N + n]
    Bt, M, N, K = s["BATCH"], s["M"], s["N"], s["K"]
    return [sum(b["A"].data[(i * M + m) * K + k] * b["B"].data[(i * K + k) * N + n] for k in range(K))
            for i in range(Bt) for m in range(M) for n in range(N)]


def ref_tri(b, s):  # problems/matmul_tri/reference.cu: A counts for k >= i, B for k <= j, C = 0 below
    N = s["N"]
    return [sum(b["A"].data[i * N + k] * b["B"].data[k * N + j] for k in range(i, j + 1))
            if i <= j else 0.0 for i in range(N) for j in range(N)]


# name -> (small scalars: non-square where the problem allows, the reference)
CASES = {
    "matmul": ({"M": 3, "N": 5, "K": 4}, ref_matmul),
    "matmul_1024": ({"M": 3, "N": 5, "K": 4}, ref_matmul),
    "sgemm_2048": ({"M": 3, "N": 5, "K": 4}, ref_matmul),
    "matmul_bf16": ({"M": 3, "N": 5, "K": 4}, ref_matmul_bf16),
    "batched_gemm": ({"BATCH": 2, "M": 3, "N": 5, "K": 4}, ref_batched),
    "matmul_tri": ({"N": 5}, ref_tri),
}


def yaml_shapes(name):
    """{buffer: [shape expressions]} from the problem's problem.yaml `buffers:` lines."""
    with open(os.path.join(ROOT, "problems", name, "problem.yaml")) as f:
        text = f.read()
    block = text.split("\nbuffers:", 1)[1].split("\nflops:", 1)[0]
    return {m.group(1): [e.strip() for e in m.group(2).split(",")]
            for m in re.finditer(r"^\s+(\w+):\s*\{[^}]*shape:\s*\[([^\]]*)\]", block, re.M)}


def buffers(name, scal, rng):
    out = {}
    for buf, dims in yaml_shapes(name).items():
        try:
            shape = [eval(d, {}, dict(scal)) for d in dims]  # noqa: S307 (the repo's own YAML)
        except NameError:  # sized by a variant's knob (a scratch buffer): not an op's operand
            continue
        out[buf] = MT(shape, [rng.uniform(-1, 1) for _ in range(prod(shape))])
    return out


class ParityMapping(unittest.TestCase):
    def setUp(self):
        self.parity = load_parity()

    def run_case(self, name, scal, ref, rng):
        k = types.SimpleNamespace(bufs=buffers(name, scal, rng))
        op = self.parity.same_input_op(name, TORCH, F, k, scal, "")
        self.assertIsNotNone(op, f"{name}: no same-input op")
        fn, out = op
        got = fn()
        self.assertEqual(got.shape, k.bufs[out].shape, f"{name}: output shape")
        want = ref(k.bufs, scal)
        err = max(abs(g - w) for g, w in zip(got.data, want))
        return err

    def test_gemm_family_matches_reference_semantics(self):
        rng = random.Random(7)
        for name, (scal, ref) in CASES.items():
            with self.subTest(problem=name):
                self.assertLess(self.run_case(name, scal, ref, rng), 1e-12)

    def test_square_shapes_too(self):
        # At a square shape (the built-in 4096^3) a transposed operand raises no shape error:
        # only the values tell, so the values are what this compares.
        rng = random.Random(11)
        for name in ("matmul", "matmul_bf16"):
            scal = {"M": 4, "N": 4, "K": 4}
            with self.subTest(problem=name):
                self.assertLess(self.run_case(name, scal, CASES[name][1], rng), 1e-12)

    def test_the_check_has_teeth(self):
        # The call3 mapping (torch.mm(A, B) for matmul_bf16) at a square shape: it runs, and
        # its values are not the reference's; so the comparison above can fail.
        rng = random.Random(3)
        scal = {"M": 4, "N": 4, "K": 4}
        b = buffers("matmul_bf16", scal, rng)
        wrong = mm(b["A"], b["B"]).data
        err = max(abs(g - w) for g, w in zip(wrong, ref_matmul_bf16(b, scal)))
        self.assertGreater(err, 1e-3)

    def test_every_builtin_problem_with_a_torch_op_is_mapped_by_name(self):
        # Every problem folder whose op PyTorch runs on solver's buffers is named in
        # same_input_op; a new problem with buffers A, B, C no longer falls into torch.mm.
        rng = random.Random(5)
        k = types.SimpleNamespace(bufs=buffers("matmul", {"M": 2, "N": 2, "K": 2}, rng))
        self.assertIsNone(self.parity.same_input_op("some_new_gemm", TORCH, F, k, {}, ""))


class ParityOutputTolerance(unittest.TestCase):
    """h28v: an output with its own tolerance (the export's buffers[i].tolerance) is compared at it."""

    def test_buffer_tolerance_first(self):
        parity = load_parity()
        meta = {"tolerance": {"rtol": 1e-6, "atol": 1},
                "buffers": [{"name": "q"}, {"name": "scale", "tolerance": {"rtol": 1e-6, "atol": 0}}]}
        self.assertEqual(parity.output_tolerance(meta, "scale"), {"rtol": 1e-6, "atol": 0})
        self.assertEqual(parity.output_tolerance(meta, "q"), {"rtol": 1e-6, "atol": 1})
        self.assertEqual(parity.output_tolerance({"tolerance": {"rtol": 1, "atol": 2}}, "y"),
                         {"rtol": 1, "atol": 2})


class ParityPasses(unittest.TestCase):
    """main()'s two passes with a stand-in torch, driver and export (nothing numeric): every
    problem gets solver, eager and its check first; torch.compile runs afterwards, where
    solver wins against eager first, and only while the slowest compile so far still fits."""

    def run_main(self, budget, eager_us, compile_s):
        parity = load_parity()
        calls = []
        fake = types.ModuleType("torch")
        fake.__version__, fake.version = "fake", types.SimpleNamespace(cuda="13.0")
        fake.float32 = "f32"
        fake.device = lambda d: d
        fake.zeros = fake.empty = lambda *a, **k: None
        fake.set_float32_matmul_precision = lambda p: None
        fake.backends = types.SimpleNamespace(cuda=types.SimpleNamespace(
            matmul=types.SimpleNamespace()), cudnn=types.SimpleNamespace())
        fake.cuda = types.SimpleNamespace(
            get_device_properties=lambda i: types.SimpleNamespace(name="fake", L2_cache_size=1 << 20),
            synchronize=lambda: None, empty_cache=lambda: None)
        clock = [0.0]

        def compile_(fn, mode=None):
            def c():
                if not calls or calls[-1] != ("compiled", fn.name):
                    clock[0] += compile_s  # the first call compiles
                    calls.append(("compiled", fn.name))
            c.name = fn.name
            return c
        fake.compile = compile_
        fnl = types.ModuleType("torch.nn.functional")
        saved = {m: sys.modules.get(m) for m in ("torch", "torch.nn", "torch.nn.functional")}
        sys.modules.update({"torch": fake, "torch.nn": types.ModuleType("torch.nn"),
                            "torch.nn.functional": fnl})
        parity.time = types.SimpleNamespace(time=lambda: clock[0], strftime=lambda *a: "t",
                                            gmtime=lambda: None)
        parity.Driver = lambda: None
        parity.export = lambda solver, dd, name, key, out, pd: {
            "precision": "fp32", "source_hash": "x", "launches": [1], "tolerance": {}}

        class K:
            def __init__(self, drv, t, meta, dev):
                self.bufs = {"y": None}

            def zero_outputs(self):
                pass

            def __call__(self):
                pass
        parity.SolverKernel = K

        def same(name, t, F, k, scal, desc):
            fn = lambda: None  # noqa: E731
            fn.name = name
            return fn, "y"
        parity.same_input_op = same
        parity.compare = lambda *a: {"agree": True}
        parity.extra_eager = lambda *a: []
        parity.TR.load_scalars = lambda d, n: ({}, "")

        def time_fn(t, fn, samples, warmup, flush, before=None):
            name = getattr(fn, "name", None)
            return {"median_us": eager_us.get(name, 100.0) if name else 100.0}
        parity.TR.time_fn = time_fn
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "p.json")
            sys.argv = ["parity", "--variants", ",".join(f"{n}=k" for n in eager_us),
                        "--out", out, "--budget-s", str(budget), "--compile-est-s", "10"]
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    rc = parity.main()
            finally:
                for m, v in saved.items():
                    if v is None:
                        sys.modules.pop(m, None)
                    else:
                        sys.modules[m] = v
            with open(out) as f:
                return rc, json.load(f), [c[1] for c in calls]

    def test_compile_order_and_budget(self):
        # solver's kernel times 100 us; eager: matmul 90 (solver loses), softmax 150 and
        # bias_gelu 300 (solver wins: bias_gelu is first of torch_reference.COMPILE_FIRST).
        # Each compile takes 30 s; 100 s of budget: two fit (est 10, then 45 after the first).
        rc, j, order = self.run_main(100, {"matmul": 90.0, "softmax": 150.0, "bias_gelu": 300.0},
                                     30.0)
        self.assertEqual(rc, 0)
        self.assertEqual(order, ["bias_gelu", "softmax"])
        p = j["problems"]
        for n in ("matmul", "softmax", "bias_gelu"):  # pass 1 for every problem
            self.assertEqual(p[n]["eager"]["median_us"], {"matmul": 90.0, "softmax": 150.0,
                                                          "bias_gelu": 300.0}[n])
            self.assertTrue(p[n]["check"]["agree"])
        self.assertEqual(p["bias_gelu"]["compile"]["compile_s"], 30.0)
        self.assertIn("budget: 40 s of the step's 100 s left, a compile may take 45 s",
                      p["matmul"]["compile"]["skipped"])
        self.assertEqual(j["compile_s"], 60.0)

    def test_no_budget_still_times_every_problem(self):
        rc, j, order = self.run_main(5, {"matmul": 90.0, "softmax": 150.0}, 30.0)
        self.assertEqual(order, [])
        for e in j["problems"].values():
            self.assertIn("median_us", e["eager"])
            self.assertIn("budget", e["compile"]["skipped"])


if __name__ == "__main__":
    sys.exit(unittest.main())
