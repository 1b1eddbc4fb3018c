#include "generators/compile_ahead.h"

#include "generators/nvrtc_compiler.h"

namespace solver::generators {

CompileAhead::CompileAhead(std::vector<ResolvedVariant> items, CompileCache* cache, int jobs)
    : items_(std::move(items)), cache_(cache), results_(items_.size()), done_(items_.size(), 0) {
  const int n = std::max(1, std::min<int>(jobs, int(items_.size())));
  for (int t = 0; t < n && !items_.empty(); ++t) threads_.emplace_back([this] { work(); });
}

CompileAhead::~CompileAhead() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  for (auto& t : threads_) t.join();
}

void CompileAhead::work() {
  for (;;) {
    std::size_t i;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stop_ || next_ >= items_.size()) return;
      i = next_++;
    }
    CompileResult r = compile_variant(items_[i], cache_);
    r.cubin.clear();  // kept in the cache; a pool's cubins need not sit in memory twice
    r.ptx.clear();
    {
      std::lock_guard<std::mutex> lock(mu_);
      results_[i] = std::move(r);
      done_[i] = 1;
    }
    cv_.notify_all();
  }
}

const CompileResult& CompileAhead::wait(std::size_t i) {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [&] { return done_.at(i) != 0; });
  return results_[i];
}

double CompileAhead::compile_seconds() const {
  std::lock_guard<std::mutex> lock(mu_);
  double s = 0;
  for (std::size_t i = 0; i < results_.size(); ++i)
    if (done_[i]) s += results_[i].seconds;
  return s;
}

int default_compile_jobs() {
  const unsigned n = std::thread::hardware_concurrency();
  return n ? int(n) : 1;
}

}  // namespace solver::generators
