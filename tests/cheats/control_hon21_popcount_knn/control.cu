// control_hon21_popcount_knn child: FAISS's binary flat search idiom (BinaryDistance.cu, MIT;
// written here, not copied): a query's 8 words in registers, the database staged 256 codes a
// tile in shared memory, __popc of the xor, the first minimum kept (strictly smaller replaces,
// database in ascending order).
extern "C" __global__ void __launch_bounds__(128)
    knn_popc(const unsigned* __restrict__ q, const unsigned* __restrict__ db, int* __restrict__ nn,
             int* __restrict__ dist, int Q, int D, int W) {
  __shared__ uint4 tile[256][2];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned w[8];
  const uint4* qi = reinterpret_cast<const uint4*>(q + (size_t)(i < Q ? i : 0) * 8);
  const uint4 a = qi[0], b = qi[1];
  w[0] = a.x, w[1] = a.y, w[2] = a.z, w[3] = a.w, w[4] = b.x, w[5] = b.y, w[6] = b.z, w[7] = b.w;
  int best = 1 << 30, at = 0;
  const uint4* db4 = reinterpret_cast<const uint4*>(db);
  for (int base = 0; base < D; base += 256) {
    __syncthreads();
    for (int k = threadIdx.x; k < 512; k += 128) tile[k >> 1][k & 1] = db4[(size_t)base * 2 + k];
    __syncthreads();
#pragma unroll 4
    for (int j = 0; j < 256; ++j) {
      const uint4 c = tile[j][0], e = tile[j][1];
      const int d = __popc(w[0] ^ c.x) + __popc(w[1] ^ c.y) + __popc(w[2] ^ c.z) +
                    __popc(w[3] ^ c.w) + __popc(w[4] ^ e.x) + __popc(w[5] ^ e.y) +
                    __popc(w[6] ^ e.z) + __popc(w[7] ^ e.w);
      if (d < best) best = d, at = base + j;
    }
  }
  if (i < Q) {
    nn[i] = at;
    dist[i] = best;
  }
}
