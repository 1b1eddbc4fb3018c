// Host bytes in page-locked memory (cuMemAllocHost), for the read-backs of the checks: a
// copy from the device into pageable memory goes through the driver's staging buffer, one
// into page-locked memory is a direct DMA (issue 28's cost: the output read-backs of the
// checks and audits were 2.3 s of the 72 s six-problem ablation, docs/reliability.md "Cost").
// Grow-only: kept by the worker across requests, so the pages are locked once per size. Where
// locking fails (a host limit), ordinary memory stands in; the bytes are the same either way.
// SOLVER_PAGEABLE_READBACK=1 takes ordinary memory always: the A/B of the live measurement.
#pragma once
#include <cstddef>

namespace solver::gpu {

class PinnedBytes {
 public:
  PinnedBytes() = default;
  ~PinnedBytes();
  PinnedBytes(PinnedBytes&& o) noexcept;
  PinnedBytes& operator=(PinnedBytes&& o) noexcept;
  PinnedBytes(const PinnedBytes&) = delete;
  PinnedBytes& operator=(const PinnedBytes&) = delete;

  // `n` bytes from data(); contents unspecified after a growth.
  void resize(size_t n);
  unsigned char* data() { return data_; }
  const unsigned char* data() const { return data_; }
  size_t size() const { return size_; }
  bool pinned() const { return pinned_; }
  // SOLVER_PAGEABLE_READBACK=1 in the environment (read once).
  static bool pageable_only();

 private:
  void release();
  unsigned char* data_ = nullptr;
  size_t size_ = 0, capacity_ = 0;
  bool pinned_ = false;
};

}  // namespace solver::gpu
