#include "engine/backend/gpu/set_content_key.h"

#include <sstream>

namespace solver::gpu {

namespace {

// Set 0's identity: its key (the standing seed) and the digest of every `in` buffer (0 for
// the others, whose bytes the seed and the buffer's declaration fix).
void put_base(std::ostringstream& s, const HostSet& base) {
  s << base.key << "#";
  for (uint64_t d : base.digests) s << std::hex << d << std::dec << ",";
}

}  // namespace

bool seed_free(const std::vector<BufferTransform>& plan) {
  if (plan.empty()) return false;
  for (const BufferTransform& t : plan)
    if (t.op != TransformOp::ScalePow2) return false;
  return true;
}

std::string exponent_plan_key(const std::string& problem, const generators::ResolvedVariant& v,
                              const HostSet& base, SetKind kind) {
  if (kind != SetKind::ExponentUp && kind != SetKind::ExponentDown) return "";
  std::ostringstream s;
  s.precision(17);
  s << problem << "|" << to_string(kind) << "|" << v.precision << "|";
  put_base(s, base);
  for (size_t i = 0; i < v.buffers.size(); ++i) {
    const auto& b = v.buffers[i];
    s << "|" << b.name << ":" << int(b.dtype) << ":" << b.elements << ":" << int(b.role) << ":"
      << b.dist_fixed << ":" << b.init.kind << ":" << b.init.a << ":" << b.init.b << ":"
      << (i < base.inputs.size() && base.inputs[i] ? 1 : 0);
  }
  return s.str();
}

std::string derived_set_key(const HostSet& base, SetKind kind, uint64_t seed,
                            const std::vector<BufferTransform>& plan) {
  if (!seed_free(plan)) return derived_key(base.key, kind, seed);
  std::ostringstream s;
  put_base(s, base);
  s << "/" << to_string(kind);
  for (const BufferTransform& t : plan)
    s << "/b" << t.buffer << ":e" << t.e << (t.negate ? "-" : "+");
  return s.str();
}

}  // namespace solver::gpu
