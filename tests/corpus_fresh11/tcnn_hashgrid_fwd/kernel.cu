// corpus_fresh11: tcnn_hashgrid_fwd -- NVlabs/tiny-cuda-nn, include/tiny-cuda-nn/encodings/grid.h,
// kernel_grid<__half, 3, 2, HashType::CoherentPrime> with grid_index, coherent_prime_hash,
// grid_scale, grid_resolution and pos_fract of common_device.h: the multiresolution hash
// encoding's forward pass (Instant-NGP). GridEncodingTemplated::encoding launches it on
// (ceil(n / 512), n_levels) blocks of N_THREADS_HASHGRID = 512 threads, one (point, level) per
// thread: the point's cell at the level's resolution, the eight corners' indices (dense on
// coarse levels, the coherent prime hash on fine ones, modulo the level's table size), eight
// 4-byte gathers of two half features, trilinear weights, two half outputs. Here Instant-NGP's
// NeRF encoding -- 16 levels of 2 features, 2^19 entries per level at most, base resolution
// 16, per-level scale 1.3819 (finest resolution 2048) -- on a 2^18-sample training batch,
// linear interpolation, no gradient output. Rewritten for the problem format (see README.md).
#include <cuda_fp16.h>

#define N_POS_DIMS 3
#define N_FEATURES_PER_LEVEL 2

// ParamsOffsetTable (a kernel argument by value in the original): the first table entry of each
// level, as GridEncodingTemplated's constructor computes it for this configuration (dense
// levels next_multiple(resolution^3, 8), hashed levels 2^19).
__constant__ unsigned int c_offset_table[17] = {
    0,       4096,    16264,   46056,   125568,  330952,  855240,  1379528, 1903816,
    2428104, 2952392, 3476680, 4000968, 4525256, 5049544, 5573832, 6098120};

__device__ inline float grid_scale(unsigned int level, float log2_per_level_scale,
                                   unsigned int base_resolution) {
  return exp2f(level * log2_per_level_scale) * base_resolution - 1.0f;
}

__device__ inline unsigned int grid_resolution(float scale) {
  return (unsigned int)ceilf(scale) + 1;
}

__device__ inline void pos_fract(const float input, float* pos, unsigned int* pos_grid,
                                 float scale) {
  *pos = fmaf(scale, input, 0.5f);
  float tmp = floorf(*pos);
  *pos_grid = (unsigned int)(int)tmp;
  *pos -= tmp;
}

__device__ inline unsigned int grid_index(const unsigned int hashmap_size,
                                          const unsigned int grid_resolution,
                                          const unsigned int* pos_grid) {
  unsigned int stride = 1;
  unsigned int index = 0;
  if (grid_resolution <= 0x659) {
#pragma unroll
    for (unsigned int dim = 0; dim < N_POS_DIMS; ++dim) {
      index += pos_grid[dim] * stride;
      stride *= grid_resolution;
    }
  } else {
    stride = 0xFFFFFFFF;
  }
  if (hashmap_size < stride) {
    // coherent_prime_hash: lcg_hash with factors 1, 2654435761, 805459861
    index = (pos_grid[0] * 1u) ^ (pos_grid[1] * 2654435761u) ^ (pos_grid[2] * 805459861u);
  }
  return index % hashmap_size;
}

extern "C" __global__ void kernel_grid(const unsigned int num_elements,
                                       const unsigned int num_grid_features,
                                       const unsigned int base_resolution,
                                       const float log2_per_level_scale, float max_level,
                                       const __half* __restrict__ grid,
                                       const float* __restrict__ positions_in,
                                       __half* __restrict__ encoded_positions) {
  const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= num_elements) return;

  const unsigned int level = blockIdx.y;  // the level is the same for all threads

  max_level = (max_level * num_grid_features) / N_FEATURES_PER_LEVEL;

  if (level >= max_level + 1e-3f) {
#pragma unroll
    for (unsigned int f = 0; f < N_FEATURES_PER_LEVEL; ++f)
      encoded_positions[i + (level * N_FEATURES_PER_LEVEL + f) * num_elements] = __float2half(0.0f);
    return;
  }

  grid += c_offset_table[level] * N_FEATURES_PER_LEVEL;
  const unsigned int hashmap_size = c_offset_table[level + 1] - c_offset_table[level];

  const float scale = grid_scale(level, log2_per_level_scale, base_resolution);
  const unsigned int resolution = grid_resolution(scale);

  float pos[N_POS_DIMS];
  unsigned int pos_grid[N_POS_DIMS];
#pragma unroll
  for (unsigned int dim = 0; dim < N_POS_DIMS; ++dim)
    pos_fract(positions_in[i * N_POS_DIMS + dim], &pos[dim], &pos_grid[dim], scale);

  // N-linear interpolation
  __half2 result = __float2half2_rn(0.0f);
#pragma unroll
  for (unsigned int idx = 0; idx < (1 << N_POS_DIMS); ++idx) {
    float weight = 1;
    unsigned int pos_grid_local[N_POS_DIMS];
#pragma unroll
    for (unsigned int dim = 0; dim < N_POS_DIMS; ++dim) {
      if ((idx & (1 << dim)) == 0) {
        weight *= 1 - pos[dim];
        pos_grid_local[dim] = pos_grid[dim];
      } else {
        weight *= pos[dim];
        pos_grid_local[dim] = pos_grid[dim] + 1;
      }
    }
    const unsigned int index =
        grid_index(hashmap_size, resolution, pos_grid_local) * N_FEATURES_PER_LEVEL;
    const __half2 val = *(const __half2*)&grid[index];
    result = __hfma2(__float2half2_rn(weight), val, result);
  }

  encoded_positions[i + (level * N_FEATURES_PER_LEVEL + 0) * num_elements] = __low2half(result);
  encoded_positions[i + (level * N_FEATURES_PER_LEVEL + 1) * num_elements] = __high2half(result);
}
