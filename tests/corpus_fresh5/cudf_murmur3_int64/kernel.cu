// corpus_fresh5: cudf_murmur3_int64 -- rapidsai/cudf, cudf::hashing::murmurhash3_x86_32 of an
// INT64 column (cpp/include/cudf/hashing/detail/murmurhash3_x86_32.cuh: MurmurHash3_x86_32<T>
// over the value's 8 bytes, default seed 0, applied per row by a thrust::tabulate), rewritten
// for the problem format (see README.md): one row per thread, 256-thread blocks.
__device__ __forceinline__ unsigned int rotl32(unsigned int x, int r) {
  return (x << r) | (x >> (32 - r));
}

__device__ __forceinline__ unsigned int fmix32(unsigned int h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

extern "C" __global__ void murmurhash3_x86_32_int64(const long long* __restrict__ col,
                                                    unsigned int* __restrict__ out, int n,
                                                    unsigned int seed) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n) return;
  const unsigned long long v = (unsigned long long)col[row];
  const unsigned int c1 = 0xcc9e2d51u, c2 = 0x1b873593u;
  unsigned int h = seed;
  unsigned int blocks[2] = {(unsigned int)v, (unsigned int)(v >> 32)};
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    unsigned int k = blocks[i];
    k *= c1;
    k = rotl32(k, 15);
    k *= c2;
    h ^= k;
    h = rotl32(h, 13);
    h = h * 5 + 0xe6546b64u;
  }
  h ^= 8u;  // the key length in bytes; an 8-byte key has no tail
  out[row] = fmix32(h);
}
