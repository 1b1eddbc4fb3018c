#include "engine/loop/pool_search.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <tuple>

#include "engine/loop/knob_model.h"

#include "generators/validate.h"
#include "generators/variant_space.h"

namespace solver::engine {

using generators::Candidate;
using generators::CandidateKind;
using generators::KnobSpec;
using generators::KnobValues;
using generators::VariantSpec;

bool in_pool(const SearchRequest& r, const VariantSpec& v) {
  if (r.chip && !generators::missing_capabilities(v, *r.chip).empty()) return false;
  return r.same_class.empty() || v.precision == r.same_class;
}

bool measurable(const SearchRequest& r, const VariantSpec& v, const KnobValues& k) {
  if (r.tried->count(generators::variant_key(v.id, k))) return false;
  if (!generators::knob_point_allowed(*r.spec, v, k)) return false;
  return !r.chip || generators::validate(*r.spec, v, k, *r.chip).empty();
}

namespace {

bool tags(const KnobSpec& k, const std::string& hypothesis) {
  if (hypothesis.empty()) return false;
  if (k.applies.empty()) return hypothesis == "tune_block_size";
  return std::find(k.applies.begin(), k.applies.end(), hypothesis) != k.applies.end();
}

std::string knob_hypothesis(const KnobSpec& k) {
  return k.applies.empty() ? "tune_block_size" : k.applies.front();
}

double octaves(int64_t a, int64_t b) {
  if (a > 0 && b > 0) return std::abs(std::log2(double(a) / double(b)));
  return std::abs(double(a - b));
}

// The model of the knobs: was moving `knob` from `from` to `to` measured slower between two
// timed points of `variant` that differ in nothing else? (A kept move makes its reverse one.)
bool timed_slower(const SearchRequest& r, const std::string& variant, const std::string& knob,
                  int64_t from, int64_t to) {
  if (!r.timed_us) return false;
  for (const auto& [key, t] : *r.timed_us) {
    auto [id, knobs] = generators::parse_variant_key(key);
    auto at = knobs.find(knob);
    if (id != variant || at == knobs.end() || at->second != from) continue;
    knobs[knob] = to;
    auto other = r.timed_us->find(generators::variant_key(variant, knobs));
    if (other != r.timed_us->end() && other->second > 0.99 * t) return true;
  }
  return false;
}

// Pattern search's expansion along one knob: from the incumbent in direction `dir`, every
// point tried so far (the rest of the knobs as the incumbent's) was timed faster than the one
// before it, starting from the incumbent, yet none was kept (a gain under the keep rule's
// minimum, or a tie): the next value that way. On a flat stretch of a knob each one-value step
// gains less than the paired timing resolves, while the trend runs on (layernorm_768's warp_rows:
// WPR 1 -> 2 0.4% faster, not kept; WPR 4 4% faster); a one-knob climb from the incumbent
// never reaches two values away. Needs at least one step tried that way (the neighbour).
std::optional<KnobValues> expansion(const SearchRequest& r, const VariantSpec& v, const KnobSpec& k,
                                    int dir) {
  if (!r.timed_us) return std::nullopt;
  auto here = r.timed_us->find(generators::variant_key(v.id, r.incumbent.knobs));
  if (here == r.timed_us->end() || here->second <= 0) return std::nullopt;
  auto pos = std::find(k.values.begin(), k.values.end(), r.incumbent.knobs.at(k.name));
  double prev = here->second;
  KnobValues point = r.incumbent.knobs;
  bool faster = false;
  for (long at = long(pos - k.values.begin()) + dir; at >= 0 && at < long(k.values.size());
       at += dir) {
    point[k.name] = k.values[size_t(at)];
    auto t = r.timed_us->find(generators::variant_key(v.id, point));
    if (t != r.timed_us->end()) {
      if (t->second <= 0 || t->second >= prev) return std::nullopt;
      prev = t->second, faster = true;
      continue;
    }
    if (r.tried->count(generators::variant_key(v.id, point))) return std::nullopt;  // failed
    if (!generators::knob_point_allowed(*r.spec, v, point) ||
        (r.chip && !generators::validate(*r.spec, v, point, *r.chip).empty()))
      continue;                        // refused here: the trend may go on past it
    if (!faster) return std::nullopt;  // nothing timed that way yet: an ordinary one-knob move
    return point;
  }
  return std::nullopt;
}

// The knob model (knob_model.h) expects moving `knob` from `from` to `to` to cost more than
// 1%: the value it moves to (or the nearest measured one past it) was measured slower.
bool model_slower(const KnobModel& m, const std::string& knob, int64_t from, int64_t to) {
  if (!m.measured(knob, from)) return false;
  auto a = m.effect(knob, from), b = m.effect(knob, to);
  return a && b && *b - *a > std::log(1.01);
}

// The model's jump: the untried point of the incumbent's variant, every knob value of it
// measured somewhere, that the model predicts fastest, when that is more than 2% faster than
// its prediction for the incumbent (both from the same fit: its bias cancels). Values each
// timed faster at different points, combined: what a one-knob climb reaches a move at a time.
std::optional<SearchStep> model_jump(const SearchRequest& r, const VariantSpec& v,
                                     const KnobModel& model) {
  auto here = model.predict(r.incumbent.knobs);
  if (model.points() < 2 || !here) return std::nullopt;
  std::optional<KnobValues> best;
  double best_p = *here - std::log(1.02);
  int best_moved = 0;
  generators::for_each_knob_point(*r.spec, v, [&](const KnobValues& k) {
    if (!model.all_measured(k)) return true;
    auto p = model.predict(k);
    int moved = 0;
    for (const auto& [name, value] : k)
      moved += r.incumbent.knobs.count(name) && r.incumbent.knobs.at(name) != value;
    if (!p || *p > best_p || (*p == best_p && best && moved >= best_moved)) return true;
    if (!measurable(r, v, k)) return true;
    best = k, best_p = *p, best_moved = moved;
    return true;
  });
  if (!best) return std::nullopt;
  std::string moved, hypothesis;
  for (const auto& k : v.knobs) {
    auto from = r.incumbent.knobs.find(k.name);
    if (from != r.incumbent.knobs.end() && from->second == best->at(k.name)) continue;
    moved += (moved.empty() ? "" : ", ") + k.name + " -> " + std::to_string(best->at(k.name));
    if (hypothesis.empty() || (tags(k, r.hypothesis) && hypothesis != r.hypothesis))
      hypothesis = tags(k, r.hypothesis) ? r.hypothesis : knob_hypothesis(k);
  }
  Candidate c;
  c.kind = CandidateKind::KnobMove;
  c.variant = v.id;
  c.knobs = *best;
  char pct[16];
  std::snprintf(pct, sizeof pct, "%.1f", 100 * (1 - std::exp(best_p - *here)));
  c.reason = "knob model: " + moved + ", predicted " + pct + "% faster than the incumbent (" +
             std::to_string(model.points()) + " measured points of '" + v.id + "')";
  return SearchStep{c, hypothesis};
}

// The knob search centred on `r.incumbent` (knob_search below may centre it on a lead).
std::optional<SearchStep> climb(const SearchRequest& r) {
  const VariantSpec* v = r.spec ? r.spec->find_variant(r.incumbent.variant) : nullptr;
  if (!v || v->knobs.empty() || !in_pool(r, *v)) return std::nullopt;
  static const std::map<std::string, double> none;
  const KnobModel model(*v, r.timed_us ? *r.timed_us : none);
  if (auto jump = model_jump(r, *v, model)) return jump;
  struct Move {
    int tier;  // 0: the hypothesis tags the knob; 1: another knob; +2: timed slower before
    std::size_t knob;
    double distance;
    int down;  // 0 up, 1 down (a coupled step: how many of its two knobs go down)
    KnobValues point;
    std::string reason, hypothesis;
    int coupled = 0;       // 1: two knobs one step each (after every one-knob step)
    bool expands = false;  // the next value along a direction timed faster (first)
  };
  std::vector<Move> moves;
  for (std::size_t i = 0; i < v->knobs.size(); ++i) {
    const KnobSpec& k = v->knobs[i];
    auto cur = r.incumbent.knobs.find(k.name);
    if (cur == r.incumbent.knobs.end()) continue;
    auto pos = std::find(k.values.begin(), k.values.end(), cur->second);
    if (pos == k.values.end()) continue;
    for (int dir : {+1, -1})
      if (auto point = expansion(r, *v, k, dir)) {
        std::string reason = "knob search: " + k.name + " " + std::to_string(cur->second) + " -> " +
                             std::to_string(point->at(k.name)) +
                             " (expansion: every step so far that way was timed faster)";
        moves.push_back({tags(k, r.hypothesis) ? 0 : 1, i, 0, dir < 0, *point, reason,
                         tags(k, r.hypothesis) ? r.hypothesis : knob_hypothesis(k), 0, true});
      }
    for (std::size_t j = 0; j < k.values.size(); ++j) {
      if (k.values[j] == cur->second) continue;
      KnobValues point = r.incumbent.knobs;
      point[k.name] = k.values[j];
      if (!measurable(r, *v, point)) continue;
      const bool slower = timed_slower(r, v->id, k.name, cur->second, k.values[j]) ||
                          model_slower(model, k.name, cur->second, k.values[j]);
      int tier = (tags(k, r.hypothesis) ? 0 : 1) + (slower ? 2 : 0);
      int down = j < std::size_t(pos - k.values.begin()) ? 1 : 0;
      std::string reason = "knob search: " + k.name + " " + std::to_string(cur->second) + " -> " +
                           std::to_string(k.values[j]) +
                           (tier % 2 == 0 ? " (" + r.hypothesis + " tags it)" : "") +
                           (slower ? " (timed or modelled slower: tried last)" : "");
      moves.push_back({tier, i, octaves(cur->second, k.values[j]), down, point, reason,
                       tags(k, r.hypothesis) ? r.hypothesis : knob_hypothesis(k)});
    }
  }
  // Coupled steps: two knobs, one value step each, once each of the two one-knob steps it is
  // made of has been tried (or cannot be measured) and neither replaced the incumbent; tried
  // after every one-knob step, before the track leaves the variant (pool_sweep). Knobs
  // that act together (a register tile's two sides) have optima no one-knob step reaches: each
  // side alone is slower, both together faster (triangle_contraction's regtile, 4x4 -> 8x8).
  auto step_of = [&](const KnobSpec& k, int dir) -> std::optional<int64_t> {
    auto pos = std::find(k.values.begin(), k.values.end(), r.incumbent.knobs.at(k.name));
    long at = long(pos - k.values.begin()) + dir;
    if (at < 0 || at >= long(k.values.size())) return std::nullopt;
    return k.values[size_t(at)];
  };
  auto settled = [&](const KnobValues& point) {  // tried, or never measurable
    return r.tried->count(generators::variant_key(v->id, point)) ||
           !generators::knob_point_allowed(*r.spec, *v, point) ||
           (r.chip && !generators::validate(*r.spec, *v, point, *r.chip).empty());
  };
  for (std::size_t i = 0; i < v->knobs.size(); ++i) {
    const KnobSpec& ki = v->knobs[i];
    auto ci = r.incumbent.knobs.find(ki.name);
    if (ci == r.incumbent.knobs.end() ||
        std::find(ki.values.begin(), ki.values.end(), ci->second) == ki.values.end())
      continue;
    for (std::size_t j = i + 1; j < v->knobs.size(); ++j) {
      const KnobSpec& kj = v->knobs[j];
      auto cj = r.incumbent.knobs.find(kj.name);
      if (cj == r.incumbent.knobs.end() ||
          std::find(kj.values.begin(), kj.values.end(), cj->second) == kj.values.end())
        continue;
      for (int di : {+1, -1})
        for (int dj : {+1, -1}) {
          auto vi = step_of(ki, di), vj = step_of(kj, dj);
          if (!vi || !vj) continue;
          KnobValues alone_i = r.incumbent.knobs, alone_j = r.incumbent.knobs;
          alone_i[ki.name] = *vi;
          alone_j[kj.name] = *vj;
          // A part the measurements say loses (timed or modelled slower) is as good as tried.
          const bool lost_i = timed_slower(r, v->id, ki.name, ci->second, *vi) ||
                              model_slower(model, ki.name, ci->second, *vi);
          const bool lost_j = timed_slower(r, v->id, kj.name, cj->second, *vj) ||
                              model_slower(model, kj.name, cj->second, *vj);
          if (!(settled(alone_i) || lost_i) || !(settled(alone_j) || lost_j)) continue;
          KnobValues point = r.incumbent.knobs;
          point[ki.name] = *vi;
          point[kj.name] = *vj;
          if (!measurable(r, *v, point)) continue;
          const bool tagged = tags(ki, r.hypothesis) || tags(kj, r.hypothesis);
          // A coupled step exists because its parts lose alone, so their losses do not make it
          // slower; the model's prediction for the pair does, unless a part brings a value
          // that was never measured and cannot be measured alone (the constraints refuse it):
          // new ground, where the model knows nothing.
          auto refused = [&](const KnobValues& p) {
            return settled(p) && !r.tried->count(generators::variant_key(v->id, p));
          };
          const bool new_ground = (!model.measured(ki.name, *vi) && refused(alone_i)) ||
                                  (!model.measured(kj.name, *vj) && refused(alone_j));
          auto here = model.predict(r.incumbent.knobs), there = model.predict(point);
          const bool slower = !new_ground && here && there && *there - *here > std::log(1.01);
          std::string reason = "knob search: " + ki.name + " " + std::to_string(ci->second) +
                               " -> " + std::to_string(*vi) + " with " + kj.name + " " +
                               std::to_string(cj->second) + " -> " + std::to_string(*vj) +
                               " (coupled: each alone was tried, refused or predicted slower)";
          moves.push_back({(tagged ? 0 : 1) + (slower ? 2 : 0), i,
                           std::max(octaves(ci->second, *vi), octaves(cj->second, *vj)),
                           (di < 0) + (dj < 0), point, reason,
                           tagged ? r.hypothesis : knob_hypothesis(ki), 1});
        }
    }
  }
  if (moves.empty()) return std::nullopt;
  auto best = std::min_element(moves.begin(), moves.end(), [](const Move& a, const Move& b) {
    // A move timed or modelled slower after every other (it is what the measurements say
    // loses); then every one-knob step before the coupled ones.
    if ((a.tier >= 2) != (b.tier >= 2)) return a.tier < 2;
    if (a.expands != b.expands) return a.expands;
    if (a.coupled != b.coupled) return a.coupled < b.coupled;
    if (a.tier != b.tier) return a.tier < b.tier;
    if (a.distance != b.distance) return a.distance < b.distance;
    if (a.knob != b.knob) return a.knob < b.knob;
    return a.down < b.down;
  });
  Candidate c;
  c.kind = CandidateKind::KnobMove;
  c.variant = v->id;
  c.knobs = best->point;
  c.reason = best->reason;
  // A coupled step is never "losing": it exists because its parts lose alone, and the additive
  // model's prediction for the pair is only the sum of those losses (no evidence on the pair).
  return SearchStep{c, best->hypothesis, best->tier >= 2 && !best->coupled};
}

// The lead of the incumbent's variant with the largest paired ratio (TrackState::leads), if any.
std::optional<std::pair<generators::Incumbent, double>> best_lead(const SearchRequest& r) {
  std::optional<std::pair<generators::Incumbent, double>> best;
  if (!r.leads) return best;
  for (const auto& [key, ratio] : *r.leads) {
    auto [id, knobs] = generators::parse_variant_key(key);
    if (id != r.incumbent.variant || !(ratio > 1)) continue;
    if (!best || ratio > best->second) best = {generators::Incumbent{id, knobs}, ratio};
  }
  return best;
}
}  // namespace

std::optional<SearchStep> knob_search(const SearchRequest& r) {
  // Pattern search's centre is the best point measured, not the best point kept: a lead (a
  // point the paired timing resolved faster than the incumbent, by less than the keep rule's
  // minimum gain, or in a large search a tie with the paired median in its favour: knob_screen.h,
  // tie_lead) is where the climb continues. Its moves the measurements say lose give way to
  // the incumbent's own moves that nothing speaks against.
  std::optional<SearchStep> own = climb(r);
  auto lead = best_lead(r);
  if (!lead) return own;
  SearchRequest from = r;
  from.incumbent = lead->first;
  std::optional<SearchStep> step = climb(from);
  if (!step || (step->losing && own && !own->losing)) return own;
  char ratio[16];
  std::snprintf(ratio, sizeof ratio, "%.4f", lead->second);
  step->candidate.reason = step->candidate.reason + " (from the lead " +
                           generators::variant_key(lead->first.variant, lead->first.knobs) +
                           ": paired ratio " + ratio +
                           " against the incumbent, faster by the paired median but not kept)";
  return step;
}

namespace {
// Whether `k` moves one knob of `anchor` by one value, the way the trend runs: the point one
// value the other way was timed slower than the anchor (the expansion of the sweep: from the
// fastest timed point of a variant, keep going the way that got there).
bool continues_trend(const SearchRequest& r, const VariantSpec& v, const KnobValues& anchor,
                     double anchor_us, const KnobValues& k) {
  if (!r.timed_us) return false;
  const KnobSpec* moved = nullptr;
  for (const auto& ks : v.knobs) {
    auto a = anchor.find(ks.name), b = k.find(ks.name);
    if (a == anchor.end() || b == k.end() || a->second == b->second) continue;
    if (moved) return false;  // two knobs moved
    moved = &ks;
  }
  if (!moved) return false;
  const auto& vals = moved->values;
  long pa = long(std::find(vals.begin(), vals.end(), anchor.at(moved->name)) - vals.begin());
  long pk = long(std::find(vals.begin(), vals.end(), k.at(moved->name)) - vals.begin());
  long back = pa - (pk - pa);
  if (std::abs(pk - pa) != 1 || pa >= long(vals.size()) || back < 0 || back >= long(vals.size()))
    return false;
  KnobValues behind = anchor;
  behind[moved->name] = vals[size_t(back)];
  auto t = r.timed_us->find(generators::variant_key(v.id, behind));
  return t != r.timed_us->end() && t->second > anchor_us;
}
}  // namespace

namespace {
// The sweep's pick beyond the incumbent's knob neighbours, and its band (0: predicted faster,
// 1: nothing against it, 2: predicted slower; the first loop's points count as 1).
std::optional<std::pair<SearchStep, int>> sweep_rest(const SearchRequest& r) {
  const VariantSpec* inc = r.spec->find_variant(r.incumbent.variant);
  auto hypothesis_of = [&](const VariantSpec& v) -> std::string {
    for (const auto& p : v.parents)
      if (!v.applies_from(p).empty()) return v.applies_from(p).front();
    return v.applies.empty() ? "" : v.applies.front();
  };
  // Other variants at the point a rewrite of the incumbent would start from.
  for (const auto& v : r.spec->variants) {
    if (!in_pool(r, v) || (inc && v.id == inc->id)) continue;
    auto point = generators::default_knob_point(*r.spec, v, r.incumbent.knobs, r.chip, inc);
    if (!point || !measurable(r, v, *point)) continue;
    Candidate c;
    c.kind = CandidateKind::Descendant;
    c.variant = v.id;
    c.knobs = *point;
    c.reason = "pool sweep: variant '" + v.id + "' at its point nearest the incumbent";
    return std::make_pair(SearchStep{c, hypothesis_of(v)}, 1);
  }
  // Whatever is left, ordered by the knob model of its variant (knob_model.h) and then by
  // the distance (knob octaves) to the fastest timed point of the variant (the incumbent's
  // knobs for a variant not timed yet): first the points predicted more than 2% faster than
  // that point (fastest prediction first), then the points the model has nothing against
  // (nearest first: the climb resumes where the variant was best), last the points predicted
  // more than 1% slower. Equally near: the point continuing the way the variant got faster to
  // its fastest point first (continues_trend); then file order, then enumeration order.
  static const std::map<std::string, double> none;
  std::optional<SearchStep> best;
  std::tuple<int, double, double, int, double> best_key{3, 0, 0, 0, 0};
  for (const auto& v : r.spec->variants) {
    if (!in_pool(r, v)) continue;
    KnobValues anchor = r.incumbent.knobs;
    double anchor_us = std::numeric_limits<double>::infinity();
    if (r.timed_us)
      for (const auto& [key, t] : *r.timed_us) {
        auto [id, knobs] = generators::parse_variant_key(key);
        if (id == v.id && t > 0 && t < anchor_us) anchor_us = t, anchor = knobs;
      }
    const KnobModel model(v, r.timed_us ? *r.timed_us : none);
    const auto at_anchor = model.predict(anchor);
    // How much of the variant the track has measured: its timed points over those and its
    // untried ones. Equally near and on no trend, the family the track knows least is swept
    // first (one losing first point does not rule out a family most of which is untried).
    double timed = 0, untried = 0;
    if (r.timed_us)
      for (const auto& [key, t] : *r.timed_us)
        timed += t > 0 && generators::parse_variant_key(key).first == v.id;
    generators::for_each_knob_point(*r.spec, v, [&](const KnobValues& k) {
      untried += measurable(r, v, k);
      return true;
    });
    const double explored = timed + untried > 0 ? timed / (timed + untried) : 1;
    generators::for_each_knob_point(*r.spec, v, [&](const KnobValues& k) {
      if (!measurable(r, v, k)) return true;
      double d = 0;
      for (const auto& [name, value] : k)
        if (auto it = anchor.find(name); it != anchor.end()) d += octaves(value, it->second);
      auto p = at_anchor ? model.predict(k) : std::nullopt;
      int band = 1;
      double pred = 0;
      if (p && model.all_measured(k) && *p < *at_anchor - std::log(1.02)) band = 0, pred = *p;
      if (p && *p > *at_anchor + std::log(1.01)) band = 2, pred = *p;
      // Equally near: the point that continues the way the variant got faster first.
      const int against = continues_trend(r, v, anchor, anchor_us, k) ? 0 : 1;
      std::tuple<int, double, double, int, double> key{band, pred, d, against, explored};
      if (key < best_key) {
        best_key = key;
        Candidate c;
        c.kind = v.id == r.incumbent.variant ? CandidateKind::KnobMove : CandidateKind::Descendant;
        c.variant = v.id;
        c.knobs = k;
        c.reason =
            "pool sweep: " + generators::variant_key(v.id, k) +
            (band == 0   ? ", predicted faster than the fastest timed point of '"
             : band == 2 ? ", predicted slower (tried last) than the fastest timed point of '"
                         : ", the untried point nearest the fastest timed point of '") +
            v.id + "'";
        best = SearchStep{c, hypothesis_of(v)};
      }
      return true;
    });
  }
  if (!best) return std::nullopt;
  return std::make_pair(*best, std::get<0>(best_key));
}
}  // namespace

std::optional<SearchStep> pool_sweep(const SearchRequest& r) {
  if (!r.spec) return std::nullopt;
  // The incumbent's knob neighbours first; but a move the measurements say loses gives way to
  // an untried point of the pool that nothing speaks against (band 0 or 1 of the sweep): a
  // family whose first point lost is not left for the incumbent's known losers.
  auto k = knob_search(r);
  if (k && !k->losing) return k;
  auto rest = sweep_rest(r);
  if (rest && (!k || rest->second < 2)) {
    if (k)
      rest->first.candidate.reason +=
          " (before the incumbent's knob moves, which the measurements say lose)";
    return rest->first;
  }
  return k;
}

int untried_points(const SearchRequest& r) {
  if (!r.spec) return 0;
  int n = 0;
  for (const auto& v : r.spec->variants) {
    if (!in_pool(r, v)) continue;
    generators::for_each_knob_point(*r.spec, v, [&](const KnobValues& k) {
      if (measurable(r, v, k)) ++n;
      return true;
    });
  }
  return n;
}

}  // namespace solver::engine
