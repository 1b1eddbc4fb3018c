#include "generators/candidate.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "generators/validate.h"
#include "generators/variant_space.h"
#include "rules/hypotheses.h"

namespace solver::generators {

namespace {

bool valid_on(const ProblemSpec& spec, const VariantSpec& v, const KnobValues& k,
              const rules::ChipProfile* chip) {
  return !chip || validate(spec, v, k, *chip).empty();
}

// Untagged knobs are block-size/tile knobs: they answer tune_block_size only.
bool knob_serves(const KnobSpec& k, const std::string& hypothesis) {
  if (k.applies.empty()) return hypothesis == "tune_block_size";
  return std::find(k.applies.begin(), k.applies.end(), hypothesis) != k.applies.end();
}

// Whether `v`, reached over one of its edges from `from` (the previous generation), answers
// `hypothesis`: `applies` may differ per parent edge.
bool applies(const VariantSpec& v, const std::vector<std::string>& from,
             const std::string& hypothesis) {
  for (const auto& p : v.parents) {
    if (std::find(from.begin(), from.end(), p) == from.end()) continue;
    const auto& a = v.applies_from(p);
    if (std::find(a.begin(), a.end(), hypothesis) != a.end()) return true;
  }
  return false;
}

// Knob values span powers of two, so closeness is measured in octaves; other values
// (zero, negative) fall back to plain distance.
double knob_distance(int64_t a, int64_t b) {
  if (a > 0 && b > 0) return std::abs(std::log2(static_cast<double>(a) / static_cast<double>(b)));
  return std::abs(static_cast<double>(a - b));
}

void note(std::string& why, const std::string& s) {
  if (!why.empty()) why += "; ";
  why += s;
}

// The entry of the incumbent's dominant launch, when the request focuses on one.
std::optional<std::string> focus_entry(const CandidateRequest& r, const VariantSpec& inc) {
  if (!r.focus_launch || inc.launches.size() < 2) return std::nullopt;
  const int i = *r.focus_launch;
  if (i < 0 || i >= static_cast<int>(inc.launches.size())) return std::nullopt;
  return inc.launches[size_t(i)].entry;
}

bool launches_entry(const VariantSpec& v, const std::string& entry) {
  return std::any_of(v.launches.begin(), v.launches.end(),
                     [&](const LaunchSpec& l) { return l.entry == entry; });
}

// Steps 1 and 2: the incumbent's descendants, generation by generation, file order within one.
std::optional<Candidate> descendant_for(const CandidateRequest& r, const VariantSpec& inc,
                                        std::string& why) {
  const ProblemSpec& spec = *r.spec;
  const std::optional<std::string> focus = focus_entry(r, inc);
  std::vector<std::string> frontier{inc.id}, seen{inc.id};
  for (int depth = 1; !frontier.empty(); ++depth) {
    std::vector<const VariantSpec*> generation;
    for (const auto& v : spec.variants)
      if (std::any_of(v.parents.begin(), v.parents.end(),
                      [&](const std::string& p) {
                        return std::find(frontier.begin(), frontier.end(), p) != frontier.end();
                      }) &&
          std::find(seen.begin(), seen.end(), v.id) == seen.end())
        generation.push_back(&v);
    const std::vector<std::string> from = frontier;
    frontier.clear();
    for (const VariantSpec* v : generation) {
      frontier.push_back(v->id);
      seen.push_back(v->id);
      if (!applies(*v, from, r.hypothesis)) continue;
      if (focus && launches_entry(*v, *focus)) {
        note(why, "'" + v->id + "' still launches " + *focus + ", the dominant kernel (launch " +
                      std::to_string(*r.focus_launch) + ")");
        continue;
      }
      auto point = default_knob_point(spec, *v, r.incumbent.knobs, r.chip, &inc);
      if (!point) {
        note(why, "'" + v->id + "' has no knob point valid" +
                      (r.chip ? " on " + r.chip->id : std::string()));
        continue;
      }
      std::string key = variant_key(v->id, *point);
      if (r.tried.count(key)) {
        note(why, "'" + key + "' already tried");
        continue;
      }
      Candidate c;
      c.kind = depth == 1 ? CandidateKind::Child : CandidateKind::Descendant;
      c.variant = v->id;
      c.knobs = *point;
      c.reason = depth == 1 ? "child '" + v->id + "' of '" + inc.id + "' applies " + r.hypothesis
                            : "descendant '" + v->id + "' (" + std::to_string(depth) +
                                  " generations below '" + inc.id + "') applies " + r.hypothesis;
      if (focus)
        c.reason += " and rewrites " + *focus + ", the dominant kernel (launch " +
                    std::to_string(*r.focus_launch) + ")";
      return c;
    }
  }
  return std::nullopt;
}

// Step 3: one tagged knob of the incumbent one allowed step, up before down. A step skips values
// the constraints (or the chip) exclude, but stops at a tried point: beyond it is not a
// neighbour any more.
std::optional<Candidate> knob_move_for(const CandidateRequest& r, const VariantSpec& inc,
                                       std::string& why) {
  bool any_knob = false;
  for (const auto& k : inc.knobs) {
    if (!knob_serves(k, r.hypothesis)) continue;
    any_knob = true;
    auto cur = r.incumbent.knobs.find(k.name);
    if (cur == r.incumbent.knobs.end()) continue;
    auto pos = std::find(k.values.begin(), k.values.end(), cur->second);
    if (pos == k.values.end()) continue;
    const long at = pos - k.values.begin();
    for (int dir : {+1, -1}) {
      for (long j = at + dir; j >= 0 && j < static_cast<long>(k.values.size()); j += dir) {
        KnobValues point = r.incumbent.knobs;
        point[k.name] = k.values[j];
        if (!knob_point_allowed(*r.spec, inc, point) || !valid_on(*r.spec, inc, point, r.chip))
          continue;
        std::string key = variant_key(inc.id, point);
        if (r.tried.count(key)) {
          note(why, "'" + key + "' already tried");
          break;
        }
        Candidate c;
        c.kind = CandidateKind::KnobMove;
        c.variant = inc.id;
        c.knobs = point;
        c.reason = "knob " + k.name + " " + std::to_string(cur->second) + " -> " +
                   std::to_string(k.values[j]) + " (" + r.hypothesis + ")";
        return c;
      }
    }
  }
  if (!any_knob) note(why, "no knob of '" + inc.id + "' answers " + r.hypothesis);
  return std::nullopt;
}

}  // namespace

const char* to_string(CandidateKind k) {
  switch (k) {
    case CandidateKind::Child:
      return "child";
    case CandidateKind::Descendant:
      return "descendant";
    case CandidateKind::KnobMove:
      return "knob_move";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}

std::optional<KnobValues> default_knob_point(const ProblemSpec& spec, const VariantSpec& variant,
                                             const KnobValues& incumbent_knobs,
                                             const rules::ChipProfile* chip,
                                             const VariantSpec* incumbent_variant) {
  // Threads per block of a variant's first launch at a knob point (0 if it does not resolve).
  auto threads = [&](const VariantSpec& v, const KnobValues& k) -> int64_t {
    ResolvedVariant rv = resolve_shapes(spec, v, k);
    if (!rv.ok() || rv.launches.empty()) return 0;
    return rv.launches.front().threads_per_block();
  };
  const int64_t inc_threads = incumbent_variant ? threads(*incumbent_variant, incumbent_knobs) : 0;
  // A knob the incumbent lacks aims at its declared default (the seed: all of them); one it
  // has is inherited, as close as the variant's values allow.
  KnobValues target = incumbent_knobs;
  for (const auto& k : variant.knobs)
    if (k.default_value && !target.count(k.name)) target[k.name] = *k.default_value;
  std::optional<KnobValues> best;
  double best_d = std::numeric_limits<double>::infinity();
  double best_t = std::numeric_limits<double>::infinity();
  for_each_knob_point(spec, variant, [&](const KnobValues& point) {
    if (!valid_on(spec, variant, point, chip)) return true;
    double d = 0;
    for (const auto& [name, value] : point)
      if (auto it = target.find(name); it != target.end()) d += knob_distance(value, it->second);
    double t = 0;
    if (inc_threads > 0) {
      int64_t own = threads(variant, point);
      t = own > 0 ? knob_distance(own, inc_threads) : std::numeric_limits<double>::max();
    }
    // Lexicographic (knob distance, block-size distance); strict, so ties keep the first
    // enumerated point.
    if (d < best_d || (d == best_d && t < best_t)) best_d = d, best_t = t, best = point;
    return true;
  });
  return best;
}

CandidateChoice next_candidate(const CandidateRequest& r) {
  CandidateChoice out;
  if (!r.spec) {
    out.why_none = "no problem given";
    return out;
  }
  const VariantSpec* inc = r.spec->find_variant(r.incumbent.variant);
  if (!inc) {
    out.why_none = "incumbent '" + r.incumbent.variant + "' is not a variant of " + r.spec->name;
    return out;
  }
  std::string why;
  out.candidate = descendant_for(r, *inc, why);
  if (!out.candidate) out.candidate = knob_move_for(r, *inc, why);
  if (!out.candidate) {
    out.why_none = "no untried variant of " + r.spec->name + " below '" + inc->id + "' applies " +
                   r.hypothesis + (why.empty() ? std::string() : " (" + why + ")");
  }
  return out;
}

std::optional<int> focus_from_signals(const ProblemSpec& spec, const Incumbent& incumbent,
                                      std::optional<double> weight,
                                      std::optional<double> dominant_launch) {
  const VariantSpec* v = spec.find_variant(incumbent.variant);
  if (!v || v->launches.size() < 2 || !weight || !dominant_launch || !(*weight < 1.0))
    return std::nullopt;
  const double i = *dominant_launch;
  if (!(i >= 0) || i >= static_cast<double>(v->launches.size()) || i != std::floor(i))
    return std::nullopt;
  return static_cast<int>(i);
}

std::vector<std::string> applicable_hypotheses(const ProblemSpec& spec, const Incumbent& incumbent,
                                               const std::set<std::string>& tried,
                                               const rules::ChipProfile* chip) {
  std::vector<std::string> out;
  for (const auto& h : rules::hypothesis_table()) {
    CandidateRequest r{&spec, incumbent, std::string(h.id), tried, chip};
    if (next_candidate(r).candidate) out.emplace_back(h.id);
  }
  return out;
}

}  // namespace solver::generators
