#include "engine/backend/gpu/input_lint.h"

#include <limits>
#include <sstream>

namespace solver::gpu {

namespace {

double share_on(const SetShare& s, size_t k) {
  return k < s.outputs.size() ? s.outputs[k] : s.share;
}

// Input `in`'s largest share of output k over its sets, and the set it was on.
double top_share(const InputShares& in, size_t k, size_t* best = nullptr) {
  double top = 0;
  size_t at = 0;
  for (size_t i = 0; i < in.sets.size(); ++i)
    if (!(share_on(in.sets[i], k) <= top)) top = share_on(in.sets[i], k), at = i;
  if (best) *best = at;
  return top;
}

}  // namespace

bool input_lint_pending(const InputShares& in, size_t k) {
  for (const SetShare& s : in.sets)
    if (!(share_on(s, k) <= 1)) return false;
  return true;
}

SampleLintVerdict input_lint_verdict(const std::vector<InputShares>& inputs,
                                     const generators::Tolerance& tol,
                                     const std::vector<std::string>& outputs,
                                     const std::vector<generators::Tolerance>& output_tols) {
  SampleLintVerdict v;
  const size_t n_out = std::max<size_t>(outputs.size(), 1);
  auto own = [&](size_t k) -> const generators::Tolerance& {
    return k < output_tols.size() ? output_tols[k] : tol;
  };
  auto out_name = [&](size_t k) {
    return outputs.empty() ? std::string("the output") : outputs[k];
  };
  std::ostringstream refusal, excused;
  refusal.precision(2);
  excused.precision(2);
  double lowest = std::numeric_limits<double>::infinity();
  size_t lowest_k = 0;
  std::string lowest_in;
  int blind = 0;
  for (const InputShares& in : inputs) {
    if (in.sets.empty()) continue;
    for (size_t k = 0; k < n_out; ++k) {
      size_t best = 0;
      const double top = top_share(in, k, &best);
      if (!(top > 0 && top <= 1)) continue;  // told apart, or independent of this input
      std::ostringstream& s = in.dist_fixed ? excused : refusal;
      if (in.dist_fixed) {
        s << (excused.tellp() > 0 ? "; " : "") << in.input << " (dist_fixed) alone moves "
          << out_name(k) << " by " << top << " of its tolerance at most";
        continue;
      }
      s << (blind++ ? "; " : "") << in.input << "'s echo alone moves " << out_name(k) << " by "
        << top << " of " << (outputs.size() > 1 ? "its" : "the") << " tolerance at most (";
      for (size_t i = 0; i < in.sets.size(); ++i)
        s << (i ? " / " : "") << in.sets[i].set << " " << share_on(in.sets[i], k);
      s << ")";
      if (top < lowest) lowest = top, lowest_k = k, lowest_in = in.input;
    }
  }
  if (blind) {
    const generators::Tolerance& t = own(lowest_k);
    std::ostringstream s;
    s.precision(2);
    s << kSampleLintMarker << " of one input on every set the gate verifies on: " << refusal.str()
      << ". Each echoed input is judged on its own (every input echoed at once lets a loud "
         "input tell an output apart while another's echo stays inside the tolerance), so no "
         "verified run can refuse a kernel that reads half of "
      << lowest_in << " for " << out_name(lowest_k)
      << " and rescales. The problem's spec must change: tighten rtol and atol to under " << lowest
      << " times the declared (rtol " << t.rtol << ", atol " << t.atol
      << ": e.g. rtol <= " << lowest * t.rtol / 2 << ", atol <= " << lowest * t.atol / 2 << ")";
    if (outputs.size() > 1)
      s << " for " << out_name(lowest_k) << " in a `tolerance:` of its own under buffers";
    s << ", or mark " << lowest_in
      << " `dist_fixed: true` where its law is part of the problem (a narrowed check the "
         "ledger states: its 1-in-2 sample is then not refused)";
    v.refusal = s.str();
    return v;
  }
  if (excused.tellp() > 0)
    v.note = "each echoed input alone: " + excused.str() +
             ": a 1-in-2 sample of a dist_fixed input is not refused (narrowed)";
  return v;
}

}  // namespace solver::gpu
