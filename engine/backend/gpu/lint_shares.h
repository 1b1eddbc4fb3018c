// What the tolerance lint keeps of its echoes' element shares from one echo to the next
// (sample_lint_op.cpp, law_regions_op.cpp): the element-by-element fold over a set's echoes
// (law_checks.h fold_element_shares, whose weakest_shares law_checks reads) and one partition's
// class shares (law_regions.h light_shares' `by_class`). On the host path they are host
// vectors; on the device path (device_shares.h) device buffers, of which only summaries are
// read: each buffer is zeroed before it is freed, as a reference output is once read (P11).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/backend/gpu/class_blocks.h"
#include "engine/backend/gpu/cuda_driver.h"

namespace solver::gpu {

// Device buffers zeroed when they go (the set's reference outputs uploaded for the lint, the
// shares derived from them): nothing of a reference stays in memory a later allocation of the
// candidate's buffers could get.
class ScrubbedBuffers {
 public:
  ScrubbedBuffers() = default;
  ~ScrubbedBuffers() { clear(); }
  ScrubbedBuffers(ScrubbedBuffers&&) noexcept = default;
  ScrubbedBuffers& operator=(ScrubbedBuffers&& o) noexcept {
    clear();
    buffers_ = std::move(o.buffers_);
    return *this;
  }
  std::vector<DeviceBuffer>& get() { return buffers_; }
  const std::vector<DeviceBuffer>& get() const { return buffers_; }
  bool empty() const { return buffers_.empty(); }
  void clear() {
    bool any = false;
    for (const DeviceBuffer& b : buffers_)
      if (b.bytes()) any = cuMemsetD8(b.ptr(), 0, b.bytes()) == CUDA_SUCCESS || any;
    if (any) cuCtxSynchronize();  // landed before the memory is freed (no error thrown here)
    buffers_.clear();
  }

 private:
  std::vector<DeviceBuffer> buffers_;
};

// fold_element_shares' `largest` over the echoes taken so far, per output, and its
// weakest_shares after the last one.
struct ShareFold {
  bool started = false;
  bool device = false;  // where it is, once started
  std::vector<std::vector<double>> host;
  ScrubbedBuffers on_device;  // per output: its elements' doubles
  std::vector<double> weakest;
};

// One partition's class echoes of set 0 over one block of output elements (class_blocks.h),
// class after class: light_shares' `by_class` of the block's elements on the host, or per output
// `classes` x its block's elements doubles on the device (class r at r x elements).
struct ClassShares {
  size_t classes = 0;
  size_t taken = 0;
  bool started = false;
  bool device = false;
  bool host_only = false;  // Worker::class_light's budget left the device out
  ClassBlock block;        // empty: every element of every output
  // Per output: some class echo's element count was not the set's (element_shares' single
  // infinity; never seen, the outputs are the same buffers): its light share is infinite.
  std::vector<bool> misfit;
  std::vector<std::vector<std::vector<double>>> host;
  ScrubbedBuffers on_device;
  std::vector<int64_t> elements;  // per output (device)
  // The strided partition's median screen (Worker::class_light, helper h28j; the device path
  // only): per output, every element's count of class echoes that left its energy at 0 (uint16,
  // the whole output's, not only the block's), and whether a share was NaN.
  bool screen = false;
  bool screen_nan = false;
  ScrubbedBuffers screen_counts;
};

}  // namespace solver::gpu
