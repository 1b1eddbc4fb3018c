#include "engine/backend/gpu/model_light.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "engine/backend/gpu/parallel_chunks.h"
#include "engine/backend/gpu/sample_lint.h"

namespace solver::gpu {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// light_shares' median rule: an element's light share is above 0 only where more than
// `classes` - 1 - (classes - 1) / 2 of its classes move it (fewer zeros than the median's index).
size_t median_moves(size_t classes) { return classes - (classes - 1) / 2; }

// Per output, per element: how many classes moved it (energy above 0), how many left it at most
// kNearLight (energy at most kNearLight^2, zeros included), and whether one was NaN.
struct Counts {
  std::vector<std::vector<uint16_t>> moving, near;
  std::vector<std::vector<uint8_t>> nan;
  void add(const std::vector<std::vector<double>>& shares) {
    if (moving.size() < shares.size()) {
      moving.resize(shares.size());
      near.resize(shares.size());
      nan.resize(shares.size());
    }
    for (size_t k = 0; k < shares.size(); ++k) {
      if (moving[k].size() < shares[k].size()) {
        moving[k].resize(shares[k].size(), 0);
        near[k].resize(shares[k].size(), 0);
        nan[k].resize(shares[k].size(), 0);
      }
      // Element by element in chunks on every core (each chunk its own elements): a large
      // output's 32 or 256 refills each count 2^27 elements for neighbor_aggregation (helper
      // gcost); the counts are the same on any number of threads.
      const std::vector<double>& in = shares[k];
      uint16_t* mv = moving[k].data();
      uint16_t* nr = near[k].data();
      uint8_t* nn = nan[k].data();
      const size_t n = in.size();
      for_each_chunk(int64_t((n + kShareChunk - 1) / kShareChunk), 0, [&](int64_t c) {
        const size_t lo = size_t(c) * kShareChunk, hi = std::min(n, lo + kShareChunk);
        for (size_t i = lo; i < hi; ++i) {
          const double a = in[i];
          if (std::isnan(a)) nn[i] = 1;
          mv[i] += a != 0;
          nr[i] += a <= kNearLight;
        }
      });
    }
  }
};

}  // namespace

std::vector<std::vector<double>> population_shares(
    const std::vector<std::vector<std::vector<double>>>& by_class,
    const std::vector<std::vector<double>>& light, const std::vector<std::vector<double>>* floor) {
  std::vector<std::vector<double>> pop(light.size());
  for (size_t k = 0; k < light.size(); ++k) {
    const size_t n = light[k].size();
    pop[k].assign(n, 0.0);
    bool fits = !by_class.empty();
    for (const auto& c : by_class) fits = fits && k < c.size() && c[k].size() == n;
    if (!fits) {  // light_shares' single infinity: as it is
      pop[k] = light[k];
      continue;
    }
    const std::vector<double>* grain =
        floor && k < floor->size() && (*floor)[k].size() == n ? &(*floor)[k] : nullptr;
    for (size_t i = 0; i < n; ++i) {
      const double l = light[k][i];
      if (std::isnan(l)) {
        pop[k][i] = l;
        continue;
      }
      if (!(l > 0)) continue;
      if (l <= 1 && light_spread(by_class, k, i) < kLightSpread) continue;  // (c)
      pop[k][i] = l <= 1 && grain && l < (*grain)[i] ? -l : l;              // (d): unseen
    }
  }
  return pop;
}

std::vector<double> model_refusable(const std::vector<std::vector<double>>& judged,
                                    const std::vector<std::vector<double>>& pop,
                                    const std::vector<std::vector<double>>& atol_part) {
  std::vector<double> out(judged.size(), 0.0);
  for (size_t k = 0; k < judged.size(); ++k) {
    const std::vector<double>* parts =
        k < atol_part.size() && atol_part[k].size() == judged[k].size() ? &atol_part[k] : nullptr;
    auto held = [&](double j, size_t i) { return parts && atol_held(j, (*parts)[i]); };
    TailCounts c;  // light_tail's counts over the population (refusable_shares' count_tail)
    if (k < pop.size())
      for (size_t i = 0; i < pop[k].size(); ++i) {
        const double j = pop[k][i];
        c.weak[i < judged[k].size() && held(j, i)] += j < 0 || (j > 0 && j <= 1);
        c.near += j < 0 || (j > 0 && j <= kNearLight);
      }
    double least = 0, unseen = 0;
    bool nan = false;
    for (size_t i = 0; i < judged[k].size(); ++i) {
      const double j = judged[k][i];
      if (std::isnan(j)) nan = true;
      if (!(j != 0) || std::isnan(j) || c.holds(held(j, i))) continue;
      if (j > 0 && (least == 0 || j < least)) least = j;
      if (j < 0) unseen = std::max(unseen, -j);
    }
    out[k] = nan ? std::numeric_limits<double>::quiet_NaN() : unseen_mark(least, unseen);
  }
  return out;
}

ModelLight model_light(const ModelClassShares& echo, size_t outputs,
                       const std::vector<std::vector<double>>& atol_part,
                       const std::vector<std::vector<double>>& floor, size_t budget,
                       const std::vector<std::vector<uint8_t>>* told) {
  ModelLight out;
  auto told_at = [&](size_t k, size_t i) {
    return !told || (k < told->size() && i < (*told)[k].size() && (*told)[k][i]);
  };
  // The screen: the coarse classes' counts of moves; the fine classes only where some told
  // element has a coarse light part (only told elements are refused).
  Counts coarse;
  for (uint64_t r = 0; r < kModelScreenClasses; ++r, ++out.refills)
    coarse.add(echo(kModelScreenClasses, r, nullptr));
  const size_t bar = median_moves(kModelScreenClasses);
  for (size_t k = 0; k < coarse.moving.size() && !out.screened; ++k)
    for (size_t i = 0; i < coarse.moving[k].size() && !out.screened; ++i)
      out.screened = told_at(k, i) && (coarse.moving[k][i] >= bar || coarse.nan[k][i]);
  if (!out.screened) return out;  // no light part to refuse: the fine shares are 0 too
  const uint64_t fine = kStridedRegions;
  size_t elements = 0;
  for (const auto& m : coarse.moving) elements += m.size();
  const size_t n_out = std::max(outputs, coarse.moving.size());
  // judged: P6k's judgement (law_regions.h judged_light_shares: (a), (c), (d)) of the told
  // elements; pop: every element's light share with (c) and (d), the tails' population.
  std::vector<std::vector<double>> judged(n_out), pop(n_out);
  auto judge = [&](const std::vector<std::vector<std::vector<double>>>& by_class,
                   const std::vector<std::vector<double>>& fl, std::vector<std::vector<double>>& j,
                   std::vector<std::vector<double>>& p) {
    const auto light = light_shares(by_class);
    j = judged_light_shares(by_class, light, {}, nullptr, &fl);
    p = population_shares(by_class, light, &fl);
  };
  if (elements * fine * sizeof(double) <= budget) {
    // One pass: every element's fine class shares at once.
    ++out.passes;
    std::vector<std::vector<std::vector<double>>> by_class;
    for (uint64_t r = 0; r < fine; ++r, ++out.refills) by_class.push_back(echo(fine, r, nullptr));
    judge(by_class, floor, judged, pop);
    for (size_t k = 0; k < judged.size(); ++k)
      for (size_t i = 0; i < judged[k].size(); ++i)
        if (!told_at(k, i)) judged[k][i] = 0;
  } else {
    // A counting pass, then the elements whose light share can be at most kNearLight (more than
    // half their classes move them, at least the median's count at most kNearLight) exactly, in
    // chunks of the budget; the others: 0 (no light part) or infinity (above kNearLight: neither
    // weak nor near; the least above 1 may read it).
    ++out.passes;
    Counts c;
    for (uint64_t r = 0; r < fine; ++r, ++out.refills) c.add(echo(fine, r, nullptr));
    const size_t moves = median_moves(fine), lows = (fine - 1) / 2 + 1;
    std::vector<std::pair<size_t, size_t>> picked;  // (output, element)
    for (size_t k = 0; k < c.moving.size(); ++k) {
      judged[k].assign(c.moving[k].size(), 0.0);
      pop[k].assign(c.moving[k].size(), 0.0);
      for (size_t i = 0; i < c.moving[k].size(); ++i) {
        double v = 0;
        if (c.nan[k][i])
          v = std::numeric_limits<double>::quiet_NaN();
        else if (c.moving[k][i] >= moves && c.near[k][i] >= lows)
          picked.push_back({k, i});
        else if (c.moving[k][i] >= moves)
          v = kInf;
        pop[k][i] = v;
        judged[k][i] = told_at(k, i) ? v : 0.0;
      }
    }
    const size_t chunk = std::max<size_t>(budget / (fine * sizeof(double)), 1);
    for (size_t from = 0; from < picked.size(); from += chunk) {
      ++out.passes;
      const size_t to = std::min(picked.size(), from + chunk);
      std::vector<std::vector<size_t>> picks(c.moving.size());
      std::vector<std::vector<double>> fl(c.moving.size());
      for (size_t t = from; t < to; ++t) {
        const auto [k, i] = picked[t];
        picks[k].push_back(i);
        fl[k].push_back(k < floor.size() && i < floor[k].size() ? floor[k][i] : 0.0);
      }
      std::vector<std::vector<std::vector<double>>> by_class;
      for (uint64_t r = 0; r < fine; ++r, ++out.refills) by_class.push_back(echo(fine, r, &picks));
      std::vector<std::vector<double>> pj, pp;
      judge(by_class, fl, pj, pp);
      for (size_t k = 0; k < picks.size() && k < pj.size(); ++k)
        for (size_t t = 0; t < picks[k].size() && t < pj[k].size(); ++t) {
          const size_t i = picks[k][t];
          judged[k][i] = told_at(k, i) ? pj[k][t] : 0.0;
          pop[k][i] = pp[k][t];
        }
    }
  }
  out.judged = model_refusable(judged, pop, atol_part);
  return out;
}

std::string model_light_refusal(const std::vector<double>& judged,
                                const std::vector<std::string>& outputs,
                                const std::vector<generators::Tolerance>& tols,
                                const std::string& input, const std::vector<bool>& declared_blind) {
  std::ostringstream s;
  s.precision(2);
  bool any = false;
  for (size_t k = 0; k < judged.size(); ++k) {
    if (!(judged[k] > 0 && judged[k] <= 1)) continue;
    if (k < declared_blind.size() && declared_blind[k]) continue;
    const generators::Tolerance none{};
    const generators::Tolerance& tol = tols.empty() ? none : tols[k < tols.size() ? k : 0];
    const std::string name = k < outputs.size() ? outputs[k] : "the output";
    s << (any ? "; and "
              : std::string(kSampleLintMarker) +
                    " modelled from the other half, in the light part: ")
      << name << "'s light part (outside its dominant classes, of " << kStridedRegions
      << " strided classes of " << input << "'s position pairs refilled one class at a time, "
      << "each more than " << kDominantEnergy
      << " x the median class's energy: the heavily weighted places) moves it by " << judged[k]
      << " of its tolerance under a model refill of half of its places, however loud the rest, "
         "so no verified run can refuse a kernel that reads the heavy places exactly and models "
         "the others (the work); tighten rtol and atol to under "
      << judged[k] << " times the declared (rtol " << tol.rtol << ", atol " << tol.atol << ") for "
      << name << ", or declare `blind_to: [" << input << "]` on it";
    any = true;
  }
  return s.str();
}

}  // namespace solver::gpu
