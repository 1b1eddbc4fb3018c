// control_hon39_flashinfer_profiler child: a block per row, with FlashInfer's device profiler
// (flashinfer-ai/flashinfer include/flashinfer/profiler.cuh, Apache-2.0; README.md) as built with
// FLASHINFER_ENABLE_PROFILER: entry 0 the header {nblocks, ngroups} from block 0, then per
// (block, group) a begin entry and an end entry, each {tag, delta_time} in 64 bits, the tag
// encode_tag(block * ngroups + group, event, type), the time %globaltimer_lo. One group, event 0.
// Adapted: the macros written out as functions; the work an RMSNorm row; written here.
#define BLOCK_GROUP_IDX_SHIFT 12
#define EVENT_IDX_SHIFT 2
#define EVENT_BEGIN 0u
#define EVENT_END 1u

struct ProfilerEntry {
  union {
    struct { unsigned int nblocks, ngroups; };
    struct { unsigned int tag, delta_time; };
    unsigned long long raw;
  };
};

__device__ __forceinline__ unsigned int get_timestamp() {
  volatile unsigned int ret;
  asm volatile("mov.u32 %0, %globaltimer_lo;" : "=r"(ret));
  return ret;
}
__device__ __forceinline__ unsigned int encode_tag(unsigned int group, unsigned int event, unsigned int type) {
  return (group << BLOCK_GROUP_IDX_SHIFT) | (event << EVENT_IDX_SHIFT) | type;
}

extern "C" __global__ void __launch_bounds__(256) rmsnorm_profiled(const float* x, const float* w, float* y,
                                                                  unsigned long long* prof, int R, int C) {
  __shared__ float red[8];
  ProfilerEntry entry;
  // PROFILER_INIT(params, smem, closure, group_idx = 0, num_groups = 1, threadIdx.x == 0)
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    entry.nblocks = gridDim.x;
    entry.ngroups = 1;
    prof[0] = entry.raw;
  }
  unsigned long long* write_ptr = prof + 1 + blockIdx.x;
  const unsigned int stride = gridDim.x, tag_base = encode_tag(blockIdx.x, 0, 0);
  const bool writer = threadIdx.x == 0;
  // PROFILER_EVENT_START(closure, 0)
  if (writer) {
    entry.tag = tag_base | EVENT_BEGIN;
    entry.delta_time = get_timestamp();
    *write_ptr = entry.raw;
    write_ptr += stride;
  }
  __threadfence_block();

  const float4* row = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * C);
  float4 v[4];
  float ss = 0.f;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    v[k] = row[threadIdx.x + 256 * k];
    ss = fmaf(v[k].x, v[k].x, fmaf(v[k].y, v[k].y, fmaf(v[k].z, v[k].z, fmaf(v[k].w, v[k].w, ss))));
  }
  for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
  if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = ss;
  __syncthreads();
  ss = red[threadIdx.x & 7];
  for (int o = 4; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
  const float inv = rsqrtf(ss / (float)C + 1e-6f);
  const float4* w4 = reinterpret_cast<const float4*>(w);
  float4* out = reinterpret_cast<float4*>(y + (size_t)blockIdx.x * C);
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    const float4 g = w4[threadIdx.x + 256 * k];
    out[threadIdx.x + 256 * k] =
        make_float4(v[k].x * inv * g.x, v[k].y * inv * g.y, v[k].z * inv * g.z, v[k].w * inv * g.w);
  }

  // PROFILER_EVENT_END(closure, 0)
  __threadfence_block();
  if (writer) {
    entry.tag = tag_base | EVENT_END;
    entry.delta_time = get_timestamp();
    *write_ptr = entry.raw;
  }
}
