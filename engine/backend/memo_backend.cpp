#include "engine/backend/memo_backend.h"

#include "engine/backend/gate_parts.h"
#include "engine/backend/worker_protocol.h"

namespace solver::engine {

std::optional<Ceilings> MemoBackend::ceilings() { return inner_.ceilings(); }

GateResult MemoBackend::reuse(const GateResult& found) {
  ++reused_;
  GateResult g = found;
  g.reused = true;
  g.phases_ms.clear();
  return g;
}

GateResult MemoBackend::gate(const VariantRef& v) { return gate_part(v, GatePart::Full); }

GateResult MemoBackend::gate_part(const VariantRef& v, GatePart part) {
  if (!enabled_) return part == GatePart::Full ? inner_.gate(v) : inner_.gate_part(v, part);
  const std::string key = v.problem_dir + "|" + v.problem + "/" + v.key();
  const std::string regular = key + "#regular", deferred = key + "#deferred";
  auto found = [&](const std::string& k) -> const GateResult* {
    auto it = gates_.find(k);
    return it == gates_.end() ? nullptr : &it->second;
  };
  switch (part) {
    case GatePart::Full:
      if (const GateResult* g = found(key)) return reuse(*g);
      if (found(regular) && found(deferred))
        return reuse(merge_parts(*found(regular), *found(deferred)));
      return gates_[key] = inner_.gate(v);
    case GatePart::Regular:
      if (const GateResult* g = found(key)) return reuse(*g);
      if (const GateResult* g = found(regular)) return reuse(*g);
      return gates_[regular] = inner_.gate_part(v, part);
    case GatePart::Deferred:
      if (const GateResult* g = found(key)) return reuse(*g);
      if (const GateResult* g = found(deferred)) return reuse(*g);
      return gates_[deferred] = inner_.gate_part(v, part);
  }
  return inner_.gate_part(v, part);
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
