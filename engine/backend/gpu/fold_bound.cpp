#include "engine/backend/gpu/fold_bound.h"

#include <cmath>
#include <cstring>
#include <memory>

namespace solver::gpu {

namespace {

using generators::BufferRole;
using generators::DType;

// The centre of the buffer's law, where it has one and the fold applies (float32/float64 inputs).
std::optional<double> law_centre(const generators::ResolvedBuffer& b) {
  const bool input = b.role == BufferRole::In || b.role == BufferRole::InOut;
  if (!input || (b.dtype != DType::F32 && b.dtype != DType::F64)) return std::nullopt;
  const std::string& k = b.init.kind;
  if (k == "uniform" || k == "sorted") return 0.5 * (b.init.a + b.init.b);
  if (k == "normal") return b.init.a;
  return std::nullopt;
}

// `in` folded about c, or nullptr where no value is below it (or NaN).
template <typename T>
std::shared_ptr<HostInput> fold(const HostInput& in, double c) {
  std::shared_ptr<HostInput> out;
  const size_t n = in.size / sizeof(T);
  for (size_t i = 0; i < n; ++i) {
    T v;
    std::memcpy(&v, in.data.get() + i * sizeof(T), sizeof(T));
    if (!(double(v) < c)) continue;  // at or above the centre (or NaN): unchanged
    if (!out) out = copy_of(in);
    const T f = T(c + (c - double(v)));
    std::memcpy(out->data.get() + i * sizeof(T), &f, sizeof(T));
  }
  return out;
}

}  // namespace

std::optional<HostSet> centre_fold_set(const generators::ResolvedVariant& variant,
                                       const HostSet& base) {
  // Fresh: its bytes are its own, not the input cache's.
  return rewritten_set(variant, base, "folded", SetKind::Fresh,
                       [](size_t, const generators::ResolvedBuffer& b,
                          const HostInput& in) -> std::shared_ptr<HostInput> {
                         const std::optional<double> c = law_centre(b);
                         if (!c) return nullptr;
                         return b.dtype == DType::F32 ? fold<float>(in, *c) : fold<double>(in, *c);
                       });
}

std::vector<HostDoubles> fold_allowance(const std::vector<HostDoubles>& folded,
                                        const std::vector<generators::Tolerance>& tols) {
  std::vector<HostDoubles> out(folded.size());
  for (size_t k = 0; k < folded.size(); ++k) {
    const double mag_rtol =
        tols.empty() ? 0.0 : magnitude_rtol(tols[std::min(k, tols.size() - 1)].rtol);
    const double scale = mag_rtol > 0 ? kFoldUlps * std::ldexp(1.0, -24) / mag_rtol : 0.0;
    out[k].resize(folded[k].size());
    for (size_t i = 0; i < folded[k].size(); ++i) out[k][i] = scale * folded[k][i];
  }
  return out;
}

}  // namespace solver::gpu
