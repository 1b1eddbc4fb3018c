// The tolerance lint, each echoed input on its own (issue 28, helper h28z; red team 22's
// redteam22_loud_term_sum). sample_lint.h echoes one parity of every law input at once and asks
// whether some verified set tells each output from that echo. Where an output mixes inputs of
// unlike weight, one loud input carries the whole change: y = the sum of 16 values of
// U[0, 3e5) + the sum of 2^24 values of U[0, 1) at rtol 5e-4 moves by ~41 tolerances with
// every input echoed (z's 16 values), by 0.315 with x's echo alone, so a kernel that reads half
// of x and doubles its sum erred by 0.54 of the tolerance at worst on 32 law redraws and 0.90 on
// 32 off-law timed runs, and was kept (tests/engine/red22_loud_head_sim.cpp).
// The property: where more than one input is echoed, every echoed input's echo alone must tell
// every output it moves apart on some set the gate verifies on (set 0, then the fresh set,
// sample_lint.h's lint_sets), with the same measure (that output's largest |reference - echo| /
// tolerance over its elements and the echoes taken). An input whose echo alone moves an output,
// but by at most its tolerance on every such set, is one a kernel may read half of for that
// output: the gate refuses the spec (invalid_spec, naming the input, the output and the
// figure). The remedies: a tighter tolerance for that output, or the input marked `dist_fixed`
// if its law is part of the problem; a dist_fixed input is then excused here, and the gate says
// so (its narrowing is the ledger's already: narrowed_checks.h lists every dist_fixed input).
// An input whose echo alone moves no element of an output (share 0 on every set and echo) does
// not feed that output's echoed positions, and is excused for it.
#pragma once
#include <string>
#include <vector>

#include "engine/backend/gpu/sample_lint.h"

namespace solver::gpu {

// One echoed input's own shares: per lint set taken (set 0 first), per output buffer, its
// largest share over the echoes of that input alone (SetShare::outputs; `share` the largest).
struct InputShares {
  std::string input;
  bool dist_fixed = false;
  std::vector<SetShare> sets;
};

// Whether input `in`'s judgement of output `k` still needs a set: its share there is at most 1
// on every set taken so far (0 included, as lint_pending: an output the input never moved is
// excused only once every set and echo was taken).
bool input_lint_pending(const InputShares& in, size_t k);

// The verdict over every echoed input's own shares; `outputs`: the output buffers' names in the
// order of SetShare::outputs (empty: one output); `output_tols`: each output's tolerance (empty:
// `tol`). `refusal` non-empty where some input that is not dist_fixed moves an output by more
// than 0 and at most 1 of its tolerance on every set: it names each such input and output with
// its figures, and the remedy. `note`: the dist_fixed inputs excused this way (the gate detail),
// else empty.
SampleLintVerdict input_lint_verdict(const std::vector<InputShares>& inputs,
                                     const generators::Tolerance& tol,
                                     const std::vector<std::string>& outputs = {},
                                     const std::vector<generators::Tolerance>& output_tols = {});

}  // namespace solver::gpu
