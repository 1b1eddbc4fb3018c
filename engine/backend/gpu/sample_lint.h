// The tolerance lint (docs/reliability.md P6, red team 7's offlaw_lgamma_sample, issue 28):
// whether a problem's tolerance can tell a 1-in-2 sample from the whole. Measured with the
// reference alone: the reference on set 0 against the reference on the same set with every odd
// position of each law input copied from its even neighbour (an in-law set whose 1-in-2 sample
// is the original's). If the two agree within the tolerance, no verified run on law data can
// refuse a kernel that reads every other position and doubles: the gate says so in its detail
// ("tolerance admits a 1-in-2 sample", a narrowed check: narrowed_checks.h, the ledger and
// `solver problems check`). Only the problem's author can answer it (a tighter tolerance, or
// data with more relative spread); the harness refuses nothing for it.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "generators/problem_spec.h"

namespace solver::gpu {

// The marker the gate detail's note starts with (narrowed_checks.cpp looks for it).
inline constexpr const char* kSampleLintMarker = "tolerance admits a 1-in-2 sample";

// Whether the lint echoes `b`: a float input (in, inout) drawn from a uniform or normal law,
// not dist_fixed (its values are the problem's meaning), with at least 2 elements.
bool sample_echoed(const generators::ResolvedBuffer& b);
// `in`'s bytes with every odd element a copy of the even one before it.
std::shared_ptr<const HostInput> echo_odd_positions(const generators::ResolvedBuffer& b,
                                                    const HostInput& in);
// The largest |base - echo| / (atol + rtol |base|) over every output element (1 or less: the
// two agree within `tol`); infinity when the shapes differ or a value is not finite.
double tolerance_share(const std::vector<HostDoubles>& base, const std::vector<HostDoubles>& echo,
                       const generators::Tolerance& tol);
// The gate detail's note for a share (empty above 1: the tolerance tells them apart);
// `echoed`: the buffers' names.
std::string sample_lint_note(double share, const std::string& echoed);

}  // namespace solver::gpu
