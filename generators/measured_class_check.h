// Static check of a declared measured class (docs/reliability.md, "A declared class is
// measured"; issue 28, red team 15's redteam15_f64_f32out_rsqrt). A variant whose class is
// measured (fp64 under every spelling the PTX scan judges as fp64, measured_class_rtol > 0)
// promises outputs as precise as FP64, and the worker holds every float64 output to the class's
// own bound (2^-32 relative). A float output stored narrower (f32, f16, bf16) carries its own
// rounding, far above that bound, so nothing measures the class there; and a problem with no
// float64 output at all (integer outputs only) gives the bound nothing to measure. Such a
// variant is an invalid spec unless the problem says `measured_class: off`, in which case the
// gate, the ledger and the report say the check was narrowed (class_bound_narrowed).
#pragma once
#include <optional>

#include "generators/problem_spec.h"
#include "rules/diagnostics.h"

namespace solver::generators {

// The refusal of `variant` (located at its `precision:`), or nullopt where its class is not
// measured, the problem opted out, or every float output is float64 and one exists. The message
// names the unmeasured outputs and what to declare: the outputs as f64, a class that is not
// measured, or `measured_class: off`.
std::optional<rules::Diagnostic> unmeasured_class_issue(const ProblemSpec& spec,
                                                        const VariantSpec& variant);

struct ResolvedVariant;
// Whether every float output of `rv` is float64, one exists, and the class's measured bound
// holds them (Tolerance::class_rtol > 0): what FP32 decisions change in the outputs is then
// measured (ptx_precision.h precision_mismatch, `fp64_measured`).
bool fp64_outputs_measured(const ResolvedVariant& rv);

}  // namespace solver::generators
