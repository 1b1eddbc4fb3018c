// float64 reference for corpus problem rod_bfs (written for the corpus)
extern "C" __global__ void bfs_ref(const int* rowptr, const int* edges, double* mask, double* updating, const int* visited, int N) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= N || mask[t] == 0) return;
  mask[t] = 0;
  for (int i = rowptr[t]; i < rowptr[t + 1]; i++) {
    int id = edges[i];
    if (!visited[id]) updating[id] = 1;
  }
}
