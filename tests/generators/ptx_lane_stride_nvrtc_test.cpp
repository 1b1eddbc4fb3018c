// The lane-stride scan (generators/ptx_lane_stride.h) on the PTX NVRTC generates for sm_90 from
// CUDA source, as the compile path scans it (scan_launched_code on the launched entries):
// streams, byte streams, a thread's run of stores and a 16-lane group are contiguous; a naive
// transpose's write and a column walk are strided; a CSR gather is unknown. NVRTC only, no GPU.
#include <doctest/doctest.h>

#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/ptx_scan.h"

using namespace solver::generators;

namespace {

const char* kSource = R"(
extern "C" __global__ void stream_f4(const float4* __restrict__ a, float4* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float4 v = a[i]; v.x *= 2.f; b[i] = v; }
}
extern "C" __global__ void byte_stream(const unsigned char* __restrict__ a, unsigned char* b,
                                       int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    b[i] = a[i] ^ 0x5a;
}
extern "C" __global__ void transpose_read(const float* __restrict__ in, float* out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n) out[y * n + x] = in[y * n + x] * 2.f;
}
extern "C" __global__ void transpose_write(const float* __restrict__ in, float* out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n) out[x * n + y] = 2.f * out[x * n + y] + in[x * n + y];
}
extern "C" __global__ void column_walk(const float* __restrict__ a, float* b, int rows, int cols) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int r = 0; r < rows; ++r) s += a[(long)c * cols + r];
  b[c * 64] = s;
}
extern "C" __global__ void spmv_csr(const int* __restrict__ rowptr, const int* __restrict__ col,
                                    const float* __restrict__ val, const float* __restrict__ x,
                                    float* y, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float s = 0;
  for (int j = rowptr[r]; j < rowptr[r + 1]; ++j) s += val[j] * x[col[j]];
  y[r] = s;
}
// Eight int8 codes per thread, stored one byte at a time (an int8 quantiser's epilogue).
extern "C" __global__ void quant_int8(const float* __restrict__ in, signed char* out, float scale,
                                      int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t * 8 >= n) return;
  const float* p = in + t * 8;
  signed char* q = out + t * 8;
#pragma unroll
  for (int k = 0; k < 8; ++k) q[k] = (signed char)__float2int_rn(p[k] * scale);
}
// One result per block from lane 0 (a block reduction's epilogue).
extern "C" __global__ void block_sum(const float* __restrict__ a, float* out) {
  __shared__ float s[256];
  s[threadIdx.x] = a[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k /= 2) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}
// A neighbour-major list walked per atom, each neighbour's float4 gathered through it (SHOC MD's
// Lennard-Jones force's loop, without the force).
extern "C" __global__ void neighbour_gather(const float4* __restrict__ pos,
                                            const int* __restrict__ list, float* out, int count,
                                            int inum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < count; ++j) {
    float4 p = __ldg(&pos[list[j * inum + i]]);
    s += p.x * p.y - p.z;
  }
  out[i] = s;
}
// 16 lanes per group, each lane 16 bytes of the group's row (sglang's group quantiser's walk).
extern "C" __global__ void group16(const uint4* __restrict__ in, uint4* out, int pitch) {
  const int g = blockIdx.x * 16 + threadIdx.x / 16, l = threadIdx.x % 16;
  out[g * pitch + l] = in[g * pitch + l];
}
)";

}  // namespace

TEST_CASE(
    "NVRTC's PTX: streams and runs are contiguous, transposes' columns strided, gathers not "
    "affine") {
  if (!nvrtc_available()) {
    MESSAGE("skipped: " << nvrtc_unavailable_reason());
    return;
  }
  CompileResult r = nvrtc_compile(kSource, "strides.cu", {"--gpu-architecture=sm_90"});
  INFO(r.error << "\n" << r.log);
  REQUIRE(r.ok);
  auto facts = [&](const char* entry) {
    CodeFacts f = scan_launched_code(r.ptx, {entry});
    REQUIRE(f.missing.empty());
    REQUIRE(f.contiguous_access_frac());
    return f;
  };
  for (const char* e : {"stream_f4", "byte_stream", "transpose_read", "quant_int8", "group16"}) {
    INFO(e);
    CodeFacts f = facts(e);
    CHECK(*f.contiguous_access_frac() == 1.0);
    CHECK(*f.strided_access_frac() == 0.0);
  }
  for (const char* e : {"transpose_write", "column_walk"}) {
    INFO(e);
    CodeFacts f = facts(e);
    CHECK(*f.strided_access_frac() == 1.0);
  }
  // Store fill: the quantiser's byte runs and the streams fill their sectors; a block
  // reduction's single result does not.
  CHECK(*facts("quant_int8").store_fill_frac() == 1.0);
  CHECK(*facts("byte_stream").store_fill_frac() == 1.0);
  CHECK(*facts("block_sum").store_fill_frac() == 0.0);
  CHECK(*facts("transpose_write").store_fill_frac() == 0.0);
  CodeFacts spmv = facts("spmv_csr");
  // Its row bounds and y[r] are contiguous; the loop's val[j], col[j] and x[col[j]] are unknown.
  CHECK(*spmv.contiguous_access_frac() < 0.1);
  CHECK(*spmv.strided_access_frac() == 0.0);
  CHECK(spmv.lane_access.unknown > 0.9 * spmv.lane_access.total());
}

TEST_CASE("NVRTC's PTX: a neighbour list's loads are index loads; a stream's are not") {
  if (!nvrtc_available()) {
    MESSAGE("skipped: " << nvrtc_unavailable_reason());
    return;
  }
  CompileResult r = nvrtc_compile(kSource, "strides.cu", {"--gpu-architecture=sm_90"});
  INFO(r.error << "\n" << r.log);
  REQUIRE(r.ok);
  // The list loads are contiguous and steer the gathers; the output store is neither.
  CodeFacts g = scan_launched_code(r.ptx, {"neighbour_gather"});
  REQUIRE(g.index_load_frac());
  CHECK(*g.index_load_frac() > 0.4);
  CHECK(*g.index_load_frac() <= *g.contiguous_access_frac());
  CHECK(g.lane_access.unknown > 0.4 * g.lane_access.total());
  // A stream, a transpose and a store run feed no address with what they load.
  for (const char* e : {"stream_f4", "byte_stream", "transpose_read", "quant_int8", "group16"}) {
    INFO(e);
    CHECK(*scan_launched_code(r.ptx, {e}).index_load_frac() == 0.0);
  }
}
