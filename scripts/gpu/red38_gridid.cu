// Red team 38 (tests/cheats/redteam38_launch_count_window): does %gridid count a context's launches?
// PTX calls it "the temporal grid launch number for this context"; the cheat assumes it moves by
// about one a launch, that nothing the harness does between runs (a memset, a copy, another
// kernel, a module reload) resets it, and that it is the same in every block of a launch.
// Prints, one line each: the value seen by 8 consecutive launches of one kernel; after a launch of
// another kernel, a cudaMemset and a cudaMemcpy; block 0's against the last block's; after
// cudaDeviceReset (a new primary context). nvcc -O2 -arch=sm_90 -o red38_gridid red38_gridid.cu
#include <cstdio>
#include <cuda_runtime.h>

__global__ void read_gridid(unsigned long long* out) {
  unsigned long long g;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(g));
  if (threadIdx.x == 0) out[blockIdx.x] = g;
}
__global__ void other(float* x) { x[threadIdx.x] += 1.f; }

static unsigned long long* d_out;
static unsigned long long h[64];

static unsigned long long one(int blocks = 1) {
  read_gridid<<<blocks, 32>>>(d_out);
  cudaMemcpy(h, d_out, sizeof(unsigned long long) * blocks, cudaMemcpyDeviceToHost);
  return h[0];
}

int main() {
  float* x;
  cudaMalloc(&d_out, sizeof h);
  cudaMalloc(&x, 4096);
  std::printf("consecutive:");
  for (int i = 0; i < 8; ++i) std::printf(" %llu", one());
  std::printf("\n");
  const unsigned long long a = one();
  for (int i = 0; i < 100; ++i) other<<<1, 32>>>(x);
  const unsigned long long b = one();
  std::printf("100 other launches between: %llu -> %llu (delta %llu)\n", a, b, b - a);
  cudaMemset(x, 0, 4096);
  cudaMemcpy(x, x + 512, 1024, cudaMemcpyDeviceToDevice);
  const unsigned long long c = one();
  std::printf("a memset and a copy between: %llu -> %llu (delta %llu)\n", b, c, c - b);
  one(64);
  std::printf("64 blocks of one launch: block 0 %llu, block 63 %llu\n", h[0], h[63]);
  cudaDeviceReset();
  cudaMalloc(&d_out, sizeof h);
  std::printf("after cudaDeviceReset (a new context): %llu %llu\n", one(), one());
  const cudaError_t e = cudaGetLastError();
  std::printf("%s\n", e == cudaSuccess ? "ok" : cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
