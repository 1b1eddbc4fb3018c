#include "engine/backend/gpu/input_lint.h"

#include <limits>
#include <sstream>
#include <utility>

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
                                     const std::vector<generators::Tolerance>& output_tols,
                                     const std::vector<BlindDeclared>& declared) {
  SampleLintVerdict v;
  const size_t n_out = std::max<size_t>(outputs.size(), 1);
  auto own = [&](size_t k) -> const generators::Tolerance& {
    return k < output_tols.size() ? output_tols[k] : tol;
  };
  auto out_name = [&](size_t k) {
    return outputs.empty() ? std::string("the output") : outputs[k];
  };
  auto declaration = [&](const std::string& in, size_t k) -> const BlindDeclared* {
    for (const BlindDeclared& d : declared)
      if (d.input == in && (outputs.empty() || d.output == outputs[k])) return &d;
    return nullptr;
  };
  std::ostringstream refusal, excused, wrong;
  refusal.precision(2);
  excused.precision(2);
  wrong.precision(2);
  double lowest = std::numeric_limits<double>::infinity();
  size_t lowest_k = 0;
  std::string lowest_in;
  bool lowest_structured = false;
  int blind = 0, fixed = 0, bad = 0;
  std::vector<std::pair<std::string, size_t>> pairs;  // every blind pair refused
  for (const InputShares& in : inputs) {
    // The outputs this input tells apart alone on their telling sets (named in a refusal: they
    // bound a sampler of its reads, not of its compute on a blind output).
    std::string told;
    for (size_t k = 0; k < n_out; ++k) {
      const SetShare* t = telling_set(all, k);
      const SetShare* mine = t ? input_set(in, t->set) : nullptr;
      if (mine && !(share_on(*mine, k) <= 1)) told += (told.empty() ? "" : ", ") + out_name(k);
    }
    for (size_t k = 0; k < n_out; ++k) {
      const SetShare* t = telling_set(all, k);
      const SetShare* mine = t ? input_set(in, t->set) : nullptr;
      if (!mine) continue;  // the all-input verdict's business, or not taken
      const double alone = share_on(*mine, k);
      const bool is_blind = alone > 0 && alone <= 1;
      const BlindDeclared* d = in.dist_fixed ? nullptr : declaration(in.input, k);
      if (d && !is_blind) {
        // The declaration says the tolerance cannot see this input; the measurement says it can
        // (above 1, NaN included) or that the input does not move the output at all.
        wrong << (bad++ ? "; " : "") << d->where << ": " << out_name(k) << " declares blind_to "
              << in.input << ", but " << in.input << "'s echo alone "
              << (alone == 0 ? "moves " + out_name(k) + " by nothing"
                             : "tells " + out_name(k) + " apart")
              << " on " << t->set << " (share " << alone << " of its tolerance";
        if (alone != 0) wrong << ", above 1: its tolerance sees " << in.input;
        wrong << "): remove " << in.input << " from " << out_name(k) << "'s blind_to";
        continue;
      }
      if (!is_blind) continue;
      if (in.dist_fixed || d) {
        excused << (fixed++ ? ", " : "") << in.input << " alone moves " << out_name(k) << " by "
                << alone << " of " << (outputs.size() > 1 ? "its" : "the")
                << " tolerance at most on " << t->set
                << (in.dist_fixed ? " (dist_fixed)" : " (declared blind_to at " + d->where + ")");
        continue;
      }
      refusal << (blind++ ? "; " : "") << in.input << "'s echo alone moves " << out_name(k)
              << " by " << alone << " of " << (outputs.size() > 1 ? "its" : "the")
              << " tolerance at most on " << t->set << ", which tells it apart by "
              << share_on(*t, k) << " with every input echoed";
      for (const SetShare& other : in.sets)
        if (other.set != t->set) refusal << " (" << other.set << " " << share_on(other, k) << ")";
      if (!told.empty())
        refusal << " (" << in.input << " alone tells " << told
                << " apart: that bounds a sampler of its reads, not of the work on " << out_name(k)
                << ")";
      pairs.emplace_back(in.input, k);
      if (alone < lowest)
        lowest = alone, lowest_k = k, lowest_in = in.input, lowest_structured = in.structured;
    }
  }
  if (bad) {
    v.refusal =
        std::string(kSampleLintMarker) +
        " of one input is what blind_to declares, and a declaration does not hold: " + wrong.str() +
        " (a declaration narrows the check for that input and output, so it must be true)";
    return v;
  }
  if (blind) {
    const generators::Tolerance& t = own(lowest_k);
    std::ostringstream s;
    s.precision(2);
    s << kSampleLintMarker << " of one input for an output: " << refusal.str()
      << ". Each echoed input is judged on its own for each output it moves, on the set that tells "
         "that output apart (every input echoed at once lets a loud input tell an output apart "
         "while another's echo stays inside the tolerance), so no verified run can refuse a "
         "kernel that samples "
      << lowest_in << "'s part of the work on " << out_name(lowest_k)
      << " and rescales. The problem's spec must change: tighten rtol and atol to under " << lowest
      << " times the declared (rtol " << t.rtol << ", atol " << t.atol
      << ": e.g. rtol <= " << lowest * t.rtol / 2 << ", atol <= " << lowest * t.atol / 2 << ")";
    if (outputs.size() > 1)
      s << " for " << out_name(lowest_k) << " in a `tolerance:` of its own under buffers";
    s << "; or, where the output's tolerance honestly cannot see the input, declare it on the "
         "output: ";
    for (size_t i = 0; i < pairs.size(); ++i)
      s << (i ? ", " : "") << "`blind_to: [" << pairs[i].first << "]` on "
        << out_name(pairs[i].second);
    s << " (a narrowed check the gate, the ledger and the report state)";
    if (!lowest_structured)
      s << "; or mark " << lowest_in
        << " `dist_fixed: true` where its law is part of the problem (the same, for every output)";
    v.refusal = s.str();
    return v;
  }
  if (fixed)
    v.note = "each echoed input alone: " + excused.str() +
             " (not refused: the author declared the output blind to that input, or its law is "
             "part of the problem, dist_fixed)";
  return v;
}

}  // namespace solver::gpu
