// control_hon21_inplace_scan_cub seed: the textbook reduce-then-scan with Hillis-Steele steps
// (Harris, Sengupta & Owens, GPU Gems 3 ch. 39), three launches.
// 1. each block of 1024 scans its tile in place in shared memory and keeps the tile's total.
extern "C" __global__ void scan_tiles_hs(float* x, float* tiles, int n) {
  __shared__ float buf[2][1024];
  const int t = threadIdx.x;
  const size_t i = (size_t)blockIdx.x * 1024 + t;
  int in = 0;
  buf[0][t] = x[i];
  __syncthreads();
  for (int d = 1; d < 1024; d <<= 1) {
    buf[1 - in][t] = t >= d ? buf[in][t] + buf[in][t - d] : buf[in][t];
    in = 1 - in;
    __syncthreads();
  }
  x[i] = buf[in][t];
  if (t == 1023) tiles[blockIdx.x] = buf[in][t];
}
// 2. one block: the tile totals scanned (inclusive) 1024 at a time, a running carry between.
extern "C" __global__ void scan_totals_hs(float* tiles, int nt) {
  __shared__ float buf[2][1024];
  __shared__ float carry;
  const int t = threadIdx.x;
  if (t == 0) carry = 0.f;
  for (int base = 0; base < nt; base += 1024) {
    int in = 0;
    buf[0][t] = tiles[base + t];
    __syncthreads();
    for (int d = 1; d < 1024; d <<= 1) {
      buf[1 - in][t] = t >= d ? buf[in][t] + buf[in][t - d] : buf[in][t];
      in = 1 - in;
      __syncthreads();
    }
    tiles[base + t] = buf[in][t] + carry;
    __syncthreads();
    if (t == 1023) carry += buf[in][t];
    __syncthreads();
  }
}
// 3. every tile after the first adds the inclusive total of the tiles before it.
extern "C" __global__ void add_carry(float* x, const float* tiles, int n) {
  if (blockIdx.x == 0) return;
  x[(size_t)blockIdx.x * 1024 + threadIdx.x] += tiles[blockIdx.x - 1];
}
