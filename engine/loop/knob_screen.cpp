#include "engine/loop/knob_screen.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <set>

#include "engine/loop/knob_start.h"
#include "engine/loop/round_loop.h"
#include "generators/variant_space.h"

namespace solver::engine {

using generators::KnobValues;
using generators::VariantSpec;

namespace {

constexpr double kLengths[] = {0.15, 0.25, 0.4, 0.6, 1.0};  // in units of a knob's range
constexpr double kNoise = 1e-3;  // of the standardised log time: the recording's noise
constexpr int kRadius = 2;       // knobs the trust region moves at once (each to any value)
constexpr int kRadiusPast = 3;   // ... in a round past the rules (the model picks every point)
constexpr size_t kMinTimed = 2;  // timed points of the variant before the model picks any

using Vec = std::vector<double>;

double matern52(const Vec& a, const Vec& b, double length) {
  double d2 = 0;
  for (size_t i = 0; i < a.size(); ++i) d2 += (a[i] - b[i]) * (a[i] - b[i]);
  double d = std::sqrt(5.0 * d2) / length;
  return (1 + d + d * d / 3) * std::exp(-d);
}

// A Gaussian process on standardised targets: Cholesky of K + noise, weights, log evidence.
struct Gp {
  std::vector<Vec> x;
  Vec y;  // standardised
  double mean = 0, scale = 1, length = 0.4, evidence = 0;
  std::vector<Vec> chol;  // lower triangle
  Vec alpha;

  Gp(std::vector<Vec> xs, const Vec& ys, double len) : x(std::move(xs)), length(len) {
    const size_t n = ys.size();
    for (double v : ys) mean += v / double(n);
    double var = 0;
    for (double v : ys) var += (v - mean) * (v - mean) / double(n);
    scale = var > 1e-12 ? std::sqrt(var) : 1.0;
    for (double v : ys) y.push_back((v - mean) / scale);
    chol.assign(n, Vec(n, 0.0));
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j <= i; ++j) {
        double s = matern52(x[i], x[j], length) + (i == j ? kNoise : 0.0);
        for (size_t k = 0; k < j; ++k) s -= chol[i][k] * chol[j][k];
        chol[i][j] = i == j ? std::sqrt(std::max(s, 1e-12)) : s / chol[j][j];
      }
    Vec z = solve_lower(y);
    alpha.assign(n, 0.0);  // L^T alpha = z
    for (size_t i = n; i-- > 0;) {
      double s = z[i];
      for (size_t k = i + 1; k < n; ++k) s -= chol[k][i] * alpha[k];
      alpha[i] = s / chol[i][i];
    }
    evidence = 0;
    for (size_t i = 0; i < n; ++i) evidence += -0.5 * y[i] * alpha[i] - std::log(chol[i][i]);
  }
  Vec solve_lower(const Vec& b) const {
    Vec z(b.size());
    for (size_t i = 0; i < b.size(); ++i) {
      double s = b[i];
      for (size_t k = 0; k < i; ++k) s -= chol[i][k] * z[k];
      z[i] = s / chol[i][i];
    }
    return z;
  }
  // Predicted log time and its standard deviation at `p`.
  std::pair<double, double> predict(const Vec& p) const {
    Vec ks(x.size());
    for (size_t i = 0; i < x.size(); ++i) ks[i] = matern52(p, x[i], length);
    double m = 0;
    for (size_t i = 0; i < x.size(); ++i) m += ks[i] * alpha[i];
    Vec v = solve_lower(ks);
    double var = 1.0;
    for (double a : v) var -= a * a;
    return {mean + scale * m, scale * std::sqrt(std::max(var, 1e-12))};
  }
};

Gp fit(const std::vector<Vec>& xs, const Vec& ys) {
  if (xs.size() < 3) return Gp(xs, ys, 0.4);
  std::optional<Gp> best;
  for (double l : kLengths) {
    Gp g(xs, ys, l);
    if (!best || g.evidence > best->evidence) best = std::move(g);
  }
  return *best;
}

double expected_improvement(double m, double s, double best) {
  double z = (best - m) / s;
  double cdf = 0.5 * std::erfc(-z / std::sqrt(2.0));
  double pdf = std::exp(-0.5 * z * z) / std::sqrt(2.0 * M_PI);
  return (best - m) * cdf + s * pdf;
}

std::string knob_hypothesis(const generators::KnobSpec& k) {
  return k.applies.empty() ? "tune_block_size" : k.applies.front();
}

}  // namespace

std::vector<double> knob_coords(const VariantSpec& v, const KnobValues& k) {
  std::vector<double> x;
  for (const auto& spec : v.knobs) {
    bool positive = true;
    for (int64_t a : spec.values) positive = positive && a > 0;
    auto t = [&](int64_t a) { return positive ? std::log2(double(a)) : double(a); };
    double lo = t(spec.values.front()), hi = lo;
    for (int64_t a : spec.values) lo = std::min(lo, t(a)), hi = std::max(hi, t(a));
    double at = t(k.at(spec.name));
    x.push_back(hi > lo ? (at - lo) / (hi - lo) : 0.0);
  }
  return x;
}

uint64_t admitted_points(const SearchRequest& r, const VariantSpec& variant) {
  std::set<std::string> none;
  SearchRequest all = r;
  all.tried = &none;
  uint64_t n = 0;
  generators::for_each_knob_point(*r.spec, variant, [&](const KnobValues& k) {
    n += measurable(all, variant, k) ? 1 : 0;
    return true;
  });
  return n;
}

uint64_t pool_points(const SearchRequest& r) {
  uint64_t n = 0;
  if (r.spec)
    for (const auto& v : r.spec->variants)
      if (in_pool(r, v)) n += admitted_points(r, v);
  return n;
}

std::vector<SearchStep> screen_batch(const SearchRequest& r, const VariantSpec& variant,
                                     const std::string& besides, int extra, int radius, int local) {
  std::vector<SearchStep> out;
  if (extra <= 0 || variant.knobs.empty() || !r.timed_us || !in_pool(r, variant)) return out;
  // The variant's timed points: the model's data; the fastest is the trust region's centre.
  std::vector<Vec> xs;
  Vec ys;
  std::vector<std::pair<KnobValues, double>> timed;
  KnobValues centre;
  double fastest = std::numeric_limits<double>::infinity();
  for (const auto& [key, t] : *r.timed_us) {
    auto [id, knobs] = generators::parse_variant_key(key);
    if (id != variant.id || !(t > 0)) continue;
    bool complete = true;
    for (const auto& k : variant.knobs) complete = complete && knobs.count(k.name);
    if (!complete) continue;
    xs.push_back(knob_coords(variant, knobs));
    ys.push_back(std::log(t));
    timed.push_back({knobs, t});
    if (t < fastest) fastest = t, centre = knobs;
  }
  // One timed point teaches the model nothing: its expected improvement is flat over the
  // region, so its pick would be the farthest point (two switches flipped), not a guess.
  if (xs.size() < kMinTimed) return out;
  // The local pick's origin: the incumbent when it is a point of this variant (its time is
  // the paired timing's, not one gate's median), else the fastest timed point.
  const KnobValues& origin = r.incumbent.variant == variant.id ? r.incumbent.knobs : centre;
  auto moved_from = [&](const KnobValues& a, const KnobValues& b) {
    int n = 0;
    for (const auto& spec : variant.knobs)
      n += !b.count(spec.name) || a.at(spec.name) != b.at(spec.name);
    return n;
  };
  std::vector<KnobValues> near, rest, ones;
  generators::for_each_knob_point(*r.spec, variant, [&](const KnobValues& k) {
    if (generators::variant_key(variant.id, k) == besides || !measurable(r, variant, k))
      return true;
    (moved_from(k, centre) <= radius ? near : rest).push_back(k);
    if (local > 0 && moved_from(k, origin) == 1) ones.push_back(k);
    return true;
  });
  std::vector<KnobValues>& region = near.empty() ? rest : near;
  // A settled knob value: every pair of timed points that differ only in that knob, one at the
  // centre's value and one at `v`, timed `v` slower (at least one pair). The exploring picks
  // leave moves to a settled value out while the region has others.
  auto settled = [&](const std::string& knob, int64_t v) {
    int pairs = 0;
    for (const auto& [a, ta] : timed)
      for (const auto& [b, tb] : timed) {
        if (a.at(knob) != centre.at(knob) || b.at(knob) != v || moved_from(a, b) != 1) continue;
        if (tb <= ta) return false;
        ++pairs;
      }
    return pairs > 0;
  };
  {
    std::vector<KnobValues> open;
    for (const auto& k : region) {
      bool ok = true;
      for (const auto& spec : variant.knobs)
        if (k.at(spec.name) != centre.at(spec.name) && settled(spec.name, k.at(spec.name)))
          ok = false;
      if (ok) open.push_back(k);
    }
    if (!open.empty()) region = std::move(open);
  }
  // The candidates: the region's points, then the local pick's (one knob from the origin).
  std::vector<KnobValues> pool = region;
  std::vector<bool> is_one(pool.size(), false);
  for (const auto& k : ones) {
    pool.push_back(k);
    is_one.push_back(true);
  }
  std::vector<Vec> px;
  for (const auto& k : pool) px.push_back(knob_coords(variant, k));
  std::vector<bool> taken(pool.size(), false);
  auto same_point = [&](size_t i, size_t j) { return moved_from(pool[i], pool[j]) == 0; };
  for (int b = 0; b < extra; ++b) {
    Gp gp = fit(xs, ys);
    const double best = *std::min_element(ys.begin(), ys.end());
    // The local pick (the first `local` of the batch): the untried one-knob neighbour of the
    // incumbent (else the fastest timed point) the model predicts fastest, a hill-climb step the
    // model orders. Expected improvement rewards the model's uncertainty, which far from the data
    // (7 knobs, a score of timed points) outweighs its mean, so a batch of EI picks alone can leave
    // the nearest improvements untried for many rounds.
    bool exploit = false;
    for (size_t i = 0; b < local && !exploit && i < pool.size(); ++i)
      exploit = !taken[i] && is_one[i];
    int pick = -1;
    double pick_ei = -1, pick_m = 0, pick_score = std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < pool.size(); ++i) {
      if (taken[i] || is_one[i] != exploit) continue;
      auto [m, s] = gp.predict(px[i]);
      double e = expected_improvement(m, s, best);
      double score = exploit ? m : -e;
      if (score < pick_score) pick = int(i), pick_score = score, pick_ei = e, pick_m = m;
    }
    if (pick < 0) break;
    for (size_t i = 0; i < pool.size(); ++i) taken[i] = taken[i] || same_point(i, size_t(pick));
    xs.push_back(px[pick]);
    ys.push_back(pick_m);  // the believer: the model's own guess stands in for the time
    const KnobValues& k = pool[pick];
    std::string moved, hypothesis;
    const KnobValues& from = exploit ? origin : centre;
    for (const auto& spec : variant.knobs) {
      if (from.at(spec.name) == k.at(spec.name)) continue;
      moved += (moved.empty() ? "" : ", ") + spec.name + " -> " + std::to_string(k.at(spec.name));
      if (hypothesis.empty()) hypothesis = knob_hypothesis(spec);
    }
    generators::Candidate c;
    c.kind = generators::CandidateKind::KnobMove;
    c.variant = variant.id;
    c.knobs = k;
    char txt[96];
    std::snprintf(txt, sizeof txt, "predicted %.1f%% %s the fastest timed point, ",
                  100 * std::abs(1 - std::exp(pick_m - best)),
                  pick_m <= best ? "faster than" : "slower than");
    c.reason = "screening batch (knob GP, " + std::to_string(ys.size() - 1 - b) +
               " timed points of '" + variant.id + "'): " + (moved.empty() ? "-" : moved) +
               (exploit && &origin != &centre ? " from the incumbent; "
                                              : " from the fastest timed point; ") +
               txt +
               (exploit ? "the lowest prediction one knob away"
                        : "expected improvement " + std::to_string(pick_ei));
    out.push_back(SearchStep{c, hypothesis});
  }
  return out;
}

namespace {
double median_of(std::vector<double> v) {
  if (v.empty()) return std::numeric_limits<double>::infinity();
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
}  // namespace

GateResult screen_round(Backend& backend, const SearchRequest& search, const ScreenSizes& sizes,
                        const std::function<VariantRef(const generators::Incumbent&)>& ref,
                        generators::Candidate& cand, RoundRecord& rec) {
  auto gate_of = [&](const generators::Candidate& c) {
    return backend.gate_part(ref(generators::Incumbent{c.variant, c.knobs}), sizes.part);
  };
  const VariantSpec* v = search.spec ? search.spec->find_variant(cand.variant) : nullptr;
  // Large is the search the track faces: the pool's admitted points, whichever variant holds
  // them (sgemm_2048's 146-point `warptile` sits in a pool of 1,231).
  if (!v || !large_search(search, sizes)) return gate_of(cand);
  // A step into a knob space of a large pool not timed yet lands on its centre (knob_start.h).
  if (cand.kind != generators::CandidateKind::KnobMove)
    if (auto start = centre_start(search, *v, 0)) {
      cand.knobs = *start;
      rec.candidate = cand.key();
      rec.candidate_reason += " (entered at the knob space's centre: knob_start.h)";
    }
  if (v->knobs.empty()) return gate_of(cand);
  const bool model_only = !sizes.past_rules.empty();
  const std::string first = cand.key();
  std::vector<SearchStep> extra =
      screen_batch(search, *v, model_only ? "" : first, sizes.batch - (model_only ? 0 : 1),
                   model_only ? kRadiusPast : kRadius, model_only ? sizes.local : 0);
  if (extra.empty()) return gate_of(cand);
  struct Member {
    generators::Candidate c;
    std::string hypothesis;
    GateResult g;
    double median;
  };
  std::vector<Member> batch;
  if (!model_only) {
    GateResult g = gate_of(cand);
    double m = g.passed() ? median_of(g.timed_us) : 0;
    batch.push_back({cand, rec.hypothesis, std::move(g), m});
  }
  for (auto& step : extra) {
    GateResult g = gate_of(step.candidate);
    double m = g.passed() ? median_of(g.timed_us) : 0;
    batch.push_back({step.candidate, step.hypothesis, std::move(g), m});
  }
  // The fastest that passed; the first member on a tie or when no time is known.
  auto timed = [&](size_t i) { return batch[i].g.passed() && std::isfinite(batch[i].median); };
  size_t pick = 0;
  for (size_t i = 1; i < batch.size(); ++i)
    if (timed(i) && (!timed(pick) || batch[i].median < batch[pick].median)) pick = i;
  for (size_t i = 0; i < batch.size(); ++i) {
    if (i == pick) continue;
    RoundRecord::Screened s;
    s.key = batch[i].c.key();
    s.reason = i == 0 && !model_only ? rec.candidate_reason : batch[i].c.reason;
    s.status = batch[i].g.status;
    s.median_us = std::isfinite(batch[i].median) ? batch[i].median : 0;
    rec.screened.push_back(std::move(s));
  }
  if (pick == 0 && !model_only) return std::move(batch[0].g);
  cand = batch[pick].c;
  rec.candidate = cand.key();
  rec.candidate_reason = "explored: " + sizes.past_rules + cand.reason;
  rec.candidate_precision = precision_class(*search.spec, rec.candidate);
  rec.explored = true;
  rec.hypothesis = batch[pick].hypothesis;
  rec.credited_rule.clear();
  return std::move(batch[pick].g);
}

bool large_search(const SearchRequest& r, const ScreenSizes& sizes) {
  return sizes.batch > 1 && pool_points(r) >= sizes.min_points;
}

bool tie_keep(bool large, const PairedDecision& verdict, const GateResult& gate) {
  if (!large) return false;
  if (verdict.verdict != Verdict::Same && verdict.verdict != Verdict::Ambiguous) return false;
  // Red team 34: the totals no more than kTieMeanFloor below the incumbent's.
  return verdict.median_ratio > 1 && verdict.mean_ratio >= kTieMeanFloor &&
         median_of(gate.timed_us) < verdict.incumbent_median_us;
}

bool tie_lead(bool large, const PairedDecision& verdict) {
  if (!large) return false;
  if (verdict.verdict != Verdict::Same && verdict.verdict != Verdict::Ambiguous) return false;
  return verdict.median_ratio > 1 && verdict.mean_ratio >= kTieMeanFloor;
}

void mark_tie_kept(RoundRecord& rec) {
  rec.tie_kept = true;
  rec.credited_rule.clear();
  rec.detail =
      "kept on a tie (a screening round; the paired median ratio and the gate's times both "
      "favour the candidate): " +
      rec.detail;
}

}  // namespace solver::engine
