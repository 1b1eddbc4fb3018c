// reference for corpus_fresh8 rod_bfs_kernel2_flag (written for the corpus): one thread per word of
// four node bytes; a node whose updating byte is non-zero gets mask byte 1, visited byte 1 and
// updating byte 0, and then the flag is 1. The other bytes keep their input values.
extern "C" __global__ void bfs_kernel2_ref(double* mask, double* updating, double* visited,
                                           double* over, long long nw) {
  const long long w = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= nw) return;
  unsigned int m = (unsigned int)mask[w], u = (unsigned int)updating[w],
               v = (unsigned int)visited[w];
  bool any = false;
  for (int b = 0; b < 4; ++b) {
    const unsigned int sh = 8u * b;
    if ((u >> sh) & 0xffu) {
      any = true;
      m = (m & ~(0xffu << sh)) | (1u << sh);
      v = (v & ~(0xffu << sh)) | (1u << sh);
      u &= ~(0xffu << sh);
    }
  }
  mask[w] = (double)m;
  visited[w] = (double)v;
  updating[w] = (double)u;
  if (any) over[0] = 1.0;
}
