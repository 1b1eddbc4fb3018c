// control_hon22_softmax_argmax child: vLLM's sampler shape (greedy token and the probabilities
// in one pass over the logits; vllm/model_executor/layers/sampler.py's outputs, Apache-2.0),
// written here: a block per row, each thread keeps an online (max, sum) and its first argmax,
// merged by shuffles and shared memory with the lower index winning ties, then one pass writes
// the probabilities.
#include <math_constants.h>

struct MaxArg {
  float m;
  int i;
};
__device__ __forceinline__ MaxArg better(MaxArg a, MaxArg b) {
  return (b.m > a.m || (b.m == a.m && b.i < a.i)) ? b : a;
}

extern "C" __global__ void __launch_bounds__(512)
    softmax_argmax_block(const float* __restrict__ logits, float* __restrict__ probs,
                         int* __restrict__ token, int B, int V) {
  __shared__ float sm[16], ss[16];
  __shared__ int si[16];
  const int b = blockIdx.x, lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const float* x = logits + (size_t)b * V;
  MaxArg best{-CUDART_INF_F, 0x7fffffff};
  float s = 0.f;  // sum of exp(x - best.m) over this thread's values
  for (int v = threadIdx.x; v < V; v += blockDim.x) {
    const float xv = __ldg(x + v);
    if (xv > best.m) {
      s = s * expf(best.m - xv) + 1.f;
      best = {xv, v};
    } else {
      s += expf(xv - best.m);
    }
  }
  for (int o = 16; o > 0; o >>= 1) {
    MaxArg other{__shfl_xor_sync(0xffffffffu, best.m, o), __shfl_xor_sync(0xffffffffu, best.i, o)};
    const float s2 = __shfl_xor_sync(0xffffffffu, s, o);
    const float mn = fmaxf(best.m, other.m);
    s = s * expf(best.m - mn) + s2 * expf(other.m - mn);
    best = better(best, other);
  }
  if (lane == 0) {
    sm[warp] = best.m;
    si[warp] = best.i;
    ss[warp] = s;
  }
  __syncthreads();
  if (warp == 0) {
    const int nw = blockDim.x / 32;
    best = lane < nw ? MaxArg{sm[lane], si[lane]} : MaxArg{-CUDART_INF_F, 0x7fffffff};
    s = lane < nw ? ss[lane] : 0.f;
    for (int o = 16; o > 0; o >>= 1) {
      MaxArg other{__shfl_xor_sync(0xffffffffu, best.m, o),
                   __shfl_xor_sync(0xffffffffu, best.i, o)};
      const float s2 = __shfl_xor_sync(0xffffffffu, s, o);
      const float mn = fmaxf(best.m, other.m);
      s = (s == 0.f ? 0.f : s * expf(best.m - mn)) + (s2 == 0.f ? 0.f : s2 * expf(other.m - mn));
      best = better(best, other);
    }
    if (lane == 0) {
      sm[0] = best.m;
      ss[0] = s;
      token[b] = best.i;
    }
  }
  __syncthreads();
  const float m = sm[0], inv = 1.f / ss[0];
  for (int v = threadIdx.x; v < V; v += blockDim.x)
    probs[(size_t)b * V + v] = expf(__ldg(x + v) - m) * inv;
}
