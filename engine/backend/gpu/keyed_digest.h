// The digest function of the device-side input check (device_digest.h), defined once: the
// kernel's NVRTC source and the same function on the host (the device's self-check, tests).
// A sum over 8-byte little-endian words of splitmix64's finaliser applied to (word XOR (key +
// index * golden ratio)); a partial last word is packed with its length in the top byte.
// Order-free (threads may add in any order) and position-bound (moving a word changes it);
// without the key, no change to the bytes can be chosen to keep the sum.
#pragma once
#include <cstddef>
#include <cstdint>

namespace solver::gpu {

uint64_t keyed_digest(const unsigned char* p, size_t bytes, uint64_t key);
// extern "C" solver_digest(words, n_words, tail, tail_bytes, key, sum): adds into *sum.
const char* keyed_digest_source();

}  // namespace solver::gpu
