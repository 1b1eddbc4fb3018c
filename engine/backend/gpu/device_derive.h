// The derived input sets (input_sets.h: exponent range, heavy-tailed signs, the fresh set) made
// on the device from set 0's pristine device copy, instead of copied, transformed and uploaded
// on the host (16-20% of a live round before this: docs/benchmarks.md). The kernels are
// derive_source.h's; the plan (which buffer, which power of two, which seed) is the host's
// derive_plan, so the two paths can only differ in the element arithmetic, and that is what
// the self-check compares when the worker starts: every transform on every float format, on a
// probe buffer with normal, subnormal, zero and overflowing values, byte for byte against the
// host functions. A disagreement throws (the worker keeps the host path and says why).
// The seeds are the gate's (drawn from its recorded seed, never passed to a candidate), as on
// the host path: a kernel learns nothing from where the derivation runs.
#pragma once
#include <cstdint>
#include <string>

#include "engine/backend/gpu/cuda_driver.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/compile_cache.h"

namespace solver::gpu {

class DeviceDerive {
 public:
  // Compiles the kernels for `arch` ("sm_90") (through `cache` when given: a worker restarted
  // after a fault does not compile them again), loads them in the current context, and runs
  // the self-check. Throws CudaError or std::runtime_error (NVRTC, or a byte that differs).
  explicit DeviceDerive(const std::string& arch, const generators::CompileCache* cache = nullptr);
  ~DeviceDerive();
  DeviceDerive(const DeviceDerive&) = delete;
  DeviceDerive& operator=(const DeviceDerive&) = delete;

  // One BufferTransform on `b`'s device bytes at `p`, in place (synchronous on `stream`).
  // Echo: any dtype (bytes are copied, not read); `element_bytes` > 0 overrides the element
  // size (the reference's float64 copy of an in-out buffer: 8).
  void apply(const generators::ResolvedBuffer& b, CUdeviceptr p, const BufferTransform& t,
             CUstream stream, size_t element_bytes = 0) const;
  // A timed run's perturbation (timed_perturbation.h) of `b`'s device bytes at `p`, in place,
  // queued on `stream` (not waited for: the timed run's own synchronisation follows).
  // `as_double` as apply_perturbation's (the reference's float64 copy of an in-out buffer).
  void perturb(const generators::ResolvedBuffer& b, CUdeviceptr p, const Perturbation& t,
               CUstream stream, bool as_double = false) const;
  // What the self-check compared ("f32, f64, f16, bf16 x 5 transforms, 4099 elements").
  const std::string& checked() const { return checked_; }

 private:
  void self_check();

  CUmodule module_ = nullptr;
  CUfunction scale_ = nullptr, heavy_ = nullptr, flips_ = nullptr, flip_byte_ = nullptr;
  CUfunction perturb_redraw_ = nullptr, perturb_relabel_ = nullptr;
  CUfunction perturb_resample_ = nullptr;
  CUfunction perturb_segments_ = nullptr;
  CUfunction echo_ = nullptr;
  DeviceBuffer count_;
  int blocks_ = 0;
  std::string checked_;
};

}  // namespace solver::gpu
