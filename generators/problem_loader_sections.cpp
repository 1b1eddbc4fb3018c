// The sections of problem.yaml below the document level: scalars, buffers, launches, variants
// and the variant graph (tolerances: problem_loader_tolerance.cpp). Each records located
// diagnostics and goes on, so one pass reports every problem of the file.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <set>

#include "generators/kernel_library.h"
#include "generators/problem_loader.h"
#include "generators/source_confinement.h"
#include "generators/variant_space.h"
#include "rules/hypotheses.h"

namespace fs = std::filesystem;

namespace solver::generators::detail {
namespace {

// A knob value as written: a whole decimal integer and nothing else ("64", "-1"; not "64k",
// "1e3" or a map); nullopt otherwise.
std::optional<long long> knob_integer(const YAML::Node& node) {
  const std::string t = node.IsScalar() ? node.Scalar() : "";
  if (t.empty()) return std::nullopt;
  std::size_t pos = 0;
  long long x = 0;
  try {
    x = std::stoll(t, &pos);
  } catch (...) {
    return std::nullopt;
  }
  if (pos != t.size()) return std::nullopt;
  return x;
}

}  // namespace

// A scalar's value is a number or an expression over the scalars above it (`N: B*T`),
// evaluated here: every scalar is a constant of the problem.
std::optional<double> Loader::scalar_value(const YAML::Node& v, const std::string& name,
                                           const ProblemSpec& spec) {
  double x = 0;
  if (YAML::convert<double>::decode(v, x)) {
    if (std::isfinite(x)) return x;
    error(v, "scalar '" + name + "' must be finite");
    return std::nullopt;
  }
  std::vector<std::string> defined;
  for (const auto& s : spec.scalars) defined.push_back(s.name);
  std::vector<std::string> slots = slots_;
  rules::Resolver earlier = [defined, slots](std::string_view n) -> std::optional<rules::Symbol> {
    if (std::find(defined.begin(), defined.end(), std::string(n)) == defined.end())
      return std::nullopt;
    auto it = std::find(slots.begin(), slots.end(), std::string(n));
    return rules::Symbol{static_cast<int>(it - slots.begin()), rules::ValueType::Number};
  };
  std::size_t before = diags_.items().size();
  SpecExpr e = expr(v, earlier);
  if (!e.expr) {
    if (diags_.items().size() == before)
      error(v, "scalar '" + name + "' must be a number or an expression");
    else
      diags_.error(e.where, "scalar '" + name +
                                "': an expression may use only the scalars declared "
                                "above it and numbers (knobs are per variant)");
    return std::nullopt;
  }
  std::vector<rules::Value> values(slots_.size());
  for (const auto& s : spec.scalars) {
    auto it = std::find(slots_.begin(), slots_.end(), s.name);
    if (it != slots_.end()) values[std::size_t(it - slots_.begin())] = s.value;
  }
  rules::Value r = e.expr->evaluate(values);
  if (const double* d = std::get_if<double>(&r); d && std::isfinite(*d)) return *d;
  error(v, "scalar '" + name + "' = " + e.text + " is " + rules::format_value(r) +
               ", not a finite number");
  return std::nullopt;
}

void Loader::load_scalars(const YAML::Node& node, ProblemSpec& spec) {
  if (!node) return;  // a problem may have no scalars (fixed-size buffers)
  if (!rules::expect_map(node, "scalars", file_, diags_)) return;
  for (const auto& kv : node) {
    ScalarSpec s;
    s.name = kv.first.Scalar();
    s.where = at(kv.first);
    if (!is_identifier(s.name))
      error(kv.first, "scalar name '" + s.name + "' is not an identifier");
    const YAML::Node& v = kv.second;
    std::string text;
    // "4096" is an i32 argument, "1e-5" or "0.5" an f32 one; an expression is integral if every
    // scalar it reads is (checked below against its value).
    auto implied = [](const std::string& t) {
      return t.find_first_of(".eE") == std::string::npos ? DType::I32 : DType::F32;
    };
    if (v.IsMap()) {
      rules::check_keys(v, {"value", "dtype"}, file_, diags_);
      if (auto d = rules::get_string(v, "dtype", file_, diags_)) {
        auto t = dtype_from_string(*d);
        if (!t || *t == DType::F16 || *t == DType::BF16)
          error(child(v, "dtype"),
                "scalar dtype '" + *d + "' must be one of i32 u32 i64 u64 f32 f64");
        else
          s.dtype = *t;
      }
      const YAML::Node value = child(v, "value");
      if (!value)
        error(v, "scalar '" + s.name + "' needs a value");
      else if (!value.IsScalar())
        error(value, "scalar '" + s.name + "' value must be a number or an expression");
      else if (auto x = scalar_value(value, s.name, spec))
        s.value = *x;
      text = value.IsScalar() ? value.Scalar() : "";
      if (!child(v, "dtype")) s.dtype = implied(text);
    } else if (v.IsScalar()) {
      text = v.Scalar();
      if (auto x = scalar_value(v, s.name, spec)) s.value = *x;
      s.dtype = implied(text);
    } else {
      error(v, "scalar '" + s.name + "' must be a number, an expression or {value, dtype}");
    }
    bool integral = s.dtype == DType::I32 || s.dtype == DType::U32 || s.dtype == DType::I64 ||
                    s.dtype == DType::U64;
    if (integral && s.value != std::floor(s.value))
      error(v, "scalar '" + s.name + "' is " + to_string(s.dtype) + " but its value " +
                   rules::format_value(rules::Value(s.value)) + " is not an integer");
    // The value is passed to the kernel in its dtype: it must fit, never wrap.
    struct Range {
      DType t;
      double lo, hi;
    };
    static constexpr Range kRanges[] = {
        {DType::I32, -2147483648.0, 2147483647.0},
        {DType::U32, 0.0, 4294967295.0},
        {DType::I64, -9007199254740992.0, 9007199254740992.0},
        {DType::U64, 0.0, 9007199254740992.0},
        {DType::F32, -3.4028234663852886e38, 3.4028234663852886e38}};
    for (const auto& r : kRanges)
      if (s.dtype == r.t && (s.value < r.lo || s.value > r.hi))
        error(v, "scalar '" + s.name + "' = " + text +
                     (text == rules::format_value(rules::Value(s.value))
                          ? ""
                          : " = " + rules::format_value(rules::Value(s.value))) +
                     " does not fit " + to_string(s.dtype) +
                     (s.dtype == DType::I64 || s.dtype == DType::U64 ? " exactly (|value| <= 2^53)"
                      : s.dtype == DType::I32 ? " (give {value: ..., dtype: i64} or u64)"
                                              : ""));
    spec.scalars.push_back(s);
  }
}

InitDist Loader::load_init(const YAML::Node& node, const ProblemSpec& spec) {
  InitDist d;
  if (!node) return d;
  if (!rules::expect_map(node, "init", file_, diags_)) return d;
  if (const YAML::Node k = child(node, "kernel"); k) {
    // A setup kernel per input set is refused: host generation from the seed is reproducible
    // from the ledger on any machine, and nothing of it can leak into a timing.
    error(k,
          "init kernels are not supported: describe the input with a dist (arange, "
          "permutation, cycle, mask, sorted, csr_rowptr, randint, ...; docs/problem-format.md)");
    return d;
  }
  d.kind = rules::get_string(node, "dist", file_, diags_).value_or("uniform");
  auto num = [&](const char* key, double dflt) {
    return rules::get_double(node, key, file_, diags_).value_or(dflt);
  };
  auto keys = [&](std::initializer_list<std::string> k) {
    std::vector<std::string> all{"dist"};
    all.insert(all.end(), k.begin(), k.end());
    rules::check_keys(node, all, file_, diags_);
  };
  if (d.kind == "uniform" || d.kind == "randint" || d.kind == "sorted") {
    keys({"low", "high"});
    d.a = num("low", d.kind == "randint" ? 0.0 : -1.0);
    d.b = num("high", d.kind == "randint" ? 10.0 : 1.0);
    if (!(d.a < d.b)) error(node, "init: low must be below high");
  } else if (d.kind == "normal") {
    keys({"mean", "std"});
    d.a = num("mean", 0.0);
    d.b = num("std", 1.0);
    if (d.b <= 0) error(node, "init: std must be positive");
  } else if (d.kind == "constant") {
    keys({"value"});
    d.a = num("value", 0.0);
  } else if (d.kind == "arange") {
    keys({"start", "step"});
    d.a = num("start", 0.0);
    d.b = num("step", 1.0);
  } else if (d.kind == "permutation" || d.kind == "cycle") {
    keys({});
  } else if (d.kind == "mask") {
    keys({"p"});
    d.a = num("p", 0.5);
    if (!(d.a >= 0 && d.a <= 1)) error(node, "init: mask probability p must be in [0, 1]");
  } else if (d.kind == "csr_rowptr") {
    keys({"nnz", "skew"});
    // nnz is usually the size of the column-index buffer: an expression over the scalars.
    if (const YAML::Node n = child(node, "nnz"); !n) {
      error(node, "init csr_rowptr needs nnz (the number of nonzeros, e.g. nnz: NNZ)");
    } else if (auto x = scalar_value(n, "nnz", spec)) {
      d.a = *x;
      if (d.a < 0 || d.a != std::floor(d.a)) error(n, "init: nnz must be a non-negative integer");
    }
    d.b = num("skew", 0.0);
    if (d.b < 0 || (d.b > 0 && d.b <= 1))
      error(child(node, "skew"),
            "init: skew is 0 (uniform degrees) or a power-law exponent above 1");
  } else {
    error(child(node, "dist"), "init dist '" + d.kind +
                                   "' must be uniform, normal, constant, randint, "
                                   "arange, permutation, cycle, mask, sorted or csr_rowptr");
  }
  return d;
}

void Loader::load_buffers(const YAML::Node& node, ProblemSpec& spec) {
  if (!node) return;  // reported by load()
  if (!rules::expect_map(node, "buffers", file_, diags_)) return;
  auto shapes_any_knob = resolver(nullptr, true);
  auto shapes_scalars = resolver(nullptr, false);
  bool any_out = false;
  for (const auto& kv : node) {
    BufferSpec b;
    b.name = kv.first.Scalar();
    b.where = at(kv.first);
    if (!is_identifier(b.name))
      error(kv.first, "buffer name '" + b.name + "' is not an identifier");
    if (scalar_names_.count(b.name))
      error(kv.first, "'" + b.name + "' is both a scalar and a buffer");
    const YAML::Node& v = kv.second;
    if (!rules::expect_map(v, "buffer '" + b.name + "'", file_, diags_)) continue;
    rules::check_keys(v,
                      {"dtype", "shape", "role", "init", "zero_before_run", "dist_fixed",
                       "tolerance", "order", "count", "blind_to"},
                      file_, diags_);
    if (auto d = rules::get_string(v, "dtype", file_, diags_, true)) {
      if (auto t = dtype_from_string(*d))
        b.dtype = *t;
      else
        error(child(v, "dtype"), "unknown dtype '" + *d + "' (f16 bf16 f32 f64 i32 u32 i64)");
    }
    std::string role = rules::get_string(v, "role", file_, diags_).value_or("in");
    if (role == "in")
      b.role = BufferRole::In;
    else if (role == "out")
      b.role = BufferRole::Out;
    else if (role == "inout")
      b.role = BufferRole::InOut;
    else if (role == "scratch")
      b.role = BufferRole::Scratch;
    else
      error(child(v, "role"), "buffer role '" + role + "' must be in, out, inout or scratch");
    any_out = any_out || b.role == BufferRole::Out || b.role == BufferRole::InOut;
    // The reference sees in/out buffers, so only scratch space may depend on a variant's knob.
    const auto& r = b.role == BufferRole::Scratch ? shapes_any_knob : shapes_scalars;
    if (child(v, "shape"))
      b.shape = expr_list(child(v, "shape"), "shape", 1, 8, r);
    else
      error(v, "buffer '" + b.name + "' needs a shape");
    b.init = load_init(child(v, "init"), spec);
    if (child(v, "init"))
      if (auto why = init_dtype_problem(b.init, b.dtype)) error(child(v, "init"), *why);
    b.zero_before_run = rules::get_bool(v, "zero_before_run", file_, diags_).value_or(false);
    b.dist_fixed = rules::get_bool(v, "dist_fixed", file_, diags_).value_or(false);
    if (is_structured_init(b.init.kind)) {
      // An index structure is the input's meaning: the gate's adversarial sets must keep it.
      b.dist_fixed = b.dist_fixed || b.role == BufferRole::In || b.role == BufferRole::InOut;
      bool integral = b.dtype == DType::I32 || b.dtype == DType::U32 || b.dtype == DType::I64 ||
                      b.dtype == DType::U64;
      if (b.init.kind != "arange" && b.init.kind != "sorted" && b.init.kind != "mask" && !integral)
        error(child(v, "init"), "init " + b.init.kind +
                                    " makes indices: the buffer's dtype must be "
                                    "i32, u32, i64 or u64, not " +
                                    to_string(b.dtype));
    }
    if (b.dist_fixed && b.role != BufferRole::In && b.role != BufferRole::InOut)
      error(child(v, "dist_fixed"), "dist_fixed applies to inputs (role in or inout) only");
    if (const YAML::Node t = child(v, "tolerance")) {
      if (b.role == BufferRole::Out || b.role == BufferRole::InOut)
        b.tolerances = tolerance_map(t, "buffer '" + b.name + "' tolerance");
      else
        error(t, "buffer '" + b.name +
                     "': a tolerance applies to outputs (role out or inout) only, the buffers "
                     "compared with the reference");
    }
    load_order(v, b);
    spec.buffers.push_back(std::move(b));
  }
  if (!any_out) error(node, "no buffer has role out or inout: nothing to check");
  check_orders(node, spec);
}

LaunchSpec Loader::load_launch(const YAML::Node& node, const ProblemSpec& spec,
                               const rules::Resolver& r, const VariantSpec* variant) {
  LaunchSpec l;
  l.where = at(node);
  l.entry = rules::get_string(node, "entry", file_, diags_, true).value_or("");
  if (auto args = rules::get_string_list(node, "args", file_, diags_, true)) {
    l.args = *args;
    const YAML::Node list = child(node, "args");
    for (std::size_t i = 0; i < args->size(); ++i) {
      const std::string& a = (*args)[i];
      // A knob is passed as an i32 argument too (the same value as its -D macro).
      if (!spec.find_buffer(a) && !spec.find_scalar(a) &&
          !(variant && (variant->find_knob(a) || variant->find_tensor_map(a))))
        error(list[i],
              "argument '" + a + "' is neither a buffer nor a scalar of this problem" +
                  std::string(variant ? " nor a knob of this variant (nor one of its tensor_maps)"
                                      : " (the reference has no knobs)"));
    }
  }
  if (child(node, "grid"))
    l.grid = expr_list(child(node, "grid"), "grid", 1, 3, r);
  else
    error(node, "missing required key 'grid'");
  if (child(node, "block"))
    l.block = expr_list(child(node, "block"), "block", 1, 3, r);
  else
    error(node, "missing required key 'block'");
  if (child(node, "smem") && !child(node, "smem").IsNull()) l.smem = expr(child(node, "smem"), r);
  return l;
}

bool Loader::check_source(const YAML::Node& node, const std::string& rel) {
  auto full = check_kernel_source(dir_, rel);
  if (!full) error(node, full.error().why);
  return full.ok();
}

std::vector<std::string> Loader::hypothesis_list(const YAML::Node& map, const char* key) {
  auto list = rules::get_string_list(map, key, file_, diags_);
  if (!list) return {};
  for (std::size_t i = 0; i < list->size(); ++i)
    if (!rules::is_known_hypothesis((*list)[i]))
      error(child(map, key)[i],
            "unknown hypothesis '" + (*list)[i] + "'" + rules::unknown_hypothesis_hint((*list)[i]));
  return *list;
}

void Loader::load_knobs(const YAML::Node& node, VariantSpec& v) {
  if (!node) return;
  if (!rules::expect_map(node, "knobs", file_, diags_)) return;
  for (const auto& kv : node) {
    KnobSpec k;
    k.name = kv.first.Scalar();
    k.where = at(kv.first);
    if (!is_identifier(k.name)) error(kv.first, "knob name '" + k.name + "' is not an identifier");
    if (scalar_names_.count(k.name)) error(kv.first, "knob '" + k.name + "' shadows a scalar");
    // A knob reaches NVRTC as -D<name>=<value> (red team 33: see source_confinement.h).
    if (auto why = toolkit_macro_refusal(k.name, "defines"))
      error(kv.first, "knob '" + k.name + "' (passed as -D" + k.name + ") " + *why);
    // reset(), not operator=: assigning a yaml-cpp Node overwrites the node it refers to.
    YAML::Node values;
    values.reset(kv.second);
    YAML::Node dflt(YAML::NodeType::Undefined);
    if (kv.second.IsMap()) {
      rules::check_keys(kv.second, {"values", "applies", "default"}, file_, diags_);
      values.reset(child(kv.second, "values"));
      k.applies = hypothesis_list(kv.second, "applies");
      dflt.reset(child(kv.second, "default"));
    }
    if (!values || !values.IsSequence()) {
      error(kv.second, "knob '" + k.name + "' needs a list of integer values");
    } else if (values.size() > kMaxKnobPoints) {
      error(values, "knob '" + k.name + "' lists " + std::to_string(values.size()) +
                        " values, over the limit of " + std::to_string(kMaxKnobPoints) +
                        " points per variant");
    } else {
      for (const auto& item : values) {
        const std::string t = item.IsScalar() ? item.Scalar() : "";
        auto x = knob_integer(item);
        if (!x)
          error(item, "knob value '" + t + "' is not an integer");
        else if (std::find(k.values.begin(), k.values.end(), *x) != k.values.end())
          error(item, "knob value " + t + " listed twice");
        else
          k.values.push_back(*x);
      }
      if (values.size() == 0) error(values, "knob '" + k.name + "' has no values");
    }
    if (dflt) {
      const std::string t = dflt.IsScalar() ? dflt.Scalar() : "";
      auto x = knob_integer(dflt);
      if (!x)
        error(dflt, "knob '" + k.name + "' default '" + t + "' is not an integer");
      else if (std::find(k.values.begin(), k.values.end(), *x) == k.values.end())
        error(dflt, "knob '" + k.name + "' default " + t + " is not one of its values");
      else
        k.default_value = *x;
    }
    v.knobs.push_back(std::move(k));
  }
  // Refused on the counts alone, before anything walks (or allocates) the product.
  if (uint64_t n = knob_space_size(v); n > kMaxKnobPoints) {
    std::string dims;
    for (const auto& k : v.knobs)
      dims += (dims.empty() ? "" : " x ") + std::to_string(k.values.size());
    error(node, "the knob space has " +
                    (n == UINT64_MAX ? std::string("more than 1.8e19") : std::to_string(n)) +
                    " points (" + dims + "), over the limit of " + std::to_string(kMaxKnobPoints) +
                    " per variant: split the variant or drop values");
  }
}

VariantSpec Loader::load_variant(const YAML::Node& node, const ProblemSpec& spec) {
  VariantSpec v;
  v.where = at(node);
  v.precision_where = v.where;
  if (!rules::expect_map(node, "variant", file_, diags_)) return v;
  rules::check_keys(node,
                    {"id", "source", "description", "parent", "applies", "precision", "knobs",
                     "constraints", "requires", "chip", "compile_options", "tensor_maps",
                     "launches", "entry", "args", "grid", "block", "smem", "algorithm_flops"},
                    file_, diags_);
  v.id = rules::get_id(node, "id", file_, diags_, "variant id", true).value_or("");
  // The id starts every variant key the ledger, recordings and replay parse back
  // (parse_variant_key): an id the parser refuses ("a/b", "x+y") loaded, then failed there.
  if (child(node, "id") && !v.id.empty() && !is_variant_id(v.id))
    error(child(node, "id"), "variant id '" + v.id +
                                 "' may hold letters, digits, '_', '-' and '.' only (it starts "
                                 "the variant keys ledgers and recordings parse back)");
  bool source_ok = false;
  if (auto s = rules::get_string(node, "source", file_, diags_, true)) {
    v.source = *s;
    source_ok = check_source(child(node, "source"), *s);
  }
  v.description = rules::get_string(node, "description", file_, diags_).value_or("");
  if (const YAML::Node p = child(node, "parent"); p && p.IsSequence()) {
    v.parents =
        rules::get_string_list(node, "parent", file_, diags_).value_or(std::vector<std::string>{});
    if (v.parents.empty()) error(p, "parent list is empty (leave 'parent' out for a seed)");
  } else if (auto s = rules::get_string(node, "parent", file_, diags_)) {
    v.parents.push_back(*s);
  }
  if (const YAML::Node a = child(node, "applies"); a && a.IsMap()) {
    // Per parent edge: what the rewrite does depends on where it is reached from.
    for (const auto& kv : a) {
      std::string parent = kv.first.Scalar();
      if (std::find(v.parents.begin(), v.parents.end(), parent) == v.parents.end()) {
        error(kv.first,
              "applies names '" + parent + "', which is not a parent of this variant" +
                  (v.parents.empty() ? std::string(" (a seed has no parent edges)") : ""));
        continue;
      }
      auto list = hypothesis_list(a, parent.c_str());
      v.applies_by_parent[parent] = list;
      for (const auto& h : list)
        if (std::find(v.applies.begin(), v.applies.end(), h) == v.applies.end())
          v.applies.push_back(h);
    }
  } else {
    v.applies = hypothesis_list(node, "applies");
  }
  if (auto p = rules::get_string(node, "precision", file_, diags_)) {
    v.precision = *p;
    v.precision_where = at(child(node, "precision"));
  }
  if (!spec.tolerances.count(v.precision))
    diags_.error(v.precision_where,
                 "precision class '" + v.precision + "' has no entry under 'tolerance'");
  load_knobs(child(node, "knobs"), v);
  v.chip_where = v.where;
  if (const YAML::Node c = child(node, "chip")) {
    v.chip_where = at(c);
    v.chip_requires =
        rules::get_string_list(node, "chip", file_, diags_).value_or(std::vector<std::string>{});
    const auto& known = rules::known_capabilities();
    for (std::size_t i = 0; i < v.chip_requires.size(); ++i)
      if (std::find(known.begin(), known.end(), v.chip_requires[i]) == known.end()) {
        std::string names;
        for (const auto& k : known) names += (names.empty() ? "" : ", ") + k;
        error(c[i], "unknown chip capability '" + v.chip_requires[i] + "' (known: " + names + ")");
      }
  }
  load_tensor_maps(child(node, "tensor_maps"), spec, v);
  // Options from an allowlist only; -I folders inside the problem folder, made absolute.
  std::vector<std::string> include_dirs;
  auto options = rules::get_string_list(node, "compile_options", file_, diags_)
                     .value_or(std::vector<std::string>{});
  for (std::size_t i = 0; i < options.size(); ++i) {
    if (auto o = confine_compile_option(options[i], dir_)) {
      if (o->rfind("-I", 0) == 0) include_dirs.push_back(o->substr(2));
      v.compile_options.push_back(*o);
    } else {
      error(child(node, "compile_options")[i], o.error().why);
    }
  }
  include_dirs.insert(include_dirs.end(), library_dirs_.begin(), library_dirs_.end());
  if (source_ok)
    for (const auto& msg : check_includes(dir_, kernel_source_path(dir_, v.source), include_dirs))
      error(child(node, "source"), msg);
  auto r = resolver(&v, false);
  for (const char* key : {"constraints", "requires"}) {  // `requires` reads better for alignment
    const YAML::Node list = child(node, key);
    if (!list) continue;
    if (!rules::expect_sequence(list, key, file_, diags_)) continue;
    for (const auto& c : list) v.constraints.push_back(expr(c, r, rules::ValueType::Bool));
  }
  if (const YAML::Node f = child(node, "algorithm_flops"))
    v.algorithm_flops = expr(f, r, rules::ValueType::Number);
  bool single = false;
  for (const char* key : {"entry", "args", "grid", "block", "smem"})
    single = single || child(node, key);
  if (child(node, "launches")) {
    if (single) error(node, "give either 'launches' or entry/args/grid/block, not both");
    if (rules::expect_sequence(child(node, "launches"), "launches", file_, diags_)) {
      for (const auto& l : child(node, "launches")) {
        if (!rules::expect_map(l, "launch", file_, diags_)) continue;
        rules::check_keys(l, {"entry", "args", "grid", "block", "smem"}, file_, diags_);
        v.launches.push_back(load_launch(l, spec, r, &v));
      }
      if (child(node, "launches").size() == 0) error(child(node, "launches"), "launches is empty");
    }
  } else {
    v.launches.push_back(load_launch(node, spec, r, &v));
  }
  check_tensor_maps_used(child(node, "tensor_maps"), v);
  return v;
}

void Loader::check_variant_graph(const YAML::Node& vs, const ProblemSpec& spec) {
  std::map<std::string, std::size_t> first;
  for (std::size_t i = 0; i < spec.variants.size(); ++i) {
    const VariantSpec& v = spec.variants[i];
    if (v.id.empty()) continue;
    if (!first.emplace(v.id, i).second)
      error(child(vs[i], "id"), "duplicate variant id '" + v.id + "'");
  }
  bool dangling = false;
  for (std::size_t i = 0; i < spec.variants.size(); ++i) {
    const VariantSpec& v = spec.variants[i];
    std::set<std::string> seen;
    for (const auto& p : v.parents) {
      if (!seen.insert(p).second)
        error(child(vs[i], "parent"), "parent '" + p + "' is listed twice");
      else if (!first.count(p)) {
        error(child(vs[i], "parent"), "parent '" + p + "' is not a variant of this problem");
        dangling = true;
      }
    }
  }
  if (dangling) return;
  // A variant may not be its own ancestor: depth-first search over parent edges, reporting
  // each variant that lies on a cycle once.
  std::vector<int> state(spec.variants.size(), 0);  // 0 new, 1 on the stack, 2 done
  std::set<std::size_t> on_cycle;
  std::vector<std::size_t> stack;
  std::function<void(std::size_t)> visit = [&](std::size_t i) {
    state[i] = 1;
    stack.push_back(i);
    for (const auto& p : spec.variants[i].parents) {
      std::size_t j = first.at(p);
      if (state[j] == 1) {
        for (auto it = std::find(stack.begin(), stack.end(), j); it != stack.end(); ++it)
          on_cycle.insert(*it);
      } else if (state[j] == 0) {
        visit(j);
      }
    }
    stack.pop_back();
    state[i] = 2;
  };
  for (std::size_t i = 0; i < spec.variants.size(); ++i)
    if (state[i] == 0 && !spec.variants[i].id.empty() && first.at(spec.variants[i].id) == i)
      visit(i);
  for (std::size_t i : on_cycle)
    error(child(vs[i], "parent"), "parent chain of '" + spec.variants[i].id + "' is a cycle");
}

}  // namespace solver::generators::detail
