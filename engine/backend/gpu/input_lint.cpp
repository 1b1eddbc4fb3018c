#include "engine/backend/gpu/input_lint.h"

#include <limits>
#include <sstream>

namespace solver::gpu {

namespace {

double share_on(const SetShare& s, size_t k) {
  return k < s.outputs.size() ? s.outputs[k] : s.share;
}

}  // namespace

const SetShare* telling_set(const std::vector<SetShare>& all, size_t k) {
  for (const SetShare& s : all)
    if (!(share_on(s, k) <= 1)) return &s;
  return nullptr;
}

const SetShare* input_set(const InputShares& in, const std::string& set) {
  for (const SetShare& s : in.sets)
    if (s.set == set) return &s;
  return nullptr;
}

bool input_lint_pending(const InputShares& in, const std::vector<SetShare>& all, size_t k) {
  const SetShare* told = telling_set(all, k);
  return told && !input_set(in, told->set);
}

SampleLintVerdict input_lint_verdict(const std::vector<InputShares>& inputs,
                                     const std::vector<SetShare>& all,
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
  int blind = 0, fixed = 0;
  for (const InputShares& in : inputs) {
    // This input's outputs: blind (moved, by at most the tolerance on the set that told the
    // output apart with every input) and told (moved by more there).
    std::vector<size_t> blind_k;
    bool told_one = false;
    for (size_t k = 0; k < n_out; ++k) {
      const SetShare* told = telling_set(all, k);
      const SetShare* mine = told ? input_set(in, told->set) : nullptr;
      if (!mine) continue;  // the all-input verdict's business, or not taken
      const double alone = share_on(*mine, k);
      if (alone > 0 && alone <= 1)
        blind_k.push_back(k);
      else if (alone != 0)
        told_one = true;  // above 1, or NaN (a reference that is not finite: not blind)
    }
    if (blind_k.empty()) continue;
    std::ostringstream& s = told_one || in.dist_fixed ? excused : refusal;
    if (&s == &excused) {
      s << (fixed++ ? "; " : "") << in.input << (in.dist_fixed ? " (dist_fixed)" : "")
        << " alone moves ";
      for (size_t i = 0; i < blind_k.size(); ++i)
        s << (i ? ", " : "") << out_name(blind_k[i]) << " by "
          << share_on(*input_set(in, telling_set(all, blind_k[i])->set), blind_k[i]);
      s << (told_one ? " of the tolerance at most, but tells another output apart"
                     : " of the tolerance at most");
      continue;
    }
    for (size_t k : blind_k) {
      const SetShare* told = telling_set(all, k);
      const double alone = share_on(*input_set(in, told->set), k);
      refusal << (blind++ ? "; " : "") << in.input << "'s echo alone moves " << out_name(k)
              << " by " << alone << " of " << (outputs.size() > 1 ? "its" : "the")
              << " tolerance at most on " << told->set << ", which tells it apart by "
              << share_on(*told, k) << " with every input echoed";
      for (const SetShare& other : in.sets)
        if (other.set != told->set)
          refusal << " (" << other.set << " " << share_on(other, k) << ")";
      if (alone < lowest) lowest = alone, lowest_k = k, lowest_in = in.input;
    }
  }
  if (blind) {
    const generators::Tolerance& t = own(lowest_k);
    std::ostringstream s;
    s.precision(2);
    s << kSampleLintMarker << " of one input: " << refusal.str()
      << ". Each echoed input is judged on its own on the set that tells the output apart (every "
         "input echoed at once lets a loud input tell an output apart while another's echo stays "
         "inside the tolerance), so no verified run can refuse a kernel that reads half of "
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
  if (fixed)
    v.note = "each echoed input alone: " + excused.str() +
             " (not refused: a 1-in-2 sample of such an input errs beyond the tolerance on another "
             "output it moves, or its law is part of the problem, dist_fixed)";
  return v;
}

}  // namespace solver::gpu
