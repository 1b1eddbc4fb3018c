// control_hon39_cub_lookback_scan child: the single-pass decoupled look-back of CUB
// (NVIDIA/cccl cub/cub/agent/single_pass_scan_operators.cuh: ScanTileState's 64-bit {status,
// value} word for a 4-byte T, SCAN_TILE_INVALID / PARTIAL / INCLUSIVE, TilePrefixCallbackOp's
// look-back with a __nanosleep delay between polls; Merrill & Garland 2016; README.md). Adapted:
// the tile words, the dynamic tile counter and a retirement counter are __device__ memory; a tile
// word carries the launch's epoch in its high bits (a word of another epoch reads as INVALID), the
// last tile to retire resets both counters and bumps the epoch (grid == tiles, so every block has
// taken its tile, and read the epoch, before that); the look-back by one thread. Written here.
#include "tile_scan.cuh"
#define TILES 1024
#define STATUS_PARTIAL 1u
#define STATUS_INCLUSIVE 2u

__device__ volatile unsigned long long tile_status[TILES];
__device__ unsigned int tile_counter, retired;
__device__ volatile unsigned int epoch;

__device__ __forceinline__ unsigned long long pack(unsigned int ep, unsigned int status, float value) {
  return ((unsigned long long)((ep << 2) | status) << 32) | __float_as_uint(value);
}

extern "C" __global__ void __launch_bounds__(256) scan_lookback(const float* x, float* y, int n) {
  __shared__ float warp_tot[8];
  __shared__ unsigned int tile_sh, ep_sh;
  __shared__ float exclusive_sh;
  if (threadIdx.x == 0) {
    ep_sh = epoch;
    tile_sh = atomicAdd(&tile_counter, 1u);
  }
  __syncthreads();
  const unsigned int tile = tile_sh, ep = ep_sh & 0x3fffffffu;
  const int base = tile * 1024;
  float v[4], off;
  const float aggregate = tile_scan(x, base, v, warp_tot, &off);
  if (threadIdx.x == 0) {
    float exclusive = 0.f;
    if (tile == 0) {
      tile_status[0] = pack(ep, STATUS_INCLUSIVE, aggregate);
    } else {
      tile_status[tile] = pack(ep, STATUS_PARTIAL, aggregate);
      int j = (int)tile - 1;
      while (true) {
        unsigned long long w = tile_status[j];
        unsigned int delay = 32;
        while ((unsigned int)(w >> 34) != ep || ((w >> 32) & 3u) == 0u) {
          __nanosleep(delay);
          w = tile_status[j];
        }
        exclusive += __uint_as_float((unsigned int)w);
        if (((w >> 32) & 3u) == STATUS_INCLUSIVE) break;
        --j;
      }
      tile_status[tile] = pack(ep, STATUS_INCLUSIVE, exclusive + aggregate);
    }
    exclusive_sh = exclusive;
  }
  __syncthreads();
  const float prefix = exclusive_sh;
  float4 out = make_float4(prefix + (off + v[0]), prefix + (off + v[1]), prefix + (off + v[2]), prefix + (off + v[3]));
  reinterpret_cast<float4*>(y + base)[threadIdx.x] = out;
  if (threadIdx.x == 0) {
    __threadfence();
    if (atomicAdd(&retired, 1u) == TILES - 1) {
      retired = 0;
      tile_counter = 0;
      __threadfence();
      epoch = (ep + 1) & 0x3fffffffu;
    }
  }
}
