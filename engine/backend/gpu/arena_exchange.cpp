// Red team 34 (docs/reliability.md; engine/backend/placement_plan.h): two members of a pair
// whose layouts differ run on two allocations, and the place each allocation lands is a bias
// between them. Here the two arenas change hands: fitted to one size, their windows' bytes
// exchanged on the device through a bounded temporary, then the allocations themselves, each
// member's views moved to the other base at its own layout's offsets. The kernel sees what
// every run shows it: its own buffer list's distances from a slid 2 MiB-aligned base.
#include <algorithm>
#include <stdexcept>

#include "engine/backend/gpu/device_buffers.h"
#include "engine/backend/sequence_plan.h"

namespace solver::gpu {

namespace {

// The temporary of the exchange: at most this many bytes at a time (three copies a chunk).
constexpr size_t kExchangeChunk = size_t(64) << 20;

bool inside(CUdeviceptr p, CUdeviceptr base, size_t bytes) {
  return bytes && p >= base && p < base + bytes;
}

}  // namespace

void DeviceBuffers::set_slack() {
  slack_.clear();
  if (!arena_.bytes()) return;
  if (slide_) slack_.push_back({0, slide_});
  for (const auto& [at, bytes] : engine::arena_slack(layout_, variant_.buffers))
    slack_.push_back({slide_ + at, bytes});
  const size_t end = slide_ + layout_.bytes;
  if (arena_.bytes() > end) slack_.push_back({end, arena_.bytes() - end});
}

void DeviceBuffers::rebind_arena(CUdeviceptr old_base, size_t old_bytes, size_t old_slide) {
  auto move = [&](DeviceBuffer& d) {
    if (!inside(d.ptr(), old_base, old_bytes)) return;  // an allocation of its own
    const size_t offset = size_t(d.ptr() - old_base) - old_slide;
    d = DeviceBuffer::view(arena_.ptr() + slide_ + offset, d.bytes());
  };
  for (size_t s = 0; s < inputs_.size() && s < layout_.input.size(); ++s)
    for (DeviceBuffer& d : inputs_[s]) move(d);
  for (DeviceBuffer& d : work_) move(d);
  set_slack();
}

void DeviceBuffers::fit_arena(size_t capacity, CUstream stream) {
  if (arena_.bytes() >= capacity) return;
  if (slide_ + layout_.bytes > capacity)
    throw std::logic_error("fit_arena: " + std::to_string(capacity) + " bytes hold no window of " +
                           std::to_string(layout_.bytes) + " at slide " + std::to_string(slide_));
  DeviceBuffer larger(capacity);
  if (arena_.bytes()) {
    CU_CHECK(cuMemcpyDtoDAsync(larger.ptr(), arena_.ptr(), arena_.bytes(), stream));
    CU_CHECK(cuStreamSynchronize(stream));
  }
  DeviceBuffer old = std::move(arena_);
  arena_ = std::move(larger);
  rebind_arena(old.ptr(), old.bytes(), slide_);
}

void exchange_arenas(DeviceBuffers& a, DeviceBuffers& b, CUstream stream) {
  if (&a == &b) return;
  const size_t window = std::max(a.layout_.bytes, b.layout_.bytes);
  if (!window) return;
  // Either member's window at either allocation's slide.
  const size_t need = std::max(a.slide_, b.slide_) + window;
  a.fit_arena(need, stream);
  b.fit_arena(need, stream);
  // The windows' bytes exchanged (each window read to the larger's length: the smaller's tail
  // is its slack, rewritten before every run anyway).
  const CUdeviceptr wa = a.arena_.ptr() + a.slide_, wb = b.arena_.ptr() + b.slide_;
  DeviceBuffer temp(std::min(window, kExchangeChunk));
  for (size_t at = 0; at < window; at += temp.bytes()) {
    const size_t n = std::min(temp.bytes(), window - at);
    CU_CHECK(cuMemcpyDtoDAsync(temp.ptr(), wa + at, n, stream));
    CU_CHECK(cuMemcpyDtoDAsync(wa + at, wb + at, n, stream));
    CU_CHECK(cuMemcpyDtoDAsync(wb + at, temp.ptr(), n, stream));
  }
  CU_CHECK(cuStreamSynchronize(stream));
  // Then the allocations: a's bytes are now in b's arena at b's slide, and a takes that arena.
  const CUdeviceptr a_base = a.arena_.ptr(), b_base = b.arena_.ptr();
  const size_t a_bytes = a.arena_.bytes(), b_bytes = b.arena_.bytes();
  const size_t a_slide = a.slide_, b_slide = b.slide_;
  std::swap(a.arena_, b.arena_);
  std::swap(a.slide_, b.slide_);
  a.rebind_arena(a_base, a_bytes, a_slide);
  b.rebind_arena(b_base, b_bytes, b_slide);
}

}  // namespace solver::gpu
