// corpus_fresh15: cudpp_listrank_jump -- CUDPP, cudppListRank's pointer-jumping kernel
// (src/cudpp/kernel/listrank_kernel.cuh: list_rank_kernel_soa_1<T>), its last launch (step =
// 1024): the first 1024 threads extend the ranked prefix by one hop each, then all
// LISTRANK_TOTAL = 1M threads (8192 blocks of 128) replace every node's pointer by its
// successor's pointer, d_pong[i] = d_ping[d_ping[i]], striding over the 16M-node list.
// Rewritten for the problem format (see README.md).

#define LISTRANK_TOTAL 1024 * 1024

// T = float (CUDPP_FLOAT)
extern "C" __global__ void list_rank_kernel_soa_1(float* d_ranked_values,
                                                  const float* d_unranked_values,
                                                  const int* d_ping, int* d_pong,
                                                  int* d_start_indices, int step, int head,
                                                  int numElts) {
  // Global, Local IDs
  unsigned int idx = threadIdx.x + (blockIdx.x * blockDim.x);

  if (idx == 0 && step == 1) d_ranked_values[0] = d_unranked_values[head];

  if (idx < step && (idx + step) < numElts) {
    // Only threads which are alive/dispatched compute here
    int myhead = (idx == 0) ? head : d_start_indices[idx - 1];
    int next_index = d_ping[myhead];

    d_start_indices[idx + (step - 1)] = next_index;
    d_ranked_values[idx + step] = d_unranked_values[next_index];
  }

  // All threads work to calculate next neighbors (1, 2, 4, 8, etc. neighbors away)
  for (int i = (int)idx; i < numElts; i += LISTRANK_TOTAL) {
    int my_next_index = d_ping[i];
    int val_to_store = -1;
    if (my_next_index >= 0) {
      val_to_store = d_ping[my_next_index];
    }
    d_pong[i] = val_to_store;
  }
}
