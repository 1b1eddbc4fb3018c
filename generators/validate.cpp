#include "generators/validate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "generators/measured_class_check.h"

namespace solver::generators {

namespace {

using rules::Diagnostic;

const char* kAxis[] = {"x", "y", "z"};

std::string kib(int64_t bytes) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%lld B (%.1f KiB)", static_cast<long long>(bytes),
                bytes / 1024.0);
  return buf;
}

void check_launch(const ResolvedLaunch& l, const LaunchSpec& spec, const LaunchLimits& lim,
                  std::vector<Diagnostic>& out) {
  auto at = [&](const std::vector<SpecExpr>& es, std::size_t i) {
    return i < es.size() ? es[i].where : spec.where;
  };
  const std::string who = "launch of " + l.entry + ": ";
  for (std::size_t i = 0; i < 3; ++i) {
    if (l.grid[i] <= 0)
      out.push_back({at(spec.grid, i), who + "grid." + kAxis[i] + " = " +
                                           std::to_string(l.grid[i]) + " must be positive"});
    else if (l.grid[i] > lim.max_grid[i])
      out.push_back({at(spec.grid, i), who + "grid." + kAxis[i] + " = " +
                                           std::to_string(l.grid[i]) + " exceeds the limit " +
                                           std::to_string(lim.max_grid[i])});
    if (l.block[i] <= 0)
      out.push_back({at(spec.block, i), who + "block." + kAxis[i] + " = " +
                                            std::to_string(l.block[i]) + " must be positive"});
    else if (l.block[i] > lim.max_block[i])
      out.push_back({at(spec.block, i), who + "block." + kAxis[i] + " = " +
                                            std::to_string(l.block[i]) + " exceeds the limit " +
                                            std::to_string(lim.max_block[i])});
  }
  int64_t threads = l.threads_per_block();
  if (l.block[0] > 0 && l.block[1] > 0 && l.block[2] > 0) {
    rules::SourceLocation where = spec.block.empty() ? spec.where : spec.block.front().where;
    if (threads > lim.max_threads_per_block)
      out.push_back({where, who + std::to_string(threads) + " threads per block exceed " +
                                std::to_string(lim.max_threads_per_block)});
    // A partial warp wastes lanes and usually means the block expression is wrong.
    if (threads % lim.warp_size != 0)
      out.push_back({where, who + std::to_string(threads) +
                                " threads per block is not a whole number of " +
                                std::to_string(lim.warp_size) + "-thread warps"});
  }
  rules::SourceLocation smem_at = spec.smem ? spec.smem->where : spec.where;
  if (l.smem_bytes < 0)
    out.push_back(
        {smem_at, who + "dynamic shared memory " + std::to_string(l.smem_bytes) + " is negative"});
  else if (l.smem_bytes > lim.smem_per_block_bytes)
    out.push_back({smem_at, who + "dynamic shared memory " + kib(l.smem_bytes) +
                                " exceeds the chip's per-block limit " +
                                kib(lim.smem_per_block_bytes)});
}

}  // namespace

LaunchLimits launch_limits(const rules::ChipProfile& chip) {
  LaunchLimits lim;
  double kib = chip.number("smem_per_block_kib");
  if (kib > 0) lim.smem_per_block_bytes = static_cast<int64_t>(std::llround(kib * 1024));
  return lim;
}

std::vector<Diagnostic> validate_resolved(const ResolvedVariant& rv, const ProblemSpec& spec,
                                          const VariantSpec& variant,
                                          const rules::ChipProfile& chip) {
  std::vector<Diagnostic> out = rv.issues;
  LaunchLimits lim = launch_limits(chip);
  for (std::size_t i = 0; i < rv.launches.size() && i < variant.launches.size(); ++i)
    check_launch(rv.launches[i], variant.launches[i], lim, out);
  if (variant.launches.empty())
    out.push_back({variant.where, "variant " + variant.id + " has no launch"});
  for (const auto& l : rv.launches)
    for (const auto& a : l.args)
      if (a.kind == ResolvedArg::Kind::Buffer && a.index >= 0 && rv.buffers[a.index].elements <= 0)
        out.push_back(
            {variant.where, "buffer " + a.name + " passed to " + l.entry + " has no elements"});
  // A measured class (fp64) with an output no class bound can measure (red team 15).
  if (auto issue = unmeasured_class_issue(spec, variant)) out.push_back(*issue);
  if (rv.flops < 0) out.push_back({spec.flops.where, "flops is negative"});
  if (rv.bytes < 0) out.push_back({spec.bytes.where, "bytes is negative"});
  return out;
}

std::vector<Diagnostic> validate(const ProblemSpec& spec, const VariantSpec& variant,
                                 const KnobValues& knobs, const rules::ChipProfile& chip) {
  std::vector<Diagnostic> out;
  std::string why;
  // Each constraint is reported on its own line, located, rather than the first one only.
  for (const auto& k : variant.knobs) {
    auto it = knobs.find(k.name);
    if (it == knobs.end())
      out.push_back(
          {k.where, "knob " + k.name + " has no value in " + variant_key(variant.id, knobs)});
    else if (std::find(k.values.begin(), k.values.end(), it->second) == k.values.end())
      out.push_back({k.where, "knob " + k.name + "=" + std::to_string(it->second) +
                                  " is not one of its declared values"});
  }
  for (const auto& [name, value] : knobs)
    if (!variant.find_knob(name))
      out.push_back({variant.where, "variant " + variant.id + " has no knob " + name});
  auto slots = slot_values(spec, knobs);
  for (const auto& c : variant.constraints)
    if (!c.expr || !c.expr->evaluate_bool(slots))
      out.push_back({c.where, "constraint '" + c.text + "' does not hold at " +
                                  variant_key(variant.id, knobs)});
  for (const auto& c : missing_capabilities(variant, chip))
    out.push_back({variant.chip_where, "variant " + variant.id + " needs chip capability '" + c +
                                           "', which " + chip.id + " lacks"});
  if (!out.empty()) return out;  // launch numbers at an undeclared point would only add noise
  ResolvedVariant rv = resolve_shapes(spec, variant, knobs);
  return validate_resolved(rv, spec, variant, chip);
}

std::vector<Diagnostic> lint_problem(const ProblemSpec& spec) {
  std::vector<Diagnostic> out;
  for (const auto& b : spec.buffers) {
    if (b.role != BufferRole::In && b.role != BufferRole::InOut) continue;
    if (b.init.kind != "constant" || b.dist_fixed) continue;
    char value[32];
    std::snprintf(value, sizeof value, "%g", b.init.a);
    out.push_back({b.where, "buffer '" + b.name + "' is constant (" + value +
                                ") in every input set: the problem degenerates (a kernel may read "
                                "one element instead of all, e.g. C = b * rowsum(A) for a constant "
                                "B); give it a distribution, or declare `dist_fixed: true` if the "
                                "constant is part of the problem"});
  }
  // Reachability: the loop only moves from a variant to a child over an edge whose `applies`
  // names a hypothesis, so a child with none on every edge (or below no reachable parent)
  // is never measured by the loop however the rules fire.
  std::string seed = spec.seed_variant.empty() && !spec.variants.empty() ? spec.variants.front().id
                                                                         : spec.seed_variant;
  std::set<std::string> reached{seed};
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& v : spec.variants) {
      if (reached.count(v.id)) continue;
      for (const auto& p : v.parents)
        if (reached.count(p) && !v.applies_from(p).empty()) {
          reached.insert(v.id);
          grew = true;
          break;
        }
    }
  }
  for (const auto& v : spec.variants) {
    if (reached.count(v.id)) continue;
    std::string why;
    if (v.parents.empty()) {
      why = "it has no parent and is not the seed ('" + seed + "')";
    } else {
      std::vector<std::string> bare;
      for (const auto& p : v.parents)
        if (v.applies_from(p).empty()) bare.push_back(p);
      if (!bare.empty()) {
        std::string list;
        for (const auto& p : bare) list += (list.empty() ? "'" : ", '") + p + "'";
        why = "its edge from " + list +
              " applies no hypothesis (give applies: [HYPOTHESIS], or "
              "applies: {PARENT: [HYPOTHESIS]} per parent)";
      }
      if (bare.size() != v.parents.size())
        why += std::string(why.empty() ? "" : "; ") + "no parent it applies from is reachable";
    }
    out.push_back({v.where, "variant '" + v.id + "' can never be reached from the seed: " + why});
  }
  // A variant whose constraints hold at no knob point at this problem's sizes (a width
  // precondition such as layernorm_768's two-warp split at width 128) is refused statically:
  // nothing of it is compiled, gated or measured. Say so and why, rather than drop it silently.
  for (const auto& v : spec.variants) {
    bool any = false;
    for_each_knob_point(spec, v, [&](const KnobValues&) { return !(any = true); });
    if (any) continue;
    KnobValues first;
    for (const auto& k : v.knobs)
      if (!k.values.empty()) first[k.name] = k.default_value.value_or(k.values.front());
    const std::string why = rules::why(knob_point_allowed(spec, v, first));
    out.push_back({v.where, "variant '" + v.id +
                                "' has no knob point its constraints admit at "
                                "these sizes, so it is never compiled or run (at " +
                                variant_key(v.id, first) + ": " + why + ")"});
  }
  return out;
}

std::string check_total_smem(int64_t static_bytes, int64_t dynamic_bytes,
                             const rules::ChipProfile& chip) {
  int64_t limit = launch_limits(chip).smem_per_block_bytes;
  if (static_bytes + dynamic_bytes <= limit) return "";
  return "static " + kib(static_bytes) + " + dynamic " + kib(dynamic_bytes) +
         " shared memory exceed the chip's per-block limit " + kib(limit);
}

std::string format_issues(const std::vector<Diagnostic>& issues) {
  std::string out;
  for (const auto& d : issues) {
    if (!out.empty()) out += '\n';
    out += d.to_string();
  }
  return out;
}

}  // namespace solver::generators
