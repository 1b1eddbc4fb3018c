// control (h28x): top-K of a row by radix select (ATen's topk in its simplest form), scores in
// [0, 64) (the problem's law). A block of 256 per row, 4 scores a thread (j = t + 256 e, so
// rounds e and warps and lanes ascend with the index). The entries above the K-th largest value
// t are placed by a shared atomicAdd, in the atomics' order; the `need` entries equal to t with
// the lowest indices follow, ranked by a ballot scan over the rounds.
extern "C" __global__ void topk_radix_select(const int* scores, int* vals, int* idx, int R, int C,
                                             int K) {
  __shared__ int hist[64];
  __shared__ int warp_count[8];
  __shared__ int s_t, s_above, s_slot;
  const int r = blockIdx.x, t = threadIdx.x, lane = t & 31, warp = t >> 5;
  if (r >= R) return;
  const int* row = scores + (size_t)r * C;
  if (t < 64) hist[t] = 0;
  if (t == 0) s_slot = 0;
  __syncthreads();
  int v[4];
#pragma unroll
  for (int e = 0; e < 4; ++e) {
    v[e] = row[t + 256 * e];
    atomicAdd(&hist[v[e] & 63], 1);
  }
  __syncthreads();
  if (t == 0) {  // the K-th largest value and how many lie strictly above it
    int above = 0, b = 63;
    for (; b > 0 && above + hist[b] < K; --b) above += hist[b];
    s_t = b;
    s_above = above;
  }
  __syncthreads();
  const int th = s_t, above = s_above, need = K - above;
  int* out_v = vals + (size_t)r * K;
  int* out_i = idx + (size_t)r * K;
#pragma unroll
  for (int e = 0; e < 4; ++e)
    if (v[e] > th) {
      const int slot = atomicAdd(&s_slot, 1);
      out_v[slot] = v[e];
      out_i[slot] = t + 256 * e;
    }
  int base = 0;
  for (int e = 0; e < 4; ++e) {
    const bool eq = v[e] == th;
    const unsigned ballot = __ballot_sync(0xffffffffu, eq);
    if (lane == 0) warp_count[warp] = __popc(ballot);
    __syncthreads();
    int offset = 0, total = 0;
    for (int w = 0; w < 8; ++w) {
      offset += w < warp ? warp_count[w] : 0;
      total += warp_count[w];
    }
    const int rank = base + offset + __popc(ballot & ((1u << lane) - 1u));
    if (eq && rank < need) {
      out_v[above + rank] = th;
      out_i[above + rank] = t + 256 * e;
    }
    base += total;
    __syncthreads();
  }
}
