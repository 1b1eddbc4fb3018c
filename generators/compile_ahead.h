// Compiles a list of resolved variants on N threads into the on-disk NVRTC cache, ahead of
// whoever consumes them in list order (`solver record --jobs`, `solver problems check --jobs`).
// NVRTC is thread-safe per program and the cache writes each entry atomically, so the GPU
// worker, compiling the same key later through the same cache folder, finds a hit instead of a
// compile. The threads take the items in order, so item i is usually done long before the
// consumer reaches it; wait(i) blocks until it is. A failed compile is an outcome of its item,
// never an exception; nothing is cached for it and the consumer's own compile reports it.
#pragma once
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "generators/compile_cache.h"
#include "generators/variant_space.h"

namespace solver::generators {

class CompileAhead {
 public:
  // Starts `jobs` threads (at least 1) over `items`; `cache` must outlive this object.
  CompileAhead(std::vector<ResolvedVariant> items, CompileCache* cache, int jobs);
  ~CompileAhead();  // stops taking new items, joins the threads
  CompileAhead(const CompileAhead&) = delete;
  CompileAhead& operator=(const CompileAhead&) = delete;

  // Blocks until item i is compiled (or was a cache hit); its result without the cubin/PTX
  // bytes (they are in the cache).
  const CompileResult& wait(std::size_t i);
  std::size_t size() const { return items_.size(); }
  // Sum of the compile seconds of the items done so far (0 for cache hits).
  double compile_seconds() const;

 private:
  void work();
  std::vector<ResolvedVariant> items_;
  CompileCache* cache_;
  std::vector<CompileResult> results_;
  std::vector<char> done_;
  std::size_t next_ = 0;
  bool stop_ = false;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::thread> threads_;
};

// The number of compile threads `--jobs 0` means: the machine's hardware threads (at least 1).
int default_compile_jobs();

}  // namespace solver::generators
