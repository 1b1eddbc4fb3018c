#include "engine/backend/memo_backend.h"

#include "engine/backend/worker_protocol.h"

namespace solver::engine {

std::optional<Ceilings> MemoBackend::ceilings() { return inner_.ceilings(); }

GateResult MemoBackend::gate(const VariantRef& v) {
  if (!enabled_) return inner_.gate(v);
  const std::string key = v.problem_dir + "|" + v.problem + "/" + v.key();
  if (auto it = gates_.find(key); it != gates_.end()) {
    ++reused_;
    GateResult g = it->second;
    g.reused = true;
    g.phases_ms.clear();
    return g;
  }
  return gates_[key] = inner_.gate(v);
}

ProfileResult MemoBackend::profile(const VariantRef& v) {
  if (!enabled_) return inner_.profile(v);
  const std::string key = v.problem_dir + "|" + v.problem + "/" + v.key();
  if (auto it = profiles_.find(key); it != profiles_.end() && it->second.ok) {
    ++reused_;
    ProfileResult p = it->second;
    p.phases_ms.clear();
    return p;
  }
  return profiles_[key] = inner_.profile(v);
}

}  // namespace solver::engine
