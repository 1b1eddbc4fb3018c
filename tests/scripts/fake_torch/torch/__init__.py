# A stand-in for the torch calls bench/torch_reference.py makes, so its control flow (both
# passes, skips, failures, the budget, the JSON) is tested without torch or a GPU. No number it
# produces means anything.
import types, time
__version__ = "fake"
float32 = float64 = int64 = "dtype"
version = types.SimpleNamespace(cuda="13.0")
backends = types.SimpleNamespace(cuda=types.SimpleNamespace(matmul=types.SimpleNamespace(allow_tf32=True)),
                                 cudnn=types.SimpleNamespace(allow_tf32=True))
def set_float32_matmul_precision(p): pass
def device(x): return x
class _Ev:
    def __init__(self, enable_timing=False): self.t = None
    def record(self): self.t = time.perf_counter()
    def elapsed_time(self, o): return (o.t - self.t) * 1e3
class T:
    is_sparse = False
    def __init__(self, *a, **k): pass
    def _s(self, *a, **k): return T()
    __mul__ = __rmul__ = __add__ = __radd__ = __sub__ = __rsub__ = __truediv__ = __rtruediv__ = _s
    zero_ = float = sum = _s
cuda = types.SimpleNamespace(
    get_device_properties=lambda i: types.SimpleNamespace(name="fake", L2_cache_size=1 << 20),
    Event=_Ev, synchronize=lambda: None, empty_cache=lambda: None)
empty = rand = randn = sigmoid = mm = bmm = triu = einsum = lambda *a, **k: T()
def softmax(x, dim): return T()
def allclose(a, b, rtol, atol): return True
def compile(fn):
    def c():
        if "sum" in fn.__code__.co_names: raise RuntimeError("inductor: fake failure\nsecond line")
        return fn()
    return c
