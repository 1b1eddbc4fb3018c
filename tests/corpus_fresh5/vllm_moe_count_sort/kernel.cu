// corpus_fresh5: vllm_moe_count_sort -- vllm-project/vllm, csrc/moe/moe_align_sum_kernels.cu
// (count_and_sort_expert_tokens_kernel, int32 topk ids, no expert map), rewritten for the
// problem format (see README.md). Each (token, k) slot takes the next rank of its expert with
// an atomicAdd on that expert's counter and writes its index there.
extern "C" __global__ void count_and_sort_expert_tokens_kernel(const int* __restrict__ topk_ids,
                                                               int* __restrict__ sorted_token_ids,
                                                               int* __restrict__ cumsum_buffer,
                                                               unsigned long long numel,
                                                               int num_experts) {
  const size_t first = (size_t)blockIdx.y * blockDim.x + threadIdx.x;
  const size_t step = (size_t)blockDim.x * gridDim.y;
  for (size_t i = first; i < numel; i += step) {
    int expert_id = topk_ids[i];
    if (expert_id >= num_experts) continue;
    int rank_post_pad = atomicAdd(&cumsum_buffer[expert_id], 1);
    sorted_token_ids[rank_post_pad] = (int)i;
  }
}
