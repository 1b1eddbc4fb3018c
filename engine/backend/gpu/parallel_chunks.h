// Runs f(c) for every chunk c in [0, chunks) on up to `threads` threads (0: every core; the
// caller's thread among them). Which thread runs a chunk never matters: chunks must write
// disjoint outputs. The host loops over whole buffers (inputs, echoes, comparisons) use it.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace solver::gpu {

// Elements per chunk of the tolerance lint's per-element passes (shares, folds, light parts): a
// small output is one chunk on the caller's thread.
inline constexpr size_t kShareChunk = size_t(1) << 18;

inline int chunk_threads(int threads, int64_t chunks) {
  int64_t t = threads > 0 ? threads : int64_t(std::max(1u, std::thread::hardware_concurrency()));
  return int(std::max<int64_t>(1, std::min(t, chunks)));
}

template <class F>
void for_each_chunk(int64_t chunks, int threads, F&& f) {
  const int n = chunk_threads(threads, chunks);
  if (n <= 1) {
    for (int64_t c = 0; c < chunks; ++c) f(c);
    return;
  }
  std::atomic<int64_t> next{0};
  auto worker = [&] {
    for (int64_t c; (c = next.fetch_add(1)) < chunks;) f(c);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
}

}  // namespace solver::gpu
