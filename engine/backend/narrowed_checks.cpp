#include "engine/backend/narrowed_checks.h"

namespace solver::engine {

std::vector<std::string> narrowed_checks(const generators::ProblemSpec& spec,
                                         const GateResult& gate) {
  std::vector<std::string> out;
  std::string fixed;
  for (const auto& b : spec.buffers)
    if (b.dist_fixed && b.role != generators::BufferRole::Out &&
        b.role != generators::BufferRole::Scratch)
      fixed += (fixed.empty() ? "" : ", ") + b.name;
  if (!fixed.empty())
    out.push_back(
        "dist_fixed inputs kept off the adversarial sets (timed runs still redraw them inside "
        "their declared law, docs/reliability.md P6a; a constant never changes): " +
        fixed);
  // Outputs the author declared blind to an input (problem.yaml `blind_to:`, input_lint.h): the
  // tolerance lint does not refuse the spec for that pair, so the check cannot refuse a kernel
  // that samples that input's part of that output's work.
  std::string blind;
  for (const auto& b : spec.buffers)
    for (const auto& d : b.blind_to)
      blind += (blind.empty() ? "" : ", ") + b.name + " to " + d.input;
  if (!blind.empty())
    out.push_back(
        "outputs declared blind to an input (blind_to: the tolerance lint does not judge that "
        "input's echo on that output, docs/reliability.md P6i): " +
        blind);
  // A floor lowered by the variant's own FLOP count (floor_rate.h floor_flops): the author of
  // the variant, not the problem, vouched for the work the too-fast check holds it to.
  if (gate.detail.find("the variant's algorithm_flops") != std::string::npos) {
    const auto at = gate.detail.find("floor ");
    const auto end = gate.detail.find("; ", at);
    if (at != std::string::npos)
      out.push_back("physical floor from the variant's own algorithm_flops, not the problem's: " +
                    gate.detail.substr(at, end == std::string::npos ? end : end - at));
  }
  // The worker's words (gate_op.cpp), up to the next "; ".
  for (const char* marker :
       {"adversarial sets: none apply", "adversarial sets: not applicable",
        "exponent range up skipped", "timed perturbation: one element a run",
        "tolerance admits a 1-in-2 sample", "tolerance lint: no 1-in-2 echo of",
        "measured class bound: off", "measured class bound: limited",
        "verified runs drawn from the declared law", "skip left open",
        // P4 measured in memory (gpu/scratch_resolution.h): a discrete problem's scratch
        "scratch resolution: not judged", "scratch resolution: not measured",
        // a verdict the worker did not compute (gpu/lint_cache.h)
        "tolerance lint: cached verdict"}) {
    const auto at = gate.detail.find(marker);
    if (at == std::string::npos) continue;
    const auto end = gate.detail.find("; ", at);
    out.push_back(gate.detail.substr(at, end == std::string::npos ? end : end - at));
  }
  return out;
}

std::string fold_rescued_note(int n) {
  if (n <= 0) return {};
  return std::to_string(n) + " verified run(s) of the timed pairs passed only within their " +
         "tolerance plus P6p's conditioning allowance (the reference on their inputs folded " +
         "about the law's centre), not the plain tolerance";
}

}  // namespace solver::engine
