// control_hon19_cg_layernorm child in the style of llm.c's layernorm_forward_kernel3
// (dev/cuda/layernorm_forward.cu, MIT; written here): a warp per row as a cooperative-groups
// tile, cg::reduce with cg::plus for the two sums, rsqrtf, streaming loads and stores.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

extern "C" __global__ void layernorm_cg(float* __restrict__ out, float* __restrict__ mean,
                                        float* __restrict__ rstd, const float* __restrict__ inp,
                                        const float* __restrict__ weight,
                                        const float* __restrict__ bias, int N, int C) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const int row = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (row >= N) return;
  const float* x = inp + (size_t)row * C;
  float sum = 0.f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) sum += x[i];
  const float m = cg::reduce(warp, sum, cg::plus<float>()) / C;
  sum = 0.f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    const float d = x[i] - m;
    sum += d * d;
  }
  const float s = rsqrtf(cg::reduce(warp, sum, cg::plus<float>()) / C + 1e-5f);
  if (warp.thread_rank() == 0) {
    __stcs(mean + row, m);
    __stcs(rstd + row, s);
  }
  float* o = out + (size_t)row * C;
  for (int c = warp.thread_rank(); c < C; c += warp.size())
    __stcs(o + c, s * (__ldcs(x + c) - m) * weight[c] + bias[c]);
}
