// corpus: blog_gups_read -- from NVIDIA-developer-blog/code-samples, posts/gups/gups.cu (d_bench<READ>) @ 72d62ec46444
// license: BSD-3-Clause (NVIDIA CORPORATION, per file header)
// adapted: extern "C", the READ case only; the HPCC start-value function d_starts (which needs a host-computed __constant__ table) replaced by a per-thread odd seed, the LFSR step kept; table of 2^25 64-bit words (256 MiB), 2^20 threads x 32 accesses
#include <cuda/std/cstdint>
#include <cuda/std/cstddef>
using cuda::std::uint64_t;
using cuda::std::int64_t;
using cuda::std::ptrdiff_t;
#define POLY 0x0000000000000007ULL
typedef struct { uint64_t data; } benchtype;
extern "C" __global__ void
gups_read(size_t n, size_t working_set, benchtype* t, int accesses_per_elem)
{
  size_t num_threads = gridDim.x * blockDim.x;
  size_t thread_num = blockIdx.x * blockDim.x + threadIdx.x;
  size_t start = thread_num * accesses_per_elem * n / num_threads;
  size_t end = (thread_num + 1) * accesses_per_elem * n / num_threads;
  benchtype ran;
  ran.data = (start * 0x9E3779B97F4A7C15ULL) | 1;  // d_starts(start) in the post
#pragma unroll
  for (ptrdiff_t i = start; i < end; ++i) {
    ran.data = (ran.data << 1) ^ ((int64_t)ran.data < 0 ? POLY : 0);
    unsigned long long int *address, old;
    address = (unsigned long long int*)&t[ran.data & (working_set - 1)].data;
    old = *address;
    if (old == n) { // basically never executes
      *address = n + 1;
    }
  }
}
