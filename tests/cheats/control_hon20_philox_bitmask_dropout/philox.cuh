// control_hon20_philox_bitmask_dropout: Philox4x32-10 (Random123, BSD-3-Clause; the round of
// PyTorch's at::Philox4_32_10, BSD-3-Clause; written here): ten rounds of two 32 x 32 -> 64-bit
// multiplies, the Weyl key bump between rounds. Element i's word: counter (offset, 0, c, 0) with
// c = (i / 128) * 32 + i % 32, key (seed, 0), word (i % 128) / 32.
__device__ __forceinline__ uint4 philox_round(uint4 c, uint2 k) {
  const unsigned int lo0 = 0xD2511F53u * c.x, hi0 = __umulhi(0xD2511F53u, c.x);
  const unsigned int lo1 = 0xCD9E8D57u * c.z, hi1 = __umulhi(0xCD9E8D57u, c.z);
  return make_uint4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
}
__device__ __forceinline__ uint4 philox4x32_10(uint4 c, uint2 k) {
#pragma unroll
  for (int r = 0; r < 9; ++r) {
    c = philox_round(c, k);
    k.x += 0x9E3779B9u;
    k.y += 0xBB67AE85u;
  }
  return philox_round(c, k);
}
__device__ __forceinline__ unsigned int word_of(uint4 r, int j) {
  return j == 0 ? r.x : j == 1 ? r.y : j == 2 ? r.z : r.w;
}
