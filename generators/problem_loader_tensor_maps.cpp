// A variant's `tensor_maps:` section: TMA tensor maps over the problem's buffers, each named so
// a launch passes it as an argument. Static checks only (names, buffer, rank, swizzle, the
// `tma` chip guard); the box extents may use knobs, so their bounds are checked per knob point
// when the variant is resolved (generators/tensor_map.cpp).
#include <algorithm>

#include "generators/problem_loader.h"

namespace solver::generators::detail {

void Loader::load_tensor_maps(const YAML::Node& node, const ProblemSpec& spec, VariantSpec& v) {
  if (!node) return;
  if (!rules::expect_map(node, "tensor_maps", file_, diags_)) return;
  if (std::find(v.chip_requires.begin(), v.chip_requires.end(), "tma") == v.chip_requires.end())
    error(node,
          "tensor_maps need the copy engine: add 'tma' to this variant's 'chip' list so chips "
          "without it never compile or run it");
  auto r = resolver(&v, false);
  for (const auto& kv : node) {
    TensorMapSpec m;
    m.name = kv.first.Scalar();
    m.where = at(kv.first);
    m.box_where = m.where;
    if (!is_identifier(m.name))
      error(kv.first, "tensor map name '" + m.name + "' is not an identifier");
    else if (spec.find_buffer(m.name) || spec.find_scalar(m.name) || v.find_knob(m.name))
      error(kv.first, "tensor map '" + m.name + "' shadows a buffer, scalar or knob of that name");
    else if (v.find_tensor_map(m.name))
      error(kv.first, "tensor map '" + m.name + "' is defined twice");
    const YAML::Node& body = kv.second;
    if (!rules::expect_map(body, "tensor map", file_, diags_)) continue;
    rules::check_keys(body, {"buffer", "box", "swizzle"}, file_, diags_);
    const BufferSpec* buf = nullptr;
    if (auto b = rules::get_string(body, "buffer", file_, diags_, true)) {
      m.buffer = *b;
      buf = spec.find_buffer(*b);
      if (!buf) error(child(body, "buffer"), "tensor map '" + m.name + "': no buffer '" + *b + "'");
    }
    if (const YAML::Node box = child(body, "box")) {
      m.box_where = at(box);
      m.box = expr_list(box, "box", 1, 5, r);
      if (buf && m.box.size() != buf->shape.size())
        error(box, "tensor map '" + m.name + "': box has " + std::to_string(m.box.size()) +
                       " extents, buffer " + buf->name + " has " +
                       std::to_string(buf->shape.size()) +
                       " dimensions (one extent each, "
                       "outermost first as in its shape)");
    } else {
      error(body, "tensor map '" + m.name + "': missing required key 'box'");
    }
    if (const YAML::Node sw = child(body, "swizzle")) {
      const std::string s = sw.IsScalar() ? sw.Scalar() : "";
      if (s == "none")
        m.swizzle_bytes = 0;
      else if (s == "32" || s == "64" || s == "128")
        m.swizzle_bytes = std::stoi(s);
      else
        error(sw, "tensor map '" + m.name +
                      "': swizzle must be none, 32, 64 or 128 (bytes), got '" + s + "'");
    }
    v.tensor_maps.push_back(std::move(m));
  }
}

// Every map is passed somewhere: one that no launch names is a typo of an argument or dead.
void Loader::check_tensor_maps_used(const YAML::Node& node, const VariantSpec& v) {
  if (!node || !node.IsMap()) return;
  for (const auto& kv : node) {
    const std::string name = kv.first.Scalar();
    bool used = false;
    for (const auto& l : v.launches)
      used = used || std::find(l.args.begin(), l.args.end(), name) != l.args.end();
    if (!used) error(kv.first, "tensor map '" + name + "' is not passed by any launch's args");
  }
}

}  // namespace solver::generators::detail
