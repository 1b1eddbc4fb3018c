// reference for corpus_fresh5 vllm_moe_count_sort: the counters after the kernel, i.e. the
// number of slots routed to each expert (the counters start at zero), one block per expert
// counting with a shared-memory tree; the extra counter at index E is never touched.
extern "C" __global__ void moe_count_ref(const int* topk_ids, double* counts, long long numel,
                                         int E) {
  __shared__ double part[256];
  const int e = blockIdx.x;
  double c = 0;
  if (e < E)
    for (long long i = threadIdx.x; i < numel; i += blockDim.x) c += topk_ids[i] == e ? 1 : 0;
  part[threadIdx.x] = c;
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) counts[e] = part[0];
}
