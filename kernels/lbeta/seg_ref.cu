// float64 reference of red team 26's counted segment sums (redteam26_counted_tail_sum,
// control_redteam26_counted_tail_lbeta): a block a segment of
// 16,384 values of x; an inactive segment writes nothing; an active one sums log B(x + 4, x + 2)
// in double and thread 0 takes its slot from atomicAdd on n_out (float64 slots, zeroed before the
// run: exact for integers), writing the segment's index and sum there. Slots past the count are
// left as they were (an atomic compaction's reference has no stable place for its tail): the gate
// never compares them (RowValid). Needs n = 16,384 x the number of segments.
#define RB 256
#define SEGMENT 16384
extern "C" __global__ void __launch_bounds__(RB)
    seg_lbeta_ref(const float* x, const int* active, double* seg, double* sums, double* n_out,
                  int n) {
  __shared__ double red[RB];
  const int tid = threadIdx.x, s = blockIdx.x;
  if ((size_t)(s + 1) * SEGMENT > (size_t)n || active[s] == 0) return;
  const float* c = x + (size_t)s * SEGMENT;
  double acc = 0.0;
  for (int i = tid; i < SEGMENT; i += RB) {
    const double v = (double)c[i];
    acc += lgamma(v + 4.0) + lgamma(v + 2.0) - lgamma(2.0 * v + 6.0);
  }
  red[tid] = acc;
  __syncthreads();
  for (int h = RB / 2; h > 0; h >>= 1) {
    if (tid < h) red[tid] += red[tid + h];
    __syncthreads();
  }
  if (tid == 0) {
    const int at = (int)atomicAdd(n_out, 1.0);
    seg[at] = (double)s;
    sums[at] = red[0];
  }
}
