// corpus_fresh15: cudpp_listrank_chase -- CUDPP, cudppListRank's second kernel
// (src/cudpp/kernel/listrank_kernel.cuh: list_rank_kernel_soa_2<T>): after eleven pointer-jumping
// launches have left next-2048 pointers (d_pong) and the nodes of ranks 1..2047
// (d_start_indices), LISTRANK_MAX = 2048 threads (16 blocks of 128) each chase their pointer
// 2048 nodes at a time to the end of the list, ranking one value per hop. Rewritten for the
// problem format (see README.md).

#define LISTRANK_MAX 2048  // max number of threads dispatched

// T = float (CUDPP_FLOAT). The ranked array holds ranks 2048.. only, the part this launch writes
// (ranks 0..2047 come from the earlier launches): d_ranked_values[j] is stored at j - LISTRANK_MAX.
extern "C" __global__ void list_rank_kernel_soa_2(float* d_ranked_values,
                                                  const float* d_unranked_values,
                                                  const int* d_pong, const int* d_start_indices,
                                                  int head, int numElts) {
  // Global, Local IDs
  unsigned int idx = threadIdx.x + (blockIdx.x * blockDim.x);

  int myIndex = (idx == 0) ? head : d_start_indices[idx - 1];

  // No more threads to dispatch, each thread keeps chasing until the end of the list (starting
  // where the previous kernel left off)
  for (int j = ((int)idx + LISTRANK_MAX); j < numElts; j += LISTRANK_MAX) {
    int val = d_pong[myIndex];
    d_ranked_values[j - LISTRANK_MAX] = d_unranked_values[val];
    myIndex = val;
  }
}
