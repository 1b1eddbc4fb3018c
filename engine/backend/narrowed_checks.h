// What the gate could not check for a problem (docs/reliability.md P5): a narrowed check is
// written down, in the gate detail (the worker), in the ledger record ("narrowed_checks") and
// in the report. Kinds: outputs declared blind to an input (`blind_to`, input_lint.h); inputs
// whose distribution is part of the problem (`dist_fixed`),
// which every timed run redraws i.i.d. from their declared law (no planted cells, no shrink) and
// no adversarial set changes, so a candidate may specialise on that law; and a gate whose
// adversarial sets did not run ("none apply", "not applicable"), as its detail says; law inputs
// the tolerance lint cannot echo (since h28u only a permutation or cycle of 2: sample_lint.h
// unechoed_note; larger ones take the refill model echo, model_echo.h).
#pragma once
#include <string>
#include <vector>

#include "engine/backend/backend.h"
#include "generators/problem_spec.h"

namespace solver::engine {

// One line per narrowing, in a fixed order (dist_fixed first, then blind_to); empty when the check
// was whole.
std::vector<std::string> narrowed_checks(const generators::ProblemSpec& spec,
                                         const GateResult& gate);

// P5 (red team 37): the line for `n` verified runs of the timed pairs that passed only under
// P6p's conditioning allowance (PairSamples::fold_rescued); empty where n is 0.
std::string fold_rescued_note(int n);

}  // namespace solver::engine
