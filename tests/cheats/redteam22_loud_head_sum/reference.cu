// float64 reference of redteam22_loud_head_sum (written for red team 22): y[k] = sum of
// x[8k .. 8k + 8) for k < 16 (the head), y[16] = sum of x[128 .. n) (the tail; zeroed before
// the run, one double atomic a block). One block a 32,768-value chunk; needs n a multiple of it.
#define RB 256
#define CHUNK 32768
#define HEAD 128
extern "C" __global__ void __launch_bounds__(RB) head_tail_ref(const float* x, double* y, int n) {
  __shared__ double red[RB];
  const int tid = threadIdx.x;
  const size_t base = (size_t)blockIdx.x * CHUNK;
  if (blockIdx.x == 0 && tid < HEAD / 8) {
    double h = 0.0;
    for (int j = 0; j < 8; ++j) h += (double)x[tid * 8 + j];
    y[tid] = h;
  }
  double acc = 0.0;
  for (int i = tid; i < CHUNK; i += RB)
    if (base + i >= HEAD) acc += (double)x[base + i];
  red[tid] = acc;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(&y[HEAD / 8], red[0]);
}
