// The generator policy: which variant (or knob move) "rewrites" the incumbent for the fired
// hypothesis. Deterministic and documented in docs/generators.md:
//  1. children of the incumbent (parent == incumbent id) whose `applies` lists the
//     hypothesis, in file order, each at its default knob point;
//  2. else deeper descendants that apply it, breadth first (nearest generation first, file
//     order within one);
//  3. else a knob move of the incumbent: one knob tagged for the hypothesis (untagged knobs
//     answer tune_block_size) moved one allowed step, knobs in declaration order, up first;
//  4. never a key in `tried`, never a point that fails static validation on the chip;
//     otherwise "no variant" with the reason.
//  With `focus_launch` (the incumbent's dominant launch, signal dominant_launch), steps 1 and 2
//  pass over a variant that still launches that launch's kernel: it leaves the kernel that
//  dominates the time as it is, whatever hypothesis it answers elsewhere (docs/generators.md).
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "generators/problem_spec.h"
#include "rules/chips.h"

namespace solver::generators {

struct Incumbent {
  std::string variant;  // variant id
  KnobValues knobs;
};

enum class CandidateKind { Child, Descendant, KnobMove };
const char* to_string(CandidateKind k);

struct Candidate {
  CandidateKind kind = CandidateKind::Child;
  std::string variant;
  KnobValues knobs;
  std::string reason;  // "child 'tiled' applies add_smem_tiling", "TILE 16 -> 32"
  std::string key() const { return variant_key(variant, knobs); }
};

struct CandidateRequest {
  const ProblemSpec* spec = nullptr;
  Incumbent incumbent;
  std::string hypothesis;
  std::set<std::string> tried;               // variant keys already measured (any outcome)
  const rules::ChipProfile* chip = nullptr;  // if set, points invalid on it are skipped
  // Index into the incumbent's launches of the one that dominates its time; unset (or out of
  // range, or a single-launch incumbent) means no focus.
  std::optional<int> focus_launch = std::nullopt;
};

// The focus a profile's signals give: dominant_launch when the incumbent has several launches
// and its dominant one is not all of the time (weight < 1); else nullopt.
std::optional<int> focus_from_signals(const ProblemSpec& spec, const Incumbent& incumbent,
                                      std::optional<double> weight,
                                      std::optional<double> dominant_launch);

struct CandidateChoice {
  std::optional<Candidate> candidate;  // nullopt = "no variant"
  std::string why_none;                // set when there is none
};

CandidateChoice next_candidate(const CandidateRequest& request);

// The default knob point of `variant` given the incumbent: among the allowed (and, with a chip,
// valid) points, the one whose same-named knobs are closest to the incumbent's (sum of
// |log2(a/b)|); among those, the one whose first launch's threads per block are closest to the
// incumbent's (|log2|; only when `incumbent_variant` is given); ties to the first enumerated.
// So a rewrite keeps the incumbent's block size, whether or not the knob that sets it has the
// same name (a fixed 256-thread kernel moves to BLOCK=256, not to the first BLOCK listed).
// A knob the incumbent lacks is measured from its `default:` where it declares one.
std::optional<KnobValues> default_knob_point(const ProblemSpec& spec, const VariantSpec& variant,
                                             const KnobValues& incumbent_knobs,
                                             const rules::ChipProfile* chip = nullptr,
                                             const VariantSpec* incumbent_variant = nullptr);

// Hypotheses (in the vocabulary's order) for which next_candidate would find a candidate now:
// what the evolver may explore from this incumbent.
std::vector<std::string> applicable_hypotheses(const ProblemSpec& spec, const Incumbent& incumbent,
                                               const std::set<std::string>& tried = {},
                                               const rules::ChipProfile* chip = nullptr);

}  // namespace solver::generators
