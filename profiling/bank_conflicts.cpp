#include "profiling/bank_conflicts.h"

#include <cmath>
#include <cstdio>
#include <string_view>

#include "profiling/metric_set.h"

namespace solver::profiling {
namespace {

using namespace metric;

std::optional<double> get(const std::map<std::string, double>& raw, std::string_view name) {
  auto it = raw.find(std::string(name));
  if (it == raw.end() || !std::isfinite(it->second)) return std::nullopt;
  return it->second;
}

std::string count_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);  // a count: every digit
  return buf;
}

}  // namespace

BankConflictReading shared_bank_conflicts(const std::map<std::string, double>& raw) {
  BankConflictReading r;
  auto ld = get(raw, kSharedLd), st = get(raw, kSharedSt);
  if (!ld || !st) return r;
  // LDGSTS fills are shared-memory writes a layout conflicts on like stores; a recording
  // without their counter had none counted apart, as before.
  auto ldgsts = get(raw, kLdgsts);
  const double accesses = *ld + *st + ldgsts.value_or(0);

  auto c_ld = get(raw, kBankConflictsLd), c_st = get(raw, kBankConflictsSt);
  if (c_ld && c_st) {
    // The split: what a layout decides. Without the LDGSTS part (an export that lacks it) a
    // kernel that issues LDGSTS is read on its loads and stores alone.
    double conflicts = *c_ld + *c_st;
    double over = *ld + *st;
    if (auto c_lg = get(raw, kBankConflictsLdgsts); c_lg && ldgsts) {
      conflicts += *c_lg;
      over += *ldgsts;
    }
    r.per_access = over > 0 ? conflicts / over : 0.0;
    return r;
  }
  auto all = get(raw, kBankConflicts);
  if (!all) return r;
  // No shared access a layout decides means no such conflicts, whatever else replayed; no
  // conflict at all leaves nothing to split.
  if (accesses <= 0 || *all <= 0) {
    r.per_access = 0.0;
    return r;
  }
  // The undivided count is the loads', stores' and fills' only where nothing else ran on the
  // shared pipe that it counts.
  auto atoms = get(raw, kSharedAtomInst), gmma = get(raw, kTensorInstGmma);
  std::string others;
  if (atoms && *atoms > 0) others = count_text(*atoms) + " shared atomics";
  if (gmma && *gmma > 0)
    others += (others.empty() ? "" : " and ") + count_text(*gmma) + " wgmma instructions";
  if (!others.empty()) {
    r.defect = "bank_conflicts_per_request not defined: " + std::string(kBankConflicts) + " (" +
               count_text(*all) + ") also counts the extra wavefronts of the kernel's " + others +
               ", and the per-operation counts (" + std::string(kBankConflictsLd) + ", _op_st) " +
               "were not collected: dropped";
    return r;
  }
  r.per_access = *all / accesses;
  return r;
}

}  // namespace solver::profiling
