// Static validation of a variant at a knob point on a chip, before any compile: what would
// make a launch illegal or the spec inconsistent. Returns located problems as values (the
// backend reports them as GateStatus::InvalidSpec); never throws.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "rules/chips.h"
#include "rules/diagnostics.h"

namespace solver::generators {

// Hardware limits a launch must respect (CUDA's, valid from sm_50 to sm_90).
struct LaunchLimits {
  int64_t max_threads_per_block = 1024;
  std::array<int64_t, 3> max_block{1024, 1024, 64};
  std::array<int64_t, 3> max_grid{2147483647LL, 65535, 65535};
  int64_t warp_size = 32;
  int64_t smem_per_block_bytes = 48 * 1024;  // the chip's opt-in maximum
};
// Limits for `chip` (smem from chip.number("smem_per_block_kib"); 48 KiB if the chip lacks it).
LaunchLimits launch_limits(const rules::ChipProfile& chip);

// Checks, each failure one Diagnostic located at the spec text it comes from:
//  - the knob point: every knob given, each value declared, constraints (`constraints:` /
//    `requires:`, e.g. "N % 4 == 0" for 16-byte vector access) true;
//  - buffers: shapes positive integers; scalars and args resolvable;
//  - launches: grid/block positive integers within limits, block threads a whole number of
//    warps and <= 1024, dynamic shared memory within the per-block limit;
//  - flops/bytes evaluate to finite non-negative numbers;
//  - a measured class (fp64) has every float output in float64, and one at least, unless the
//    problem says `measured_class: off` (measured_class_check.h).
std::vector<rules::Diagnostic> validate(const ProblemSpec& spec, const VariantSpec& variant,
                                        const KnobValues& knobs, const rules::ChipProfile& chip);
// Same checks on an already-resolved variant (skips the knob-point check).
std::vector<rules::Diagnostic> validate_resolved(const ResolvedVariant& resolved,
                                                 const ProblemSpec& spec,
                                                 const VariantSpec& variant,
                                                 const rules::ChipProfile& chip);

// After compile: static shared memory (from the module) plus dynamic must still fit. The GPU
// worker calls this once it knows the kernel's static size. Empty string = fits.
std::string check_total_smem(int64_t static_bytes, int64_t dynamic_bytes,
                             const rules::ChipProfile& chip);

// Warnings about a spec that is valid but weak against a kernel written to exploit it: an
// input whose `init` is `dist: constant` (every input set holds the same value everywhere, so
// a kernel may read one element instead of all: a GEMM with constant B is b * rowsum(A)),
// unless the buffer declares `dist_fixed: true` (the constant is part of the problem).
// Located at the buffer; `problems check` prints them, the gate does not refuse on them.
std::vector<rules::Diagnostic> lint_problem(const ProblemSpec& spec);

// One line per issue ("file:line:col: error: ...").
std::string format_issues(const std::vector<rules::Diagnostic>& issues);

}  // namespace solver::generators
