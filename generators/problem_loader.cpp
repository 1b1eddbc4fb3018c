// Loads problem.yaml (docs/problem-format.md). One pass collects every located problem of the
// file; only then is InputError thrown, so a user fixes a spec in one edit-run cycle.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include "generators/external_process.h"
#include "generators/kernel_library.h"
#include "generators/problem_loader.h"
#include "generators/source_confinement.h"
#include "rules/expr_constants.h"

namespace fs = std::filesystem;

namespace solver::generators {
namespace detail {

using rules::Diagnostics;

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

YAML::Node child(const YAML::Node& node, const char* key) {
  if (!node.IsDefined() || !node.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
  YAML::Node v = node[key];
  return v.IsDefined() ? v : YAML::Node(YAML::NodeType::Undefined);
}

bool path_within(const fs::path& inner, const fs::path& outer) {
  auto i = inner.begin();
  for (auto o = outer.begin(); o != outer.end(); ++o, ++i) {
    if (o->empty()) continue;  // trailing separator
    if (i == inner.end() || *i != *o) return false;
  }
  return true;
}

ProblemSpec Loader::load(const YAML::Node& root) {
  ProblemSpec spec;
  spec.dir = dir_;
  spec.file = file_;
  if (!rules::expect_map(root, "problem.yaml", file_, diags_)) return spec;
  rules::check_keys(
      root,
      {"version", "name", "description", "timeout_ms", "scalars", "buffers", "flops", "bytes",
       "tolerance", "reference", "seed", "variants", "generator", "kernels", "measured_class"},
      file_, diags_);
  // Folders of the shared kernel library on every kernel's include path, confined to it.
  if (auto list = rules::get_string_list(root, "kernels", file_, diags_)) {
    for (std::size_t i = 0; i < list->size(); ++i) {
      auto d = library_include_dir((*list)[i]);
      if (!d)
        error(child(root, "kernels")[i], d.error().why);
      else if (std::find(spec.library_dirs.begin(), spec.library_dirs.end(), *d) !=
               spec.library_dirs.end())
        error(child(root, "kernels")[i], "kernels: folder '" + (*list)[i] + "' is listed twice");
      else
        spec.library_dirs.push_back(*d);
    }
  }
  library_dirs_ = spec.library_dirs;
  if (auto v = rules::get_int(root, "version", file_, diags_, true)) {
    spec.version = static_cast<int>(*v);
    if (*v != 1)
      error(child(root, "version"), "unsupported problem.yaml version " + std::to_string(*v) +
                                        " (this solver reads version 1)");
  }
  if (auto n = rules::get_id(root, "name", file_, diags_, "problem name", true)) {
    spec.name = *n;
    std::string folder = fs::path(dir_).filename().string();
    if (*n != folder)
      error(child(root, "name"),
            "name '" + *n + "' must equal the problem's folder name '" + folder + "'");
  }
  spec.description = rules::get_string(root, "description", file_, diags_).value_or("");
  if (auto t = rules::get_int(root, "timeout_ms", file_, diags_)) {
    if (*t <= 0 || *t > 3600000)
      error(child(root, "timeout_ms"), "timeout_ms must be in [1, 3600000]");
    spec.timeout_ms = static_cast<int>(*t);
  }
  // `measured_class: on | off` (default on): off opts out of the measured class bound
  // (Tolerance::class_rtol), a narrowed check the report names.
  if (const YAML::Node m = child(root, "measured_class")) {
    spec.measured_class_where = at(m);
    const std::string v = m.IsScalar() ? m.Scalar() : "";
    if (v == "on" || v == "off")
      spec.measured_class = v == "on";
    else
      error(m,
            "measured_class must be 'on' or 'off' (off: no measured class bound for this "
            "problem's fp64 variants, a narrowed check), not '" +
                (m.IsScalar() ? v : std::string("a ") + (m.IsMap() ? "map" : "list")) + "'");
  }
  // An external generator for this problem (docs/external-generators.md): a command line or
  // {command, first}; `{problem_dir}` in it is this folder.
  if (const YAML::Node g = child(root, "generator")) {
    spec.generator_where = at(g);
    YAML::Node cmd = g.IsMap() ? child(g, "command") : g;
    if (g.IsMap()) {
      rules::check_keys(g, {"command", "first"}, file_, diags_);
      spec.generator_first = rules::get_bool(g, "first", file_, diags_).value_or(false);
    }
    if (!cmd || !cmd.IsScalar() || cmd.Scalar().empty()) {
      error(g, "generator must be a command line or {command: ..., first: true|false}");
    } else {
      spec.generator = cmd.Scalar();
      if (auto argv = split_command(spec.generator); !argv)
        error(cmd, "generator command: " + argv.error().why);
    }
  }
  collect_slots(root);
  load_scalars(child(root, "scalars"), spec);
  if (!child(root, "buffers")) diags_.error(at(root), "missing required key 'buffers'");
  load_buffers(child(root, "buffers"), spec);
  auto scalars_only = resolver(nullptr, false);
  if (child(root, "flops"))
    spec.flops = expr(child(root, "flops"), scalars_only);
  else
    diags_.error(at(root), "missing required key 'flops'");
  if (child(root, "bytes"))
    spec.bytes = expr(child(root, "bytes"), scalars_only);
  else
    diags_.error(at(root), "missing required key 'bytes'");
  check_work(child(root, "flops"), spec.flops, "flops", false, spec);
  check_work(child(root, "bytes"), spec.bytes, "bytes", true, spec);
  load_tolerances(child(root, "tolerance"), spec);
  check_buffer_tolerances(child(root, "buffers"), spec);
  load_blind_to(child(root, "buffers"), spec);

  const YAML::Node ref = child(root, "reference");
  if (!ref) {
    diags_.error(at(root), "missing required key 'reference'");
  } else if (rules::expect_map(ref, "reference", file_, diags_)) {
    rules::check_keys(ref, {"source", "entry", "args", "grid", "block", "smem"}, file_, diags_);
    if (auto s = rules::get_string(ref, "source", file_, diags_, true)) {
      spec.reference.source = *s;
      if (check_source(child(ref, "source"), *s))
        for (const auto& msg : check_includes(dir_, kernel_source_path(dir_, *s), library_dirs_))
          error(child(ref, "source"), msg);
    }
    spec.reference.launch = load_launch(ref, spec, scalars_only);
  }

  const YAML::Node vs = child(root, "variants");
  if (!vs) {
    diags_.error(at(root), "missing required key 'variants'");
  } else if (rules::expect_sequence(vs, "variants", file_, diags_)) {
    if (vs.size() == 0) error(vs, "a problem needs at least one variant");
    for (const auto& v : vs) spec.variants.push_back(load_variant(v, spec));
    check_variant_graph(vs, spec);
  }
  if (auto s = rules::get_string(root, "seed", file_, diags_)) {
    spec.seed_variant = *s;
    if (!spec.find_variant(*s))
      error(child(root, "seed"), "seed variant '" + *s + "' is not defined");
  } else if (!spec.variants.empty()) {
    spec.seed_variant = spec.variants.front().id;
  }
  spec.slot_names = slots_;
  return spec;
}

// Every expression of the file binds to one slot layout (scalars, then knobs of any variant),
// so one slot vector evaluates all of them.
void Loader::collect_slots(const YAML::Node& root) {
  if (child(root, "scalars").IsMap())
    for (const auto& kv : child(root, "scalars")) {
      std::string n = kv.first.Scalar();
      if (scalar_names_.insert(n).second) slots_.push_back(n);
    }
  if (!child(root, "variants").IsSequence()) return;
  for (const auto& v : child(root, "variants")) {
    if (!v.IsMap() || !child(v, "knobs").IsMap()) continue;
    for (const auto& kv : child(v, "knobs")) {
      std::string n = kv.first.Scalar();
      if (std::find(slots_.begin(), slots_.end(), n) == slots_.end()) slots_.push_back(n);
    }
  }
}

rules::Resolver Loader::resolver(const VariantSpec* variant, bool knobs_of_any_variant) const {
  // Copies, not references: the resolver may outlive this call inside a parse.
  std::vector<std::string> slots = slots_;
  std::set<std::string> scalars = scalar_names_;
  std::set<std::string> knobs;
  if (variant)
    for (const auto& k : variant->knobs) knobs.insert(k.name);
  return [slots, scalars, knobs,
          knobs_of_any_variant](std::string_view name) -> std::optional<rules::Symbol> {
    std::string n(name);
    if (!scalars.count(n) && !knobs.count(n) && !knobs_of_any_variant) return std::nullopt;
    auto it = std::find(slots.begin(), slots.end(), n);
    if (it == slots.end()) return std::nullopt;
    return rules::Symbol{static_cast<int>(it - slots.begin()), rules::ValueType::Number};
  };
}

void Loader::check_work(const YAML::Node& node, const SpecExpr& e, const char* what, bool positive,
                        const ProblemSpec& spec) {
  if (!node || !e.expr) return;  // missing or unparsable: reported already
  std::vector<rules::Value> values(slots_.size());
  for (const auto& s : spec.scalars) {
    auto it = std::find(slots_.begin(), slots_.end(), s.name);
    if (it != slots_.end()) values[std::size_t(it - slots_.begin())] = s.value;
  }
  rules::Value r = e.expr->evaluate(values);
  const double* d = std::get_if<double>(&r);
  const std::string name(what);
  if (!d || !std::isfinite(*d)) {
    diags_.error(e.where, name + " '" + e.text + "' is " + rules::format_value(r) +
                              " over the scalars (a division by zero?), not a finite number");
  } else if (positive ? *d <= 0 : *d < 0) {
    diags_.error(e.where,
                 name + " '" + e.text + "' = " + rules::format_value(r) +
                     (positive ? " must be positive: the fewest bytes a correct kernel moves "
                                 "set the too-fast floor, which 0 would switch off"
                               : " must not be negative"));
  }
}

SpecExpr Loader::expr(const YAML::Node& scalar, const rules::Resolver& r,
                      std::optional<rules::ValueType> expect) {
  SpecExpr e;
  e.where = at(scalar);
  if (!scalar.IsScalar()) {
    error(scalar, "expected an expression");
    return e;
  }
  e.text = scalar.Scalar();
  e.where = rules::scalar_text_origin(scalar, file_, text_);
  e.expr = rules::Expression::parse(e.text, e.where, r, diags_, expect);
  if (e.expr) {  // `bytes: 1/0`, `grid: [log2(0)]`: a constant part without a value
    if (rules::check_constant_parts(*e.expr, e.where, diags_) > 0) e.expr.reset();
  }
  return e;
}

std::vector<SpecExpr> Loader::expr_list(const YAML::Node& node, const char* what, std::size_t min_n,
                                        std::size_t max_n, const rules::Resolver& r) {
  std::vector<SpecExpr> out;
  if (node.IsScalar()) {  // `block: 256` is a 1-D launch
    out.push_back(expr(node, r));
  } else if (node.IsSequence()) {
    // `[ceil_div(N, 16)]` is two YAML items; the parser's errors on the halves would not say why.
    for (const auto& item : node) {
      const std::string t = item.IsScalar() ? item.Scalar() : "";
      if (std::count(t.begin(), t.end(), '(') != std::count(t.begin(), t.end(), ')')) {
        error(node, std::string(what) + ": YAML split an expression at a comma ('" + t +
                        "'); quote expressions holding commas: [\"ceil_div(N, 16)\"]");
        return out;
      }
    }
    for (const auto& item : node) out.push_back(expr(item, r));
  } else {
    error(node, std::string(what) + " must be an expression or a list of expressions");
    return out;
  }
  if (out.size() < min_n || out.size() > max_n)
    error(node, std::string(what) + " needs " + std::to_string(min_n) + " to " +
                    std::to_string(max_n) + " entries, got " + std::to_string(out.size()));
  return out;
}

}  // namespace detail

ProblemSpec load_problem(const std::string& dir_arg) {
  std::error_code ec;
  // Lexical, not canonical: a problem folder reached through a symlink keeps the name the
  // user sees (check_source canonicalises when it matters, for escapes).
  fs::path dir = fs::absolute(dir_arg, ec).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();  // "problems/matmul/"
  std::string file = (dir / "problem.yaml").string();
  std::string text;
  YAML::Node root = rules::load_yaml_file(file, &text);
  rules::Diagnostics diags;
  detail::Loader loader(dir.string(), file, text, diags);
  ProblemSpec spec = loader.load(root);
  spec.text = text;
  if (!diags.empty()) {
    // Collected section by section; a user reads them top to bottom.
    std::vector<rules::Diagnostic> sorted = diags.items();
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
      return std::pair(a.where.line, a.where.column) < std::pair(b.where.line, b.where.column);
    });
    throw rules::InputError(
        file + ": " + std::to_string(sorted.size()) + (sorted.size() == 1 ? " error" : " errors"),
        sorted);
  }
  return spec;
}

std::vector<ProblemSpec> load_problems(const std::string& root) {
  std::vector<fs::path> dirs;
  std::error_code ec;
  if (!fs::is_directory(root, ec))
    throw rules::InputError(rules::Diagnostic{{root, 0, 0}, "problems folder not found"});
  for (const auto& entry : fs::directory_iterator(root, ec))
    if (entry.is_directory() && fs::exists(entry.path() / "problem.yaml"))
      dirs.push_back(entry.path());
  std::sort(dirs.begin(), dirs.end());
  std::vector<ProblemSpec> out;
  std::vector<rules::Diagnostic> all;
  for (const auto& d : dirs) {
    try {
      out.push_back(load_problem(d.string()));
    } catch (const rules::InputError& e) {
      all.insert(all.end(), e.diagnostics().begin(), e.diagnostics().end());
    }
  }
  if (!all.empty())
    throw rules::InputError("problems in " + root + ": " + std::to_string(all.size()) + " errors",
                            all);
  return out;
}

}  // namespace solver::generators
