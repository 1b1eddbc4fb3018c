// Internal to generators/: the problem.yaml loader, split over problem_loader.cpp (document
// level, expressions, load_problem) and problem_loader_sections.cpp (scalars, buffers,
// tolerances, launches, variants). Users call load_problem / load_problems (problem_spec.h).
#pragma once
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "generators/problem_spec.h"
#include "rules/yaml_util.h"

namespace solver::generators::detail {

bool is_identifier(const std::string& s);
// node[key] that never throws: yaml-cpp's const subscript yields an invalid node for a missing
// key, on which IsMap() and friends throw; this yields an Undefined one instead.
YAML::Node child(const YAML::Node& node, const char* key);
// True if `inner` is `outer` or lies below it, compared by path component (both canonical).
bool path_within(const std::filesystem::path& inner, const std::filesystem::path& outer);

class Loader {
 public:
  Loader(std::string dir, std::string file, std::string text, rules::Diagnostics& d)
      : dir_(std::move(dir)), file_(std::move(file)), text_(std::move(text)), diags_(d) {}

  ProblemSpec load(const YAML::Node& root);

 private:
  rules::SourceLocation at(const YAML::Node& n) const { return rules::location_of(n, file_); }
  void error(const YAML::Node& n, std::string msg) { diags_.error(at(n), std::move(msg)); }

  void collect_slots(const YAML::Node& root);
  // Names visible to an expression: scalars, plus the knobs of `variant`, plus (for buffer
  // shapes, where a scratch buffer may depend on a knob) the knobs of any variant.
  rules::Resolver resolver(const VariantSpec* variant, bool knobs_of_any_variant) const;
  SpecExpr expr(const YAML::Node& scalar, const rules::Resolver& r,
                std::optional<rules::ValueType> expect = rules::ValueType::Number);
  std::vector<SpecExpr> expr_list(const YAML::Node& node, const char* what, std::size_t min_n,
                                  std::size_t max_n, const rules::Resolver& r);

  void load_scalars(const YAML::Node& node, ProblemSpec& spec);
  std::optional<double> scalar_value(const YAML::Node& v, const std::string& name,
                                     const ProblemSpec& spec);
  // `flops` / `bytes` evaluated over the scalars: finite and >= 0, and `bytes` > 0 (it sets
  // the too-fast floor: 0 would switch the floor off without a word).
  void check_work(const YAML::Node& node, const SpecExpr& e, const char* what, bool positive,
                  const ProblemSpec& spec);
  void load_buffers(const YAML::Node& node, ProblemSpec& spec);
  // A buffer's `order:` and `count:` (problem_loader_order.cpp); check_orders then holds the
  // declarations to each other once every buffer is known.
  void load_order(const YAML::Node& v, BufferSpec& b);
  void check_orders(const YAML::Node& buffers, const ProblemSpec& spec);
  InitDist load_init(const YAML::Node& node, const ProblemSpec& spec);
  void load_tolerances(const YAML::Node& node, ProblemSpec& spec);
  // `{class: {rtol, atol}, ...}` (the problem's `tolerance:` or a buffer's), located errors.
  std::map<std::string, Tolerance> tolerance_map(const YAML::Node& node, const std::string& what);
  // Every buffer's own tolerance classes are among the problem's (after load_tolerances).
  void check_buffer_tolerances(const YAML::Node& buffers, const ProblemSpec& spec);
  // Every output's `blind_to:` (problem_loader_blind_to.cpp), after every buffer is loaded.
  void load_blind_to(const YAML::Node& buffers, ProblemSpec& spec);
  LaunchSpec load_launch(const YAML::Node& node, const ProblemSpec& spec, const rules::Resolver& r,
                         const VariantSpec* variant = nullptr);
  VariantSpec load_variant(const YAML::Node& node, const ProblemSpec& spec);
  void load_knobs(const YAML::Node& node, VariantSpec& v);
  void load_tensor_maps(const YAML::Node& node, const ProblemSpec& spec, VariantSpec& v);
  void check_tensor_maps_used(const YAML::Node& node, const VariantSpec& v);
  // A `source:` (problem folder or kernels: library file) that exists, confined; false if not.
  bool check_source(const YAML::Node& node, const std::string& rel);
  std::vector<std::string> hypothesis_list(const YAML::Node& map, const char* key);
  void check_variant_graph(const YAML::Node& variants_node, const ProblemSpec& spec);

  std::string dir_, file_, text_;
  std::vector<std::string> library_dirs_;  // the problem's `kernels:` folders, canonical
  rules::Diagnostics& diags_;
  std::vector<std::string> slots_;
  std::set<std::string> scalar_names_;
};

}  // namespace solver::generators::detail
