// corpus_fresh8: rod_bfs_kernel2_flag -- Rodinia 3.1, cuda/bfs/kernel2.cu: Kernel2 of Harish and
// Narayanan's BFS, the level's second pass: every node marked in the updating mask joins the next
// frontier (mask and visited set, updating cleared) and raises the "another level" flag
// *g_over. One thread per node, MAX_THREADS_PER_BLOCK = 512 (bfs.cu). Rewritten for the problem
// format (see README.md): the bool arrays are byte arrays (tested against zero, set to one).
#define MAX_THREADS_PER_BLOCK 512

extern "C" __global__ void bfs_Kernel2(unsigned char* g_graph_mask,
                                       unsigned char* g_updating_graph_mask,
                                       unsigned char* g_graph_visited, unsigned char* g_over,
                                       int no_of_nodes) {
  int tid = blockIdx.x * MAX_THREADS_PER_BLOCK + threadIdx.x;
  if (tid < no_of_nodes && g_updating_graph_mask[tid]) {
    g_graph_mask[tid] = 1;
    g_graph_visited[tid] = 1;
    *g_over = 1;
    g_updating_graph_mask[tid] = 0;
  }
}
