// The tolerance lint's share passes on the device (issue 28's cost: `echo_compare` was 14 s of
// ginkgo_cg_step2's 24.5 s lint on an H100, every echo's float64 outputs read back and compared
// element by element on the host). The reference's outputs on an echo stay where the reference
// wrote them; the set's own reference outputs are uploaded once per lint; each echo's element
// shares are computed there (share_source.h: element_shares' rule), folded element by element
// over the echoes (fold_element_shares) or stored per class (light_shares), and only each
// output's largest share, the fold's weakest share and the light part's weakest share cross to
// the host. Every summary is a maximum or minimum of non-negative doubles taken as bit patterns,
// and the median an exact selection: the host's values, not approximations of them. When the
// worker first lints, a self-check holds the device to the host functions (element_shares,
// largest_shares, fold_element_shares, weakest_shares, light_shares, judged_light_shares) on
// probes with ties, zeros, infinities, NaN folds, 64-bit integer slots, 32 and 256 classes and
// dominant, atol-held and undominated elements; a disagreement (or
// no NVRTC) throws, and the lint stays on the host (SOLVER_HOST_SHARES=1 asks for that too).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "engine/backend/gpu/cuda_driver.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/share_source.h"
#include "generators/compile_cache.h"
#include "generators/problem_spec.h"

namespace solver::gpu {

class DeviceShares {
 public:
  // Compiles the kernels for `arch` (through `cache` when given), loads them in the current
  // context and runs the self-check. Throws CudaError or std::runtime_error.
  explicit DeviceShares(const std::string& arch, const generators::CompileCache* cache = nullptr);
  ~DeviceShares();
  DeviceShares(const DeviceShares&) = delete;
  DeviceShares& operator=(const DeviceShares&) = delete;

  // One output of one echo: the element shares of `n` slots at `echo` against `n` at `base`
  // (`wide`: how the slots are read), written to `store` (0: nowhere) and folded into `fold`
  // (0: no fold; `fold_first`: the fold starts with this echo). Synchronous on `stream`.
  ShareSums share(CUdeviceptr base, CUdeviceptr echo, int64_t n, ShareWide wide,
                  const generators::Tolerance& tol, CUdeviceptr fold, bool fold_first,
                  CUdeviceptr store, CUstream stream) const;
  // The light share's weakest (weakest_shares(light_shares(..))) of one output: `classes`
  // (at most 256) class shares of `n` elements each at `by_class`, class after class.
  // Synchronous on `stream`.
  // `out` (0: nowhere): each element's light share (the self-check's).
  LightSums light(CUdeviceptr by_class, int classes, int64_t n, CUstream stream,
                  CUdeviceptr out = 0) const;
  // The strided partition's judged light share's summaries (JudgedSums: share_source.h) of one
  // output's block of `n` elements: `classes` (at most 256) class shares at `by_class`, class
  // after class, `base` the set's reference slots of those elements (0: no atol part), `tol`
  // the output's tolerance, `grain` its dtype's (law_regions.h grain_floor: (d)). Synchronous on
  // `stream`. `out` (0: nowhere): light, judged if told, judged if not, n doubles each (the
  // self-check's).
  JudgedSums judged(CUdeviceptr by_class, int classes, int64_t n, CUdeviceptr base,
                    const generators::Tolerance& tol, const OutputGrain& grain, CUstream stream,
                    CUdeviceptr out = 0) const;
  // The strided partition's median screen (share_source.h): adds 1 to the uint16 `counts[i]`
  // of each of `n` elements whose energy under this echo is 0 (solver_zero_count, the shares as
  // share()'s); returns whether some share was NaN. Synchronous on `stream`.
  bool zero_count(CUdeviceptr base, CUdeviceptr echo, int64_t n, ShareWide wide,
                  const generators::Tolerance& tol, CUdeviceptr counts, CUstream stream) const;
  // Whether some one of `n` counts is under `half` (solver_median_moves). Synchronous.
  bool median_moves(CUdeviceptr counts, int64_t n, int half, CUstream stream) const;
  // What the self-check compared.
  const std::string& checked() const { return checked_; }

 private:
  void self_check(CUstream stream);

  CUmodule module_ = nullptr;
  CUfunction share_fn_ = nullptr, light32_fn_ = nullptr, light256_fn_ = nullptr,
             judged_fn_ = nullptr, zero_count_fn_ = nullptr, median_moves_fn_ = nullptr;
  DeviceBuffer sums_;
  int blocks_ = 0;
  std::string checked_;
};

}  // namespace solver::gpu
