// The tolerances of problem.yaml: the problem's `tolerance:` (one per precision class) and an
// output buffer's own `tolerance:` (the same form, for some of those classes), which replaces
// the problem's for that output (docs/problem-format.md, "Tolerance").
#include <string>

#include "generators/problem_loader.h"

namespace solver::generators::detail {

std::map<std::string, Tolerance> Loader::tolerance_map(const YAML::Node& node,
                                                       const std::string& what) {
  std::map<std::string, Tolerance> out;
  if (!rules::expect_map(node, what, file_, diags_)) return out;
  for (const auto& kv : node) {
    const YAML::Node& v = kv.second;
    if (!rules::expect_map(v, "tolerance class", file_, diags_)) continue;
    rules::check_keys(v, {"rtol", "atol"}, file_, diags_);
    Tolerance t;
    t.rtol = rules::get_double(v, "rtol", file_, diags_, true).value_or(t.rtol);
    t.atol = rules::get_double(v, "atol", file_, diags_, true).value_or(t.atol);
    if (t.rtol < 0 || t.atol < 0) error(v, "tolerances must be non-negative");
    out[kv.first.Scalar()] = t;
  }
  return out;
}

void Loader::load_tolerances(const YAML::Node& node, ProblemSpec& spec) {
  if (!node) return;  // variants then fail on their precision class, located there
  spec.tolerances = tolerance_map(node, "tolerance");
}

void Loader::check_buffer_tolerances(const YAML::Node& buffers, const ProblemSpec& spec) {
  if (!buffers || !buffers.IsMap()) return;
  std::string known;
  for (const auto& [cls, t] : spec.tolerances) known += (known.empty() ? "" : ", ") + cls;
  for (const auto& kv : buffers) {
    if (!kv.second.IsMap()) continue;
    const YAML::Node t = child(kv.second, "tolerance");
    if (!t || !t.IsMap()) continue;
    for (const auto& c : t)
      if (!spec.tolerances.count(c.first.Scalar()))
        error(c.first, "buffer '" + kv.first.Scalar() + "': tolerance class '" + c.first.Scalar() +
                           "' is not one of the problem's (" +
                           (known.empty() ? "no 'tolerance:' section" : known) +
                           "): a buffer's tolerance replaces the problem's for a class it has");
  }
}

}  // namespace solver::generators::detail
