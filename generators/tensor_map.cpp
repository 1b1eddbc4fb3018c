#include "generators/tensor_map.h"

#include <cmath>
#include <string>

namespace solver::generators {
namespace {

using rules::Diagnostic;

// A box extent: an integer-valued expression over scalars and knobs.
std::optional<int64_t> extent(const SpecExpr& e, const std::vector<rules::Value>& slots,
                              const std::string& what, std::vector<Diagnostic>& issues) {
  if (!e.expr) {
    issues.push_back({e.where, what + " '" + e.text + "' is not a parsed expression"});
    return std::nullopt;
  }
  rules::Value v = e.expr->evaluate(slots);
  const double* d = std::get_if<double>(&v);
  if (!d || !std::isfinite(*d) || std::abs(*d) > 9.0e15 || *d != std::round(*d)) {
    issues.push_back({e.where, what + " '" + e.text + "' is " + rules::format_value(v) +
                                   ", not an integer (does it use a knob this variant lacks?)"});
    return std::nullopt;
  }
  return static_cast<int64_t>(*d);
}

}  // namespace

int64_t ResolvedTensorMap::box_bytes() const {
  int64_t n = int64_t(dtype_size(dtype));
  for (int64_t b : box) n *= b;
  return n;
}

void resolve_tensor_maps(const VariantSpec& variant, const std::vector<rules::Value>& slots,
                         ResolvedVariant& rv) {
  for (const auto& m : variant.tensor_maps) {
    ResolvedTensorMap r;
    r.name = m.name;
    r.swizzle_bytes = m.swizzle_bytes;
    const std::string what = "tensor map '" + m.name + "'";
    for (std::size_t i = 0; i < rv.buffers.size(); ++i)
      if (rv.buffers[i].name == m.buffer) r.buffer = int(i);
    if (r.buffer < 0) {
      rv.issues.push_back({m.where, what + ": no buffer '" + m.buffer + "'"});
      rv.tensor_maps.push_back(r);
      continue;
    }
    const ResolvedBuffer& b = rv.buffers[std::size_t(r.buffer)];
    r.dtype = b.dtype;
    const int64_t esize = int64_t(dtype_size(b.dtype));
    const std::size_t rank = b.shape.size();
    bool ok = rank >= 1 && rank <= std::size_t(kTensorMapMaxRank) && m.box.size() == rank;
    if (!ok)
      rv.issues.push_back({m.box_where, what + ": a box of " + std::to_string(m.box.size()) +
                                            " extents over a buffer of rank " +
                                            std::to_string(rank) + " (1 to 5, one extent each)"});
    // The spec lists dimensions outermost first; the driver wants them innermost first.
    for (std::size_t i = rank; ok && i-- > 0;) {
      r.dims.push_back(b.shape[i]);
      if (b.shape[i] > kTensorMapMaxDim)
        rv.issues.push_back({m.where, what + ": dimension " + std::to_string(i) + " of " + b.name +
                                          " (" + std::to_string(b.shape[i]) +
                                          ") is over the copy engine's 2^32"});
      auto e = extent(m.box[i], slots, what + " box", rv.issues);
      if (!e) {
        ok = false;
        break;
      }
      if (*e < 1 || *e > kTensorMapMaxBox || *e > b.shape[i])
        rv.issues.push_back(
            {m.box[i].where, what + ": box extent '" + m.box[i].text + "' = " + std::to_string(*e) +
                                 " must be 1 to " +
                                 std::to_string(std::min(kTensorMapMaxBox, b.shape[i])) +
                                 " (at most 256 and the buffer's dimension)"});
      r.box.push_back(*e);
    }
    if (ok) {
      int64_t stride = esize;
      for (std::size_t i = 0; i + 1 < rank; ++i) {
        stride *= r.dims[i];
        r.strides.push_back(stride);
        if (stride % 16 != 0 || stride >= kTensorMapMaxStride)
          rv.issues.push_back({m.where, what + ": the stride of dimension " +
                                            std::to_string(i + 1) + " of " + b.name + " is " +
                                            std::to_string(stride) +
                                            " bytes; the copy engine needs a multiple of 16 "
                                            "below 2^40"});
      }
      const int64_t inner = r.box[0] * esize;
      if (inner % 16 != 0)
        rv.issues.push_back({m.box.back().where,
                             what + ": the innermost box extent spans " + std::to_string(inner) +
                                 " bytes; the copy engine needs a multiple of 16"});
      if (r.swizzle_bytes > 0 && inner > r.swizzle_bytes)
        rv.issues.push_back(
            {m.box.back().where, what + ": the innermost box extent spans " +
                                     std::to_string(inner) + " bytes, wider than its " +
                                     std::to_string(r.swizzle_bytes) + "-byte swizzle"});
    }
    rv.tensor_maps.push_back(std::move(r));
  }
}

}  // namespace solver::generators
