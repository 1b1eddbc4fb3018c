// Large host blocks recycled within the worker process (issue 28's cost: the first touch of
// fresh host pages was most of a reference's read-back, ~2x the copy itself, because every
// cached reference output, 512 MiB of doubles for softmax or layernorm, was a new allocation
// whose pages the kernel faulted in and zeroed, and an evicted one went back to the system).
// A freed block is kept (up to a byte bound) and handed to the next allocation it fits, at most
// twice its size, so its pages are already resident: no fault, no zeroing, no touch. What is
// stored in a block is unchanged; only where the bytes live. HostDoubles (host_data.h) takes
// its large allocations from host_block_pool(). Thread-safe; pure host code.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <map>
#include <mutex>
#include <new>
#include <unordered_map>

#include <unistd.h>

namespace solver::gpu {

class BlockPool {
 public:
  explicit BlockPool(size_t max_free_bytes) : max_free_(max_free_bytes) {}
  ~BlockPool() {
    for (auto& [capacity, p] : free_) std::free(p);
  }
  BlockPool(const BlockPool&) = delete;
  BlockPool& operator=(const BlockPool&) = delete;

  // A block of at least `bytes`: a kept one of at most 2 x `bytes` where there is one (the
  // smallest that fits), else a new one.
  void* take(size_t bytes) {
    std::lock_guard<std::mutex> lock(m_);
    auto it = free_.lower_bound(bytes);
    if (it != free_.end() && it->first / 2 <= bytes) {
      void* p = it->second;
      live_[p] = Live{it->first, true};
      free_bytes_ -= it->first;
      free_.erase(it);
      ++reused_;
      return p;
    }
    void* p = std::malloc(bytes ? bytes : 1);
    if (!p) throw std::bad_alloc();
    live_[p] = Live{bytes, false};
    return p;
  }
  // `p` (from take) kept for a later take, or freed where keeping it would pass the bound
  // (the smallest kept blocks go first).
  void give(void* p) {
    std::lock_guard<std::mutex> lock(m_);
    auto it = live_.find(p);
    const size_t capacity = it == live_.end() ? 0 : it->second.capacity;
    if (it != live_.end()) live_.erase(it);
    if (capacity == 0 || capacity > max_free_) {
      std::free(p);
      return;
    }
    free_.emplace(capacity, p);
    free_bytes_ += capacity;
    while (free_bytes_ > max_free_) {
      free_bytes_ -= free_.begin()->first;
      std::free(free_.begin()->second);
      free_.erase(free_.begin());
    }
  }
  // Whether live block `p` was a kept one (its pages resident: nothing to touch).
  bool recycled(const void* p) const {
    std::lock_guard<std::mutex> lock(m_);
    auto it = live_.find(const_cast<void*>(p));
    return it != live_.end() && it->second.recycled;
  }
  size_t free_bytes() const {
    std::lock_guard<std::mutex> lock(m_);
    return free_bytes_;
  }
  size_t reused() const {
    std::lock_guard<std::mutex> lock(m_);
    return reused_;
  }

 private:
  struct Live {
    size_t capacity = 0;
    bool recycled = false;
  };
  mutable std::mutex m_;
  size_t max_free_, free_bytes_ = 0, reused_ = 0;
  std::multimap<size_t, void*> free_;  // by capacity
  std::unordered_map<void*, Live> live_;
};

// Allocations from this size up go through the pool (smaller ones are cheap to fault in).
constexpr size_t kPooledBytes = size_t(16) << 20;

// The process's pool: keeps at most 4 GiB of freed blocks, or a sixteenth of the host's memory
// where that is less (next to the reference cache's 8 GiB or an eighth: worker.h). Never
// destroyed, so a block freed during static destruction still has somewhere to go.
inline BlockPool& host_block_pool() {
  static BlockPool* pool = [] {
    size_t cap = size_t(4) << 30;
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && page > 0) cap = std::min(cap, size_t(pages) * size_t(page) / 16);
    return new BlockPool(cap);
  }();
  return *pool;
}

}  // namespace solver::gpu
