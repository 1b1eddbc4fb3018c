#include "engine/backend/gpu/keyed_digest.h"

namespace solver::gpu {

namespace {

// splitmix64's finaliser: every input bit reaches every output bit.
constexpr const char* kSource = R"(
__device__ __forceinline__ unsigned long long solver_mix(unsigned long long z) {
  z ^= z >> 30; z *= 0xbf58476d1ce4e5b9ULL;
  z ^= z >> 27; z *= 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
extern "C" __global__ void solver_digest(const unsigned long long* words, unsigned long long n_words,
                                         unsigned long long tail, unsigned long long tail_bytes,
                                         unsigned long long key, unsigned long long* sum) {
  const unsigned long long step = 0x9e3779b97f4a7c15ULL;
  unsigned long long acc = 0;
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n_words;
       i += stride)
    acc += solver_mix(words[i] ^ (key + i * step));
  // The last n % 8 bytes, packed on the host into `tail` (a partial word is never read here).
  if (blockIdx.x == 0 && threadIdx.x == 0 && tail_bytes)
    acc += solver_mix(tail ^ (key + n_words * step) ^ (tail_bytes << 56));
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(0xffffffffu, acc, o);
  if ((threadIdx.x & 31) == 0) atomicAdd(sum, acc);
}
)";

uint64_t mix(uint64_t z) {
  z ^= z >> 30;
  z *= 0xbf58476d1ce4e5b9ULL;
  z ^= z >> 27;
  z *= 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr uint64_t kStep = 0x9e3779b97f4a7c15ULL;

}  // namespace

const char* keyed_digest_source() { return kSource; }

uint64_t keyed_digest(const unsigned char* p, size_t bytes, uint64_t key) {
  uint64_t acc = 0;
  size_t words = bytes / 8;
  for (size_t i = 0; i < words; ++i) {
    uint64_t w = 0;
    for (int b = 7; b >= 0; --b) w = (w << 8) | p[i * 8 + size_t(b)];  // little-endian, as loaded
    acc += mix(w ^ (key + uint64_t(i) * kStep));
  }
  uint64_t tail_bytes = bytes % 8, tail = 0;
  for (uint64_t b = tail_bytes; b-- > 0;) tail = (tail << 8) | p[words * 8 + b];
  if (tail_bytes) acc += mix(tail ^ (key + uint64_t(words) * kStep) ^ (tail_bytes << 56));
  return acc;
}

}  // namespace solver::gpu
