// What the BF16 attention probes' harnesses share (probe_h33c's attn_bf16_harness.cu and
// probe_h33a's fa3p_harness.cu): a CUDA error check that returns 1 from main, a seeded N(0, 1)
// fill of a BF16 buffer on the device, and a BF16 bit pattern read back as a float.
#pragma once
#include <cstdio>
#include <cstring>

#include <cuda_runtime.h>

#define CK(x)                                                                        \
  do {                                                                               \
    cudaError_t e = (x);                                                             \
    if (e != cudaSuccess) {                                                          \
      printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

__global__ void init_bf16(unsigned short* p, long long n, unsigned seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    unsigned long long z =
        (unsigned long long)i * 0x9E3779B97F4A7C15ull + seed * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    const float u1 = ((z & 0xffffffu) + 1) / 16777217.f, u2 = ((z >> 24) & 0xffffffu) / 16777216.f;
    const float x = sqrtf(-2.f * logf(u1)) * cospif(2.f * u2);
    unsigned short r;
    asm("cvt.rn.bf16.f32 %0, %1;\n" : "=h"(r) : "f"(x));
    p[i] = r;
  }
}

static float bf(unsigned short b) {
  unsigned u = unsigned(b) << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}
