// The audit's output comparison on the device (docs/reliability.md P7, issue 28's cost): the
// candidate's saved outputs against the reference's float64 outputs where both already are, in
// device memory, instead of reading the reference (8 bytes an element) and the outputs back to
// the host and walking them there. Only the sums (failures, first failing index, largest
// errors, the measured class bound's count, first index and largest ratio) and, on a failure,
// the two values at the first failing index (and at the first outside the class bound) cross
// to the host. The rule is compare()'s (host_data.h), written once for the device in
// compare_source.h; when the worker starts, a self-check holds the device to the host walk
// field for field, on every output dtype, with and without the magnitude term, with the class
// bound off and on (class_bound.h), on passes, failures and non-finite values.
// A disagreement (or no NVRTC) throws: the worker then compares on the host and says so in
// every gate's detail.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/backend/gpu/cuda_driver.h"
#include "engine/backend/gpu/host_data.h"
#include "generators/compile_cache.h"
#include "generators/problem_spec.h"

namespace solver::gpu {

class DeviceCompare {
 public:
  // Compiles the kernel for `arch` (through `cache` when given), loads it in the current
  // context and runs the self-check. Throws CudaError or std::runtime_error.
  explicit DeviceCompare(const std::string& arch, const generators::CompileCache* cache = nullptr);
  ~DeviceCompare();
  DeviceCompare(const DeviceCompare&) = delete;
  DeviceCompare& operator=(const DeviceCompare&) = delete;

  // compare(out, dtype, n, ref, n, tol, 0, magnitude) of host_data.h, on device memory: `n`
  // elements of `dtype` at `out` against `n` doubles at `ref` (`magnitude`: 0, or n doubles).
  // Synchronous on `stream`.
  // With `valid` (row > 0): an order-free output's counted rows (host_data.h's RowValid), the
  // counts read on the device from the two count outputs.
  struct Valid {
    int64_t row = 0;
    CUdeviceptr out_count = 0, ref_count = 0;
    int out_type = 0, ref_type = 1;  // compare_type of each count's storage
  };
  Comparison operator()(CUdeviceptr out, generators::DType dtype, int64_t n, CUdeviceptr ref,
                        CUdeviceptr magnitude, const generators::Tolerance& tol, CUstream stream,
                        const Valid* valid = nullptr) const;
  // order_view.h's sort_rows on the device: `columns` (pointer, compare_type; at most 4) sorted
  // in place, each of `rows` rows' counted prefix (count 0: all) by the tuple order.
  // Synchronous on `stream`.
  void sort_rows(const std::vector<std::pair<CUdeviceptr, int>>& columns, int64_t rows, int64_t row,
                 CUdeviceptr count, int count_type, CUstream stream) const;
  // What the self-check compared.
  const std::string& checked() const { return checked_; }

 private:
  void self_check(CUstream stream);

  CUmodule module_ = nullptr;
  CUfunction fn_ = nullptr, sort_fn_ = nullptr;
  DeviceBuffer sums_;
  int blocks_ = 0;
  std::string checked_;
};

}  // namespace solver::gpu
