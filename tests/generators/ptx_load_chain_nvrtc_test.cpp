// The load-chain scan (generators/ptx_load_chain.h) on the PTX NVRTC generates for sm_90 from
// CUDA source, as the compile path scans it (scan_launched_code on the launched entries): the
// searches and chases people write are chains, the gathers and streams are not. NVRTC only, no
// GPU.
#include <doctest/doctest.h>

#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/ptx_scan.h"

using namespace solver::generators;

namespace {

const char* kSource = R"(
extern "C" __global__ void chase(const int* __restrict__ next, int* out, int steps) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < steps; ++s) p = next[p];
  out[blockIdx.x * blockDim.x + threadIdx.x] = p;
}
struct Node { Node* next; float v; };
extern "C" __global__ void list_sum(Node* const* heads, float* out) {
  float s = 0;
  for (const Node* n = heads[blockIdx.x * blockDim.x + threadIdx.x]; n; n = n->next) s += n->v;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
// XSBench's grid_search: an if-else on the probed value moves the bounds.
extern "C" __global__ void grid_search(const double* __restrict__ A, const double* q, long* out,
                                       long n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const double quarry = q[i];
  long lo = 0, hi = n - 1, length = hi - lo;
  while (length > 1) {
    long mid = lo + length / 2;
    if (A[mid] > quarry) hi = mid; else lo = mid;
    length = hi - lo;
  }
  out[i] = lo;
}
// Rodinia's particle-filter find_index: a linear search that breaks on the loaded value.
extern "C" __global__ void find_index(const double* cdf, const double* u, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  int index = -1;
  for (int x = 0; x < n; x++)
    if (cdf[x] >= u[i]) { index = x; break; }
  out[i] = index;
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
extern "C" __global__ void stream(const float* __restrict__ a, float* b, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    b[i] = 2.f * a[i];
}
extern "C" __global__ void row_sum(const float* __restrict__ a, float* b, int n, int stride) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k) s += a[(long)t * stride + k];
  b[t] = s;
}
// A chase through a shared-memory table: on-chip loads are no links.
extern "C" __global__ void smem_chase(const int* __restrict__ next, int* out, int steps) {
  __shared__ int t[256];
  t[threadIdx.x] = next[threadIdx.x] & 255;
  __syncthreads();
  int p = threadIdx.x;
  for (int s = 0; s < steps; ++s) p = t[p];
  out[blockIdx.x * blockDim.x + threadIdx.x] = p;
}
)";

}  // namespace

TEST_CASE("NVRTC's PTX: searches and chases are load chains, gathers and streams are not") {
  if (!nvrtc_available()) {
    MESSAGE("skipped: " << nvrtc_unavailable_reason());
    return;
  }
  CompileResult r = nvrtc_compile(kSource, "chains.cu", {"--gpu-architecture=sm_90"});
  INFO(r.error << "\n" << r.log);
  REQUIRE(r.ok);
  REQUIRE_FALSE(r.ptx.empty());
  auto chain = [&](const char* entry) {
    CodeFacts f = scan_launched_code(r.ptx, {entry});
    REQUIRE(f.missing.empty());
    return f.load_chain;
  };
  for (const char* e : {"chase", "list_sum", "grid_search", "find_index"}) {
    INFO(e);
    CHECK(chain(e) > 0);
  }
  for (const char* e : {"spmv_csr", "stream", "row_sum", "smem_chase"}) {
    INFO(e);
    CHECK(chain(e) == 0);
  }
}
