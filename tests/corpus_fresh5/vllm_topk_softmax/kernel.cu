// corpus_fresh5: vllm_topk_softmax -- vllm-project/vllm, csrc/moe/topk_softmax_kernels.cu
// (topkGatingSoftmax<VPT = 4, NUM_EXPERTS = 128, WARPS_PER_CTA = 4, BYTES_PER_LDG = 16>, from
// TensorRT-LLM's MoE kernels), rewritten for the problem format (see README.md). One warp per
// token row of 128 router logits, 4 per lane (one 16-byte load): softmax with butterfly max and
// sum reductions, then k rounds of a butterfly argmax that blanks each winner.
#define NUM_EXPERTS 128
#define VPT 4
#define THREADS_PER_ROW 32  // NUM_EXPERTS / VPT
#define WARPS_PER_CTA 4

extern "C" __global__ void __launch_bounds__(WARPS_PER_CTA * 32)
    topkGatingSoftmax(const float* __restrict__ input, float* __restrict__ output, int num_rows,
                      int* __restrict__ indices, int* __restrict__ source_rows, int k) {
  const int thread_row = blockIdx.x * WARPS_PER_CTA + threadIdx.y;  // one row per warp
  if (thread_row >= num_rows) return;
  const int group_idx = threadIdx.x % THREADS_PER_ROW;
  const int first_col = group_idx * VPT;
  float4 v = *reinterpret_cast<const float4*>(input + (size_t)thread_row * NUM_EXPERTS + first_col);
  float chunk[VPT] = {v.x, v.y, v.z, v.w};

  float row_max = chunk[0];
#pragma unroll
  for (int ii = 1; ii < VPT; ++ii) row_max = fmaxf(row_max, chunk[ii]);
#pragma unroll
  for (int mask = THREADS_PER_ROW / 2; mask > 0; mask /= 2)
    row_max = fmaxf(row_max, __shfl_xor_sync(0xffffffffu, row_max, mask, THREADS_PER_ROW));

  float row_sum = 0.f;
#pragma unroll
  for (int ii = 0; ii < VPT; ++ii) {
    chunk[ii] = expf(chunk[ii] - row_max);
    row_sum += chunk[ii];
  }
#pragma unroll
  for (int mask = THREADS_PER_ROW / 2; mask > 0; mask /= 2)
    row_sum += __shfl_xor_sync(0xffffffffu, row_sum, mask, THREADS_PER_ROW);
  const float inv_sum = 1.f / row_sum;
#pragma unroll
  for (int ii = 0; ii < VPT; ++ii) chunk[ii] *= inv_sum;

  for (int k_idx = 0; k_idx < k; ++k_idx) {
    float best = chunk[0];
    int expert = first_col;
#pragma unroll
    for (int ii = 1; ii < VPT; ++ii)
      if (chunk[ii] > best) {
        best = chunk[ii];
        expert = first_col + ii;
      }
#pragma unroll
    for (int mask = THREADS_PER_ROW / 2; mask > 0; mask /= 2) {
      float other_best = __shfl_xor_sync(0xffffffffu, best, mask, THREADS_PER_ROW);
      int other_expert = __shfl_xor_sync(0xffffffffu, expert, mask, THREADS_PER_ROW);
      if (other_best > best || (other_best == best && other_expert < expert)) {
        best = other_best;
        expert = other_expert;
      }
    }
    if (group_idx == 0) {
      const int idx = k * thread_row + k_idx;
      output[idx] = best;
      indices[idx] = expert;
      source_rows[idx] = k_idx * num_rows + thread_row;
    }
    if (k_idx + 1 < k && group_idx == (expert / VPT) % THREADS_PER_ROW)
      chunk[expert % VPT] = -10000.f;  // blank the winner for the next round
  }
}
