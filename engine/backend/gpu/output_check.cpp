// The check of a candidate's outputs (docs/reliability.md P2, P4c, P7): its inputs unchanged,
// then every output against the float64 reference at the problem's tolerance and, under a
// measured class (class_bound.h), the class's own bound; a scale is derived only where a plain
// bound fails (the heavy set's magnitude set, the reference on |inputs|; the class bound's
// sensitivity S).
#include <algorithm>
#include <cmath>
#include <optional>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/order_view.h"
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/scaled_atol.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

using engine::GateResult;
using engine::GateStatus;

bool Worker::check_outputs(Prepared& p, int slot, GateResult& g, const std::string& when,
                           int expected) {
  NvtxRange range("check");
  if (expected < 0) expected = slot;
  const HostSet& set = p.buffers->host_set(expected);
  auto where = [&] {
    return " (" + when + ", input set " + std::to_string(expected) +
           (set.kind == SetKind::Regular ? "" : std::string(" [") + to_string(set.kind) + "]") +
           ", seed " + std::to_string(set.seed) + ")";
  };
  // Inputs first: a kernel that rewrote them is refused for that, whatever its outputs say.
  std::optional<PhaseScope> step;
  step.emplace("verify_inputs");
  std::string mutated = p.buffers->verify_inputs(slot, expected);
  if (!mutated.empty()) {
    g.status = GateStatus::InputMutated;
    g.detail = mutated + where();
    return false;
  }
  step.reset();
  // The reference was computed before the candidate ran (prepare / add_fresh_set).
  const auto& want = reference_outputs(p, expected);
  std::string w = where();
  w.pop_back();
  auto pending = p.magnitude_pending.find(expected);
  if (set.magnitude_set < 0 && pending != p.magnitude_pending.end()) {
    // The magnitude bound is the plain bound plus a non-negative term, element by element, and
    // the errors reported do not depend on the bound (host_data.cpp, compare_range): a plain
    // pass is the magnitude verdict, with the same figures, without the magnitude set's
    // derivation and reference run. Only a plain failure pays for them.
    engine::GateResult before = g;
    if (compare_outputs(p, set, views(want), nullptr, g, w)) return true;
    if (g.status != GateStatus::PrecisionMismatch && g.status != GateStatus::WrongResult)
      return false;
    g = before;
    const uint64_t seed = pending->second;
    p.magnitude_pending.erase(pending);
    // From set 0's pristine copy (digest-checked) into buffers no candidate was given; the
    // variant's outputs were read back above and are compared again below, not re-read.
    const int im = add_derived_set(p, SetKind::HeavyMagnitude, seed);
    HostSet& checked = p.buffers->host_set(expected);
    if (im >= 0) checked.magnitude_set = im;
    const std::vector<HostDoubles>* magnitude = im >= 0 ? &reference_outputs(p, im) : nullptr;
    before = g;
    if (compare_outputs(p, checked, views(reference_outputs(p, expected)), magnitude, g, w,
                        /*download=*/false))
      return true;
    if (magnitude || g.status != GateStatus::PrecisionMismatch) return false;
    // No heavy magnitude set: the measured class bound's own scale, the reference's sensitivity.
    const std::vector<HostDoubles>* absolute = class_magnitude(p, expected);
    return class_recheck(p, expected, views(reference_outputs(p, expected)), absolute, g, before,
                         w);
  }
  const std::vector<HostDoubles>* magnitude =
      set.magnitude_set >= 0 ? &reference_outputs(p, set.magnitude_set) : nullptr;
  engine::GateResult before = g;
  if (compare_outputs(p, set, views(want), magnitude, g, w)) return true;
  // P6p (fold_check_op.cpp): a fresh set off the declared law (law_checks.h) that failed its
  // tolerance, decided again with the conditioning allowance on its own inputs.
  if (!magnitude && set.kind == SetKind::Fresh && !p.buffers->law_checks() &&
      g.status == GateStatus::WrongResult) {
    HostSet seen = set;  // a copy: adding the folded set may move the host sets
    if (seen.on_device) materialise(p.resolved, p.buffers->host_set(seen.base), seen);
    return fold_recheck_on(p, seen, expected, views(reference_outputs(p, expected)), g, before, w);
  }
  if (magnitude || g.status != GateStatus::PrecisionMismatch) return false;
  // The plain class bound failed (class_bound.h): only now the reference's sensitivity S.
  const std::vector<HostDoubles>* absolute = class_magnitude(p, expected);
  return class_recheck(p, expected, views(reference_outputs(p, expected)), absolute, g, before, w);
}

generators::Tolerance set_tolerance(const Prepared& p, const HostSet& set, size_t buffer) {
  generators::Tolerance tol = generators::output_tolerance(p.resolved, buffer);
  tol.atol = scaled_atol(tol.atol, set.atol_scale, p.resolved.buffers[buffer].dtype);
  return tol;
}

bool fold_comparison(const Prepared& p, const HostSet& set, size_t buffer, const Comparison& c,
                     const generators::Tolerance& tol, bool scaled, GateResult& g,
                     const std::string& where) {
  // Errors of scaled sets are reported at the regular scale, comparable with the others.
  double abs_err = c.max_abs_err / set.atol_scale;
  if (std::isnan(abs_err) || std::isnan(g.max_abs_err))
    g.max_abs_err = std::nan("");
  else
    g.max_abs_err = std::max(g.max_abs_err, abs_err);
  if (std::isnan(c.max_rel_err) || std::isnan(g.max_rel_err))
    g.max_rel_err = std::nan("");
  else
    g.max_rel_err = std::max(g.max_rel_err, c.max_rel_err);
  if (c.ok) return true;
  const auto& b = p.resolved.buffers[buffer];
  if (c.failures == 0) {  // inside the problem's tolerance, outside the class's own bound
    g.status = GateStatus::PrecisionMismatch;
    g.detail =
        class_failure_detail(p.resolved.precision, b.name, b.shape, c, tol, scaled) + where + ")";
    return false;
  }
  g.status = GateStatus::WrongResult;
  g.detail = c.describe(b.name, b.shape) + where + ", tolerance rtol " + short_num(tol.rtol) +
             (scaled ? " x max(|reference|, reference on |inputs|)" : "") + " atol " +
             short_num(tol.atol) +
             (reference_bits(b.dtype) && tol.rtol == 0 && tol.atol == 0
                  ? ": 64-bit integers compared bit for bit, printed rounded to a double"
                  : "") +
             (b.order_lead >= 0
                  ? "; order: free, so compared as sorted rows (order_view.h): the "
                    "index is in the sorted view" +
                        std::string(b.order_count >= 0 ? ", and only each row's counted prefix "
                                                         "on either side"
                                                       : "")
                  : "") +
             (b.is_count ? "; the count of an order-free output: exact" : "") + ")";
  return false;
}

bool Worker::compare_outputs(Prepared& p, const HostSet& set, const std::vector<DoublesView>& want,
                             const std::vector<HostDoubles>* magnitude, GateResult& g,
                             const std::string& where, bool download) {
  // The outputs stay in their dtype: the comparison reads each element as a double, on all
  // cores.
  const auto& outs = p.buffers->outputs();
  if (output_scratch_.size() < outs.size()) output_scratch_.resize(outs.size());
  const std::vector<OrderGroup> groups = order_groups(p.resolved);
  if (download) {
    PhaseScope step("download");
    for (size_t k = 0; k < outs.size(); ++k)
      p.buffers->download_variant_output(outs[k], output_scratch_[k]);
    if (!groups.empty()) {  // order-free outputs into their view, as the reference's (order_view.h)
      PhaseScope order("order_view");
      std::vector<unsigned char*> data;
      for (size_t k = 0; k < outs.size(); ++k) data.push_back(output_scratch_[k].data());
      order_candidate(p.resolved, outs, data);
    }
  }
  // Each order-free output's valid rows (its group's count output on both sides).
  std::vector<std::vector<int64_t>> counts_out(outs.size()), counts_ref(outs.size());
  std::vector<int64_t> row_of(outs.size(), 0);
  std::vector<bool> ordered(outs.size(), false);
  auto position = [&](size_t buffer) -> int {
    for (size_t k = 0; k < outs.size(); ++k)
      if (outs[k] == buffer) return int(k);
    return -1;
  };
  for (const OrderGroup& og : groups) {
    const int c = og.count >= 0 ? position(size_t(og.count)) : -1;
    for (size_t m : og.members) {
      const int k = position(m);
      if (k < 0) continue;
      ordered[size_t(k)] = true;
      if (c < 0 || size_t(c) >= want.size()) continue;
      const generators::DType cd = p.resolved.buffers[size_t(og.count)].dtype;
      row_of[size_t(k)] = og.row;
      counts_out[size_t(k)] = row_counts(output_scratch_[size_t(c)].data(), cd, og.rows, og.row);
      counts_ref[size_t(k)] =
          want[size_t(c)].size >= size_t(og.rows)
              ? row_counts(want[size_t(c)].data, reference_storage(cd), og.rows, og.row)
              : std::vector<int64_t>(size_t(og.rows), 0);
    }
  }
  PhaseScope compare_scope("compare");
  // A class failure (precision_mismatch) is kept while the other outputs are compared: a wrong
  // result in any of them is the verdict instead.
  std::optional<GateResult> class_failure;
  p.last_class_ratio = 0;
  for (size_t k = 0; k < outs.size() && k < want.size(); ++k) {
    size_t buffer = outs[k];
    generators::DType dtype = p.resolved.buffers[buffer].dtype;
    const generators::Tolerance tol = set_tolerance(p, set, buffer);
    const auto& got = output_scratch_[k];
    // No magnitude term for an order-free output: its sorted elements are not paired with
    // the reference on |inputs| (stricter, never looser).
    const double* scale =
        magnitude && !ordered[k] && k < magnitude->size() && (*magnitude)[k].size() == want[k].size
            ? (*magnitude)[k].data()
            : nullptr;
    RowValid valid{row_of[k], counts_out[k].data(), counts_ref[k].data()};
    Comparison c = compare(got.data(), dtype, int64_t(got.size() / generators::dtype_size(dtype)),
                           want[k].data, int64_t(want[k].size), tol, 0, scale,
                           row_of[k] > 0 ? &valid : nullptr);
    if (std::isfinite(c.class_ratio))
      p.last_class_ratio = std::max(p.last_class_ratio, c.class_ratio);
    GateResult folded = g;
    if (fold_comparison(p, set, buffer, c, tol, scale != nullptr, folded, where)) {
      g.max_abs_err = folded.max_abs_err, g.max_rel_err = folded.max_rel_err;
      continue;
    }
    if (folded.status != GateStatus::PrecisionMismatch) {
      g = folded;
      return false;
    }
    if (!class_failure) class_failure = folded;
    g.max_abs_err = folded.max_abs_err, g.max_rel_err = folded.max_rel_err;
  }
  if (!class_failure) return true;
  const double abs_err = g.max_abs_err, rel_err = g.max_rel_err;
  g = *class_failure;
  g.max_abs_err = abs_err, g.max_rel_err = rel_err;
  return false;
}

}  // namespace solver::gpu
