// float_params (ptx_int_provenance.h): which kernel parameters are bound to float buffers, and
// which buffers each parameter is bound to over the variant's launches.
#include <algorithm>

#include "generators/ptx_int_provenance.h"
#include "generators/variant_space.h"

namespace solver::generators {

FloatParams float_params(const ResolvedVariant& rv) {
  FloatParams out;
  auto is_float = [](DType d) {
    return d == DType::F16 || d == DType::BF16 || d == DType::F32 || d == DType::F64;
  };
  auto float_bits = [](DType d) {
    return d == DType::F16 || d == DType::BF16 ? 16
           : d == DType::F32                   ? 32
           : d == DType::F64                   ? 64
                                               : 0;
  };
  std::map<std::string, std::vector<int>> seen;  // per entry and parameter: -1 none yet
  for (const auto& l : rv.launches) {
    auto& v = out[l.entry];
    auto& bound = out.buffers[l.entry];
    v.resize(std::max(v.size(), l.args.size()), false);
    bound.resize(v.size());
    auto& bits = seen[l.entry];
    bits.resize(v.size(), -1);
    for (std::size_t i = 0; i < l.args.size(); ++i) {
      const auto& a = l.args[i];
      if (a.kind == ResolvedArg::Kind::Buffer && a.index >= 0 &&
          a.index < static_cast<int>(rv.buffers.size())) {
        v[i] = v[i] || is_float(rv.buffers[a.index].dtype);
        bound[i].insert(a.index);
        const int b = float_bits(rv.buffers[a.index].dtype);
        bits[i] = bits[i] < 0 || bits[i] == b ? b : 0;
      }
      if (a.kind == ResolvedArg::Kind::TensorMap && a.index >= 0 &&
          a.index < static_cast<int>(rv.tensor_maps.size())) {
        v[i] = v[i] || is_float(rv.tensor_maps[a.index].dtype);
        out.map_dtypes.insert(rv.tensor_maps[a.index].dtype);
        if (rv.tensor_maps[a.index].buffer >= 0) bound[i].insert(rv.tensor_maps[a.index].buffer);
      }
    }
  }
  for (std::size_t i = 0; i < rv.buffers.size(); ++i)
    if (rv.buffers[i].role == BufferRole::Out && float_bits(rv.buffers[i].dtype) == 0)
      out.int_outputs.insert(int(i));
  for (std::size_t i = 0; i < rv.buffers.size(); ++i)
    if (rv.buffers[i].role == BufferRole::In && float_bits(rv.buffers[i].dtype) == 0 &&
        !is_structured_init(rv.buffers[i].init.kind))
      out.random_int_inputs.insert(int(i));
  for (const auto& [entry, bits] : seen) {
    auto& e = out.elem_bits[entry];
    for (int b : bits) e.push_back(std::max(b, 0));
  }
  return out;
}

}  // namespace solver::generators
