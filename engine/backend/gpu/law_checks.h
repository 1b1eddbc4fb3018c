// Which data a problem's verified runs are made of (docs/reliability.md P6h, issue 28, helper
// h28w). Every timed run, the fresh set and the audits are a redraw of the inputs (P6); by
// default the redraw leaves the declared law on purpose: a law's interior in 3 of 15 cells
// (P13) and, for a law on [0, b), 31 of 32 interior values shrunk by 2^-g, g up to 24 (P6c), so
// that a kernel that reads a sample of its inputs and rescales errs by more than the tolerance
// where the declared law's data would hide it. That data is not the data the problem's author
// declared the tolerance for: an honest FP32 weighted histogram of 2^25 values in [0, 1)
// (tests/cheats/control_hon20_atomic_float_histogram, rtol 1e-5) gets half of its values in
// bin 0 and its tiny weights absorbed by a 1.2e6 accumulator: 1.8% off, ~2,000 x the tolerance
// (live on an H100, 2026-12-05; tests/engine/h28w_hist_sim.cpp: 0.79 of the tolerance on the
// law, 1,821-2,078 on the timed kind, 1.85-2.08 on the cells alone). No bound that scales with
// the count summed and sum |x| admits that error without admitting a sampler's (the sum's worst
// case, (n - 1) u sum |x|, is 100% of bin 0, and of any reduce of 2^24 terms).
// So the off-law data are used only where they are needed: where the declared law's own data
// already tell a 1-in-2 sample from the whole with a wide margin, every verified run is a
// redraw i.i.d. from the declared law (timed_perturbations' `law`: the law pairs' redraw, P6d,
// with the two planted extremes and a symmetric law's reflected quarter, both in law). The
// margin: a kernel that skips 1 input in k and rescales errs by about 1 / sqrt(k - 1) of the
// 1-in-2 echo's error (a sampled sum's error grows as sqrt(skipped / kept)); with the echo's
// share at kLawCheckShare = 30 on set 0 (the largest |reference - echo| / tolerance over the
// output's elements), a kernel that skips 1 input in 100 (1% less work, the loop's smallest
// gain) errs by about 3 tolerance units in that measure, 1 in 16 by about 7.7. The lint measures
// it on set 0, a regular set (i.i.d. from the law, as the law redraw); each output buffer must
// clear it. Where one does not (a sum whose law data cannot tell a sampler: problems/reduce at
// 0.34, red team 7's and 14's folders at 0.4-4), the verified runs stay off the law as before.
// The bar is on each output's **least told element** (red team 22, redteam22_loud_head_sum): the
// largest share over a buffer's elements let one loud element (a sum of 8 values, share 1,300)
// clear 30 for a buffer whose other element (a sum of 2^24 values, the work) was at 0.43, so a
// kernel sampling that element alone erred by 0.64 of the tolerance at worst on 16 law redraws
// and by up to 2.9 on the timed kind (tests/engine/red22_loud_head_sim.cpp). Each element's share
// is its largest over the echoes taken on set 0, and the output's is the least over the elements
// some echo moved (an element none moves does not depend on the echoed positions). Where more
// than one input is echoed, each input's echo alone must clear the bar too (weakest_with_input):
// a loud input lifted an element whose long sum of another input was blind. And each element's
// light share, its dominant position classes left out, must clear it too (law_regions.h, red
// team 23: a few heavily weighted positions lifted an element whose long light sum was blind).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "engine/backend/gpu/sample_lint.h"

namespace solver::gpu {

inline constexpr double kLawCheckShare = 30;

// Whether the verified runs of a problem may be redraws i.i.d. from its declared law: `shares`
// the lint's (set 0 first, as sample_lint takes them), `outputs` the number of output buffers
// (a SetShare without per-output shares judges them all on its `share`). True only where set 0
// was measured and every output's share on it is at least kLawCheckShare (an output the echo
// does not move, share 0, is not told apart by law data: false).
bool law_checks(const std::vector<SetShare>& shares, size_t outputs);

// The echoes set 0 takes for law_checks: echo_patterns() (the lint's nine), then blocks of 2 to
// 128 with the even blocks copied from the odd ones, so that every position is moved by 8 of the
// 16 (one parity of each block size). An element is judged on its largest share over the
// patterns that moved it: with the lint's nine alone, positions that are multiples of 256 are
// moved by one pattern only, and an element-wise map's least told element was one unlucky draw
// (y = exp(x), 2^20 values at rtol 1e-5: 4.1 after nine, law_checks_element_test).
const std::vector<EchoPattern>& law_echo_patterns();

// Each element's largest share so far: `largest` (empty: the first echo) folded with `got`,
// element_shares of one more echo on the same set.
void fold_element_shares(std::vector<std::vector<double>>& largest,
                         const std::vector<std::vector<double>>& got);
// Per output: the least of `largest`'s element shares above 0 (0 where none is; NaN where an
// element's is: it clears nothing) (SetShare::weakest).
std::vector<double> weakest_shares(const std::vector<std::vector<double>>& largest);
// `weakest` (every input echoed at once) lowered by `alone`, the weakest_shares of the echoes of
// one input buffer alone (red team 22's loud term: y = the sum of 16 values of a wide law plus
// the sum of 2^24 of U[0, 1); the 16 clear the bar for the element, the 2^24 alone are at 0.3):
// per output the least of the two, where that input moved some element of it (alone 0: the
// output does not depend on it, unchanged); NaN where either is.
std::vector<double> weakest_with_input(const std::vector<double>& weakest,
                                       const std::vector<double>& alone);

// What a user can do where set 0 leaves a problem off the law (helper hon21): for each output
// whose share on set 0 (SetShare::weakest where measured) is above 0 and below kLawCheckShare,
// its name (`outputs`, in SetShare::outputs' order; empty: one output), that share, and the
// tolerance under which it would clear the bar: its own (`tols[k]`, tols[0] for all where only
// one is given) times share / kLawCheckShare, both rtol and atol (set 0's shares have no
// magnitude term, so they scale exactly). Empty where nothing would: the problem is on the law,
// set 0 was not measured, or an output below the bar is not moved at all (0) or NaN. A looser
// tolerance puts a problem off the law: an honest FP32 sum into few accumulators, within its
// tolerance on the declared law, then fails the off-law data (hon20's histogram at rtol 1e-4:
// ~200 x), and no user would guess that the remedy is a tighter tolerance, so the worker says
// it after a wrong result on those data (Worker::off_law_note: gate, time, time_pairs).
std::string law_remedy(const std::vector<SetShare>& shares, const std::vector<std::string>& outputs,
                       const std::vector<generators::Tolerance>& tols);

// What law mode leaves unchecked, and the tolerance that would end it (helper h29l, red team 27's
// redteam27_law_taylor_sum): on the law every verified run is an i.i.d. draw of the declared law,
// so the tolerance is held on the law's data, not on every input of its support. A per-element
// model of the function whose error cancels under the law (log B's least-squares parabola, 202 x
// rtol off per element at the support's end, 0.04 of the tolerance on a law draw) is kept, and
// no draw the honest FP32 histogram seed bears refuses it (docs/reliability.md "Red team 27's law
// model"). The words name the output whose set-0 share is least (clearing the bar by least) and
// the tolerance up to which it stays on the law: its own times share / kLawCheckShare (exact: at
// any tighter one the same echoes clear the bar). Looser, set 0 takes more echoes before it
// stops (law_check_pending), so the problem may leave the law a little above that tolerance,
// not at it; off the law the verified runs are P13's cells, where such a model is tried. One
// segment without "; " (narrowed_checks.h carries it to the ledger and the report). Empty off
// the law.
std::string law_exit(const std::vector<SetShare>& shares, const std::vector<std::string>& outputs,
                     const std::vector<generators::Tolerance>& tols);

// Whether output `k` still needs more echoes on set 0 for law_checks to be decided: its share
// there (SetShare::weakest where measured, else its largest) is below kLawCheckShare (the lint
// goes on through set 0's echoes while one does).
bool law_check_pending(const SetShare& set0, size_t k);

}  // namespace solver::gpu
