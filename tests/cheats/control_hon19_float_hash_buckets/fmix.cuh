// MurmurHash3's 32-bit finaliser (Austin Appleby, public domain) of a float key's bits, -0.0
// folded onto +0.0 so that equal keys hash alike. Written for hon19.
#pragma once
__device__ __forceinline__ unsigned int key_bucket(float k) {
  unsigned int h = __float_as_uint(k == 0.0f ? 0.0f : k);
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h & 4095u;
}
