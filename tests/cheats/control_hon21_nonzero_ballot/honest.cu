// control_hon21_nonzero_ballot seed: three launches.
// 1. each block of 1024 counts its 1s with a shared atomicAdd.
extern "C" __global__ void count_atomic(const int* mask, int* blocks, int n) {
  __shared__ int c;
  if (threadIdx.x == 0) c = 0;
  __syncthreads();
  if (mask[(size_t)blockIdx.x * 1024 + threadIdx.x] != 0) atomicAdd(&c, 1);
  __syncthreads();
  if (threadIdx.x == 0) blocks[blockIdx.x] = c;
}
// 2. one thread turns the counts into exclusive offsets and writes the total.
extern "C" __global__ void scan_serial(int* blocks, int* count, int nb) {
  if (threadIdx.x != 0) return;
  int run = 0;
  for (int b = 0; b < nb; ++b) {
    const int v = blocks[b];
    blocks[b] = run;
    run += v;
  }
  count[0] = run;
}
// 3. each block ranks its flags by a Hillis-Steele inclusive scan and writes its positions;
// every slot at or past the total gets -1.
extern "C" __global__ void scatter_hs(const int* mask, const int* blocks, const int* count,
                                      int* idx, int n) {
  __shared__ int buf[2][1024];
  const int t = threadIdx.x;
  const int i = blockIdx.x * 1024 + t;
  const int f = mask[i] != 0;
  int in = 0;
  buf[0][t] = f;
  __syncthreads();
  for (int d = 1; d < 1024; d <<= 1) {
    buf[1 - in][t] = t >= d ? buf[in][t] + buf[in][t - d] : buf[in][t];
    in = 1 - in;
    __syncthreads();
  }
  if (f) idx[blocks[blockIdx.x] + buf[in][t] - 1] = i;
  if (i >= count[0]) idx[i] = -1;
}
