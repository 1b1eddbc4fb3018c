#include "generators/variant_space.h"

#include "generators/tensor_map.h"

#include "rules/text_file.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "generators/kernel_library.h"
#include "generators/source_confinement.h"
#include "rules/hash.h"

namespace fs = std::filesystem;

namespace solver::generators {

namespace {

using rules::Diagnostic;

std::string fmt(double x) {
  std::ostringstream s;
  s << x;
  return s.str();
}

// Evaluates one spec expression; a problem becomes a located issue, never an exception.
std::optional<double> eval(const SpecExpr& e, const std::vector<rules::Value>& slots,
                           const std::string& what, std::vector<Diagnostic>& issues) {
  if (!e.expr) {
    issues.push_back({e.where, what + " '" + e.text + "' is not a parsed expression"});
    return std::nullopt;
  }
  rules::Value v = e.expr->evaluate(slots);
  if (const double* d = std::get_if<double>(&v); d && std::isfinite(*d)) return *d;
  std::string why = rules::is_missing(v) ? "has no value (does it use a knob this variant lacks?)"
                                         : "is " + rules::format_value(v) + ", not a finite number";
  issues.push_back({e.where, what + " '" + e.text + "' " + why});
  return std::nullopt;
}

std::optional<int64_t> eval_int(const SpecExpr& e, const std::vector<rules::Value>& slots,
                                const std::string& what, std::vector<Diagnostic>& issues) {
  auto d = eval(e, slots, what, issues);
  if (!d) return std::nullopt;
  double r = std::round(*d);
  if (std::abs(*d - r) > 1e-9 * std::max(1.0, std::abs(r)) || std::abs(r) > 9.0e15) {
    issues.push_back({e.where, what + " '" + e.text + "' = " + fmt(*d) + " is not an integer"});
    return std::nullopt;
  }
  return static_cast<int64_t>(r);
}

std::array<int64_t, 3> eval_dims(const std::vector<SpecExpr>& es,
                                 const std::vector<rules::Value>& slots, const std::string& what,
                                 std::vector<Diagnostic>& issues) {
  std::array<int64_t, 3> out{1, 1, 1};
  static const char* kAxis[] = {"x", "y", "z"};
  for (std::size_t i = 0; i < es.size() && i < 3; ++i)
    if (auto v = eval_int(es[i], slots, what + "." + kAxis[i], issues))
      out[i] = *v;
    else
      out[i] = 0;  // keeps the launch visibly invalid
  return out;
}

bool uses_buffer(const std::vector<LaunchSpec>& launches, const std::string& name) {
  for (const auto& l : launches)
    for (const auto& a : l.args)
      if (a == name) return true;
  return false;
}

bool has_option(const std::vector<std::string>& opts, std::initializer_list<const char*> prefixes) {
  for (const auto& o : opts)
    for (const char* p : prefixes)
      if (o.rfind(p, 0) == 0) return true;
  return false;
}

ResolvedLaunch resolve_launch(const LaunchSpec& l, const ResolvedVariant& rv,
                              const std::vector<rules::Value>& slots,
                              std::vector<Diagnostic>& issues) {
  ResolvedLaunch out;
  out.entry = l.entry;
  out.grid = eval_dims(l.grid, slots, "grid", issues);
  out.block = eval_dims(l.block, slots, "block", issues);
  if (l.smem) out.smem_bytes = eval_int(*l.smem, slots, "smem", issues).value_or(0);
  for (const auto& a : l.args) {
    ResolvedArg arg;
    arg.name = a;
    for (std::size_t i = 0; i < rv.buffers.size(); ++i)
      if (rv.buffers[i].name == a) arg.index = static_cast<int>(i);
    if (arg.index < 0) {
      arg.kind = ResolvedArg::Kind::Scalar;
      for (std::size_t i = 0; i < rv.scalars.size(); ++i)
        if (rv.scalars[i].name == a) arg.index = static_cast<int>(i);
    }
    if (arg.index < 0) {
      arg.kind = ResolvedArg::Kind::TensorMap;
      for (std::size_t i = 0; i < rv.tensor_maps.size(); ++i)
        if (rv.tensor_maps[i].name == a) arg.index = static_cast<int>(i);
    }
    if (arg.index < 0) issues.push_back({l.where, "argument '" + a + "' is not defined"});
    out.args.push_back(arg);
  }
  return out;
}

// BufferSpec's order declarations as indices (ResolvedBuffer::order_lead, order_count,
// is_count); a count whose element count is not the lead's number of rows (its elements over
// its last dimension) is an issue. The loader has checked names, roles and dtypes.
void resolve_order(const ProblemSpec& spec, ResolvedVariant& rv) {
  auto index = [&](const std::string& name) {
    for (std::size_t i = 0; i < rv.buffers.size(); ++i)
      if (rv.buffers[i].name == name) return int(i);
    return -1;
  };
  for (std::size_t i = 0; i < spec.buffers.size() && i < rv.buffers.size(); ++i) {
    const BufferSpec& b = spec.buffers[i];
    ResolvedBuffer& r = rv.buffers[i];
    if (b.order_free) r.order_lead = int(i);
    if (!b.order_with.empty()) r.order_lead = index(b.order_with);
    if (b.order_free && !b.count.empty()) r.order_count = index(b.count);
  }
  for (std::size_t i = 0; i < rv.buffers.size(); ++i) {
    ResolvedBuffer& r = rv.buffers[i];
    if (r.order_lead < 0) continue;
    const ResolvedBuffer& lead = rv.buffers[std::size_t(r.order_lead)];
    r.order_count = lead.order_count;
    if (r.order_count < 0) continue;
    ResolvedBuffer& c = rv.buffers[std::size_t(r.order_count)];
    c.is_count = true;
    const int64_t row = lead.shape.empty() ? 0 : lead.shape.back();
    if (row > 0 && lead.elements > 0 && c.elements > 0 && c.elements != lead.elements / row)
      rv.issues.push_back(
          {spec.buffers[i].count_where.line ? spec.buffers[i].count_where : spec.buffers[i].where,
           "count output " + c.name + " has " + std::to_string(c.elements) +
               " element(s); order: free output " + r.name + " has " +
               std::to_string(lead.elements / row) +
               " row(s) (its elements over its last dimension, " + std::to_string(row) +
               "): one count a row"});
  }
}

// Buffers, scalars, flops and bytes: shared by variants and the reference.
void resolve_data(const ProblemSpec& spec, const std::vector<LaunchSpec>& launches,
                  const std::vector<rules::Value>& slots, ResolvedVariant& rv) {
  for (const auto& s : spec.scalars) rv.scalars.push_back({s.name, s.dtype, s.value});
  for (const auto& b : spec.buffers) {
    ResolvedBuffer r{b.name, b.dtype, b.role, b.init, b.zero_before_run, {}, 0, 0};
    r.dist_fixed = b.dist_fixed;
    // A knob-sized scratch buffer of another variant is not this variant's concern.
    bool needed = b.role != BufferRole::Scratch || uses_buffer(launches, b.name);
    std::vector<Diagnostic> local;
    int64_t n = 1;
    bool too_big = false;
    for (const auto& dim : b.shape) {
      auto v = eval_int(dim, slots, "shape of " + b.name, local);
      if (!v) {
        n = 0;
        continue;
      }
      if (*v <= 0)
        local.push_back({dim.where, "shape of " + b.name + " '" + dim.text +
                                        "' = " + std::to_string(*v) + " must be positive"});
      r.shape.push_back(*v);
      // Checked: the product of user-given dims must not wrap into a small valid-looking size.
      if (*v > 0 && !too_big && (__builtin_mul_overflow(n, *v, &n) || n > kMaxBufferBytes))
        too_big = true;
    }
    int64_t bytes = 0;
    if (!too_big && local.empty() &&
        (__builtin_mul_overflow(n, static_cast<int64_t>(dtype_size(b.dtype)), &bytes) ||
         bytes > kMaxBufferBytes))
      too_big = true;
    if (too_big)
      local.push_back({b.where, "buffer " + b.name + " is larger than " +
                                    std::to_string(kMaxBufferBytes >> 30) +
                                    " GiB (its element count " +
                                    "or byte size overflows the limit)"});
    if (!local.empty()) n = 0, bytes = 0;
    if (needed) rv.issues.insert(rv.issues.end(), local.begin(), local.end());
    r.elements = n;
    r.bytes = bytes;
    rv.buffers.push_back(std::move(r));
  }
  resolve_order(spec, rv);
  rv.flops = eval(spec.flops, slots, "flops", rv.issues).value_or(0);
  rv.bytes = eval(spec.bytes, slots, "bytes", rv.issues).value_or(0);
  rv.timeout_ms = spec.timeout_ms;
}

// Local headers the source reaches: their text goes into source_hash (and so into the compile
// cache key through source_text's digest), so editing a shared header recompiles and
// re-measures, never serves the old kernel's numbers.
std::string header_digest(const std::string& problem_dir, const std::string& source_path,
                          const std::vector<std::string>& include_dirs) {
  std::vector<std::string> headers;
  if (source_path.empty()) return "";
  check_includes(problem_dir, source_path, include_dirs, &headers);
  std::string data;
  for (const auto& h : headers) {
    auto text = rules::try_read_text_file(h, kMaxKernelSourceBytes);
    data += fs::path(h).filename().string() + ":" + (text ? rules::sha256_hex(*text) : "?") + "\n";
  }
  return data;
}

void finish(const rules::ChipProfile& chip, const std::vector<std::string>& extra,
            const rules::SourceLocation& where, const ProblemSpec& spec, ResolvedVariant& rv,
            const VariantSpec* variant = nullptr) {
  const std::string& problem_dir = spec.dir;
  if (auto text = rules::try_read_text_file(rv.source_path, kMaxKernelSourceBytes))
    rv.source_text = std::move(*text);
  else
    rv.issues.push_back({where, "cannot read source " + rv.source_path +
                                    " (missing, unreadable, not a regular file or over the " +
                                    std::to_string(kMaxKernelSourceBytes >> 20) +
                                    " MiB a kernel source may be)"});
  rv.arch = variant ? variant_arch(*variant, chip) : chip_arch(chip);
  if (rv.arch.empty())
    rv.issues.push_back({chip.where, "chip '" + chip.id + "' has no compute capability"});
  auto& o = rv.nvrtc_options;
  if (!has_option(extra, {"--gpu-architecture", "-arch"}) && !rv.arch.empty())
    o.push_back("--gpu-architecture=" + rv.arch);
  if (!has_option(extra, {"--std", "-std"})) o.push_back("--std=c++17");
  if (auto inc = cuda_include_dir()) o.push_back("-I" + *inc);
  // CUDA 13 moved libcu++ (cuda/std/...) under include/cccl; cooperative_groups.h needs it.
  if (auto cccl = cccl_include_dir()) o.push_back("-I" + *cccl);
  std::vector<std::string> local_dirs = default_include_dirs(problem_dir);
  // The problem's `kernels:` library folders after its own include folders (kernel_library.h).
  local_dirs.insert(local_dirs.end(), spec.library_dirs.begin(), spec.library_dirs.end());
  for (const auto& d : local_dirs) o.push_back("-I" + d);
  for (const auto& e : extra)
    if (e.rfind("-I", 0) == 0) local_dirs.push_back(e.substr(2));
  for (const auto& [name, value] : rv.knobs) o.push_back("-D" + name + "=" + std::to_string(value));
  o.insert(o.end(), extra.begin(), extra.end());
  std::string headers = header_digest(problem_dir, rv.source_path, local_dirs);
  rv.source_hash =
      hash_source(headers.empty() ? rv.source_text : rv.source_text + "\n//headers\n" + headers, o);
  rv.headers_digest = headers.empty() ? "" : rules::sha256_hex(headers);
}

}  // namespace

const ResolvedBuffer* ResolvedVariant::find_buffer(const std::string& name) const {
  for (const auto& b : buffers)
    if (b.name == name) return &b;
  return nullptr;
}

std::vector<rules::Value> slot_values(const ProblemSpec& spec, const KnobValues& knobs) {
  std::vector<rules::Value> slots(spec.slot_names.size());
  for (std::size_t i = 0; i < spec.slot_names.size(); ++i) {
    const std::string& n = spec.slot_names[i];
    if (const ScalarSpec* s = spec.find_scalar(n))
      slots[i] = s->value;
    else if (auto it = knobs.find(n); it != knobs.end())
      slots[i] = static_cast<double>(it->second);
  }
  return slots;
}

uint64_t knob_space_size(const VariantSpec& variant) {
  uint64_t n = 1;
  for (const auto& k : variant.knobs) {
    uint64_t c = k.values.size();
    if (c == 0) return 0;
    if (n > UINT64_MAX / c) return UINT64_MAX;
    n *= c;
  }
  return n;
}

void for_each_knob_point(const ProblemSpec& spec, const VariantSpec& variant,
                         const std::function<bool(const KnobValues&)>& visit) {
  for (const auto& k : variant.knobs)
    if (k.values.empty()) return;  // an empty axis empties the product
  std::vector<std::size_t> idx(variant.knobs.size(), 0);
  KnobValues point;
  while (true) {
    for (std::size_t i = 0; i < idx.size(); ++i)
      point[variant.knobs[i].name] = variant.knobs[i].values[idx[i]];
    if (knob_point_allowed(spec, variant, point) && !visit(point)) return;
    // Odometer: the last knob turns fastest, so the first knob is the slowest axis.
    std::size_t i = idx.size();
    while (i > 0) {
      --i;
      if (++idx[i] < variant.knobs[i].values.size()) break;
      idx[i] = 0;
      if (i == 0) return;
    }
    if (idx.empty()) return;
  }
}

std::vector<KnobValues> enumerate_knobs(const ProblemSpec& spec, const VariantSpec& variant) {
  std::vector<KnobValues> out;
  for_each_knob_point(spec, variant, [&](const KnobValues& p) {
    out.push_back(p);
    return true;
  });
  return out;
}

rules::Outcome<> knob_point_allowed(const ProblemSpec& spec, const VariantSpec& variant,
                                    const KnobValues& knobs) {
  auto fail = [](std::string msg) { return rules::Failure{std::move(msg)}; };
  for (const auto& k : variant.knobs) {
    auto it = knobs.find(k.name);
    if (it == knobs.end()) return fail("knob " + k.name + " not given");
    if (std::find(k.values.begin(), k.values.end(), it->second) == k.values.end())
      return fail("knob " + k.name + "=" + std::to_string(it->second) + " is not a declared value");
  }
  for (const auto& [name, value] : knobs)
    if (!variant.find_knob(name)) return fail("variant " + variant.id + " has no knob " + name);
  auto slots = slot_values(spec, knobs);
  for (const auto& c : variant.constraints)
    if (!c.expr || !c.expr->evaluate_bool(slots))
      return fail("constraint '" + c.text + "' is false");
  return {};
}

Tolerance output_tolerance(const ResolvedVariant& rv, std::size_t buffer) {
  if (buffer < rv.buffers.size() && rv.buffers[buffer].is_count) {
    Tolerance exact;
    exact.rtol = 0, exact.atol = 0, exact.class_rtol = 0;
    return exact;
  }
  if (buffer < rv.buffers.size() && rv.buffers[buffer].tolerance)
    return *rv.buffers[buffer].tolerance;
  return rv.tolerance;
}

ResolvedVariant resolve_shapes(const ProblemSpec& spec, const VariantSpec& variant,
                               const KnobValues& knobs) {
  ResolvedVariant rv;
  rv.problem = spec.name;
  rv.variant = variant.id;
  rv.knobs = knobs;
  rv.key = variant_key(variant.id, knobs);
  rv.source_path = kernel_source_path(spec.dir, variant.source);
  rv.precision = variant.precision;
  if (auto it = spec.tolerances.find(variant.precision); it != spec.tolerances.end()) {
    rv.tolerance = it->second;
    // The class is a promise of precision, measured on every comparison (Tolerance::class_rtol)
    // unless the problem opted out (measured_class: off, a narrowed check).
    if (spec.measured_class) rv.tolerance.class_rtol = measured_class_rtol(variant.precision);
  } else
    rv.issues.push_back(
        {variant.precision_where, "precision class '" + variant.precision + "' not defined"});
  auto slots = slot_values(spec, knobs);
  resolve_data(spec, variant.launches, slots, rv);
  // An output's own tolerance for this class (BufferSpec::tolerances), measured like the class's.
  for (auto& b : rv.buffers)
    if (const BufferSpec* bs = spec.find_buffer(b.name))
      if (auto t = bs->tolerances.find(variant.precision); t != bs->tolerances.end()) {
        b.tolerance = t->second;
        b.tolerance->class_rtol = rv.tolerance.class_rtol;
      }
  // A knob named as a kernel argument is passed like a scalar (i32, or i64 beyond it), after
  // the problem's scalars.
  for (const auto& l : variant.launches)
    for (const auto& a : l.args)
      if (auto k = knobs.find(a); k != knobs.end() && !spec.find_scalar(a) &&
                                  !spec.find_buffer(a) &&
                                  std::none_of(rv.scalars.begin(), rv.scalars.end(),
                                               [&](const auto& s) { return s.name == a; })) {
        bool wide = k->second < INT32_MIN || k->second > INT32_MAX;
        rv.scalars.push_back({a, wide ? DType::I64 : DType::I32, static_cast<double>(k->second)});
      }
  resolve_tensor_maps(variant, slots, rv);
  for (const auto& l : variant.launches)
    rv.launches.push_back(resolve_launch(l, rv, slots, rv.issues));
  if (variant.algorithm_flops) {
    const SpecExpr& e = *variant.algorithm_flops;
    if (auto f = eval(e, slots, "algorithm_flops", rv.issues); f && *f <= 0)
      rv.issues.push_back({e.where, "algorithm_flops '" + e.text + "' = " + fmt(*f) +
                                        " must be positive (leave it out to use the problem's "
                                        "flops)"});
    else if (f)
      rv.algorithm_flops = *f;
  }
  return rv;
}

ResolvedVariant resolve(const ProblemSpec& spec, const VariantSpec& variant,
                        const KnobValues& knobs, const rules::ChipProfile& chip) {
  ResolvedVariant rv = resolve_shapes(spec, variant, knobs);
  finish(chip, variant.compile_options, variant.where, spec, rv, &variant);
  // Resolving it anyway (a --chip check, a replay) must not hand a worker code its chip lacks.
  for (const auto& c : missing_capabilities(variant, chip))
    rv.issues.push_back({variant.chip_where, "variant " + variant.id + " needs chip capability '" +
                                                 c + "', which " + chip.id + " lacks"});
  return rv;
}

ResolvedVariant resolve_reference(const ProblemSpec& spec, const rules::ChipProfile& chip) {
  ResolvedVariant rv;
  rv.problem = spec.name;
  rv.variant = "__reference__";
  rv.key = rv.variant;
  rv.source_path = kernel_source_path(spec.dir, spec.reference.source);
  rv.precision = "fp64";
  rv.tolerance = Tolerance{0, 0};
  auto slots = slot_values(spec, {});
  resolve_data(spec, {spec.reference.launch}, slots, rv);
  // The reference writes float64 copies of the checked outputs, except a 64-bit integer `out`
  // or `inout` buffer, which it takes in its own type: a double keeps 53 bits, and the
  // comparison holds such an output to the reference's integers exactly (gpu::reference_bits).
  // An `inout` one starts from the kernel's own initial integers (GUPS's table of
  // corpus_fresh10: xor updates of a 64-bit table cannot go through a double).
  for (auto& b : rv.buffers)
    if (b.role == BufferRole::Out || b.role == BufferRole::InOut) {
      if (b.dtype == DType::I64 || b.dtype == DType::U64) continue;
      b.dtype = DType::F64;
      b.bytes = b.elements * 8;  // elements <= kMaxBufferBytes / 4 or 0: no overflow
    }
  rv.launches.push_back(resolve_launch(spec.reference.launch, rv, slots, rv.issues));
  finish(chip, {}, spec.reference.launch.where, spec, rv);
  return rv;
}

std::string chip_arch(const rules::ChipProfile& chip) {
  if (chip.cc_major <= 0) return "";
  return "sm_" + std::to_string(chip.cc_major) + std::to_string(chip.cc_minor);
}

std::vector<std::string> missing_capabilities(const VariantSpec& variant,
                                              const rules::ChipProfile& chip) {
  std::vector<std::string> out;
  for (const auto& c : variant.chip_requires)
    if (!chip.has(c)) out.push_back(c);
  return out;
}

std::string variant_arch(const VariantSpec& variant, const rules::ChipProfile& chip) {
  std::string arch = chip_arch(chip);
  // wgmma (and setmaxnreg) are in the sm_90a feature set only: plain sm_90 PTX refuses them,
  // and sm_90a code loads on compute capability 9.0 alone, which the guard already ensures.
  bool specific = std::find(variant.chip_requires.begin(), variant.chip_requires.end(), "wgmma") !=
                  variant.chip_requires.end();
  if (specific && !arch.empty() && missing_capabilities(variant, chip).empty()) arch += "a";
  return arch;
}

std::vector<std::string> portable_options(const std::vector<std::string>& options) {
  std::vector<std::string> out;
  for (const auto& o : options)
    if (o.rfind("-I", 0) != 0 && o.rfind("--include-path", 0) != 0) out.push_back(o);
  return out;
}

std::string hash_source(const std::string& source_text, const std::vector<std::string>& options) {
  // Length-prefixed so that moving text between the source and an option changes the hash.
  std::string data = std::to_string(source_text.size()) + ":" + source_text;
  for (const auto& o : portable_options(options)) data += std::to_string(o.size()) + ":" + o;
  return rules::sha256_hex(data);
}

}  // namespace solver::generators
