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

template <typename T>
bool fold(const HostInput& in, double c, std::shared_ptr<HostInput>& out) {
  const size_t n = in.size / sizeof(T);
  for (size_t i = 0; i < n; ++i) {
    T v;
    std::memcpy(&v, in.data.get() + i * sizeof(T), sizeof(T));
    if (!(double(v) < c)) continue;  // at or above the centre (or NaN): unchanged
    if (!out) {
      out = std::make_shared<HostInput>();
      out->size = in.size;
      out->data.reset(new unsigned char[in.size]);
      std::memcpy(out->data.get(), in.data.get(), in.size);
    }
    const T f = T(c + (c - double(v)));
    std::memcpy(out->data.get() + i * sizeof(T), &f, sizeof(T));
  }
  return out != nullptr;
}

}  // namespace

std::optional<HostSet> centre_fold_set(const generators::ResolvedVariant& variant,
                                       const HostSet& base) {
  HostSet out;
  out.key = base.key + "/folded";
  out.seed = base.seed;
  out.kind = SetKind::Fresh;  // its bytes are its own, not the input cache's
  out.inputs = base.inputs;
  out.digests = base.digests;
  bool changed = false;
  for (size_t i = 0; i < variant.buffers.size() && i < base.inputs.size(); ++i) {
    const auto& b = variant.buffers[i];
    const std::optional<double> c = law_centre(b);
    if (!c || !base.inputs[i]) continue;
    std::shared_ptr<HostInput> folded;
    const bool moved = b.dtype == DType::F32 ? fold<float>(*base.inputs[i], *c, folded)
                                             : fold<double>(*base.inputs[i], *c, folded);
    if (!moved) continue;
    out.digests[i] = digest(folded->data.get(), folded->size);
    out.inputs[i] = std::move(folded);
    changed = true;
  }
  if (!changed) return std::nullopt;
  return out;
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
