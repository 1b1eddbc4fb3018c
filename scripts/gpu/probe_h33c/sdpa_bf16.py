"""PyTorch SDPA's time for attention_bf16 (B=4, H=16, S=4096, D=128, causal, BF16), the
FlashAttention backend forced, median of CUDA-event samples. Prints `SDPA_FLASH_MS <ms>` (and the
cuDNN / efficient backends when they run, for the record)."""
import sys
import torch
import torch.nn.functional as F
try:
    from torch.nn.attention import sdpa_kernel, SDPBackend
except ImportError:  # older PyTorch: the backend switches of torch.backends.cuda
    import enum

    class SDPBackend(enum.Enum):
        FLASH_ATTENTION = 0
        CUDNN_ATTENTION = 1
        EFFICIENT_ATTENTION = 2

    def sdpa_kernel(be):
        return torch.backends.cuda.sdp_kernel(enable_flash=be == SDPBackend.FLASH_ATTENTION,
                                              enable_math=False,
                                              enable_mem_efficient=be == SDPBackend.EFFICIENT_ATTENTION)

B, H, S, D = 4, 16, 4096, 128
g = torch.Generator(device="cuda").manual_seed(0)
q, k, v = (torch.randn(B, H, S, D, device="cuda", dtype=torch.bfloat16, generator=g) for _ in range(3))
flops = 4.0 * D * B * H * S * (S + 1) / 2


def timeit(fn, n=20):
    for _ in range(3):
        fn()
    ts = []
    for _ in range(n):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        ts.append(a.elapsed_time(b))
    ts.sort()
    return ts[len(ts) // 2]


print("torch", torch.__version__, torch.cuda.get_device_name(0))
for name, be in (("FLASH", SDPBackend.FLASH_ATTENTION), ("CUDNN", SDPBackend.CUDNN_ATTENTION),
                 ("EFFICIENT", SDPBackend.EFFICIENT_ATTENTION)):
    try:
        with sdpa_kernel(be):
            ms = timeit(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True))
        print(f"SDPA_{name}_MS {ms:.4f} ({flops / ms / 1e9:.1f} TFLOP/s)")
    except Exception as e:  # noqa: BLE001 - a backend that does not run says why
        print(f"SDPA_{name} failed: {str(e).splitlines()[0][:160]}")
# FP32 class (TF32 off): attention's shape and decoder_block's causal attention, the backend
# PyTorch picks (memory-efficient attention for FP32).
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False
for name, (b, h, s_, d, causal) in (("attention", (8, 16, 1024, 64, False)),
                                    ("decoder_attn", (1, 8, 4096, 64, True))):
    q32, k32, v32 = (torch.randn(b, h, s_, d, device="cuda", dtype=torch.float32) for _ in range(3))
    ms = timeit(lambda: F.scaled_dot_product_attention(q32, k32, v32, is_causal=causal))
    print(f"SDPA_FP32_{name} {ms:.4f} ms")
sys.stdout.flush()
