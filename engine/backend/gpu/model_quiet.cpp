#include "engine/backend/gpu/model_quiet.h"

#include <algorithm>
#include <cmath>

#include "engine/backend/gpu/model_echo.h"

namespace solver::gpu {

uint64_t quiet_seed(uint64_t set_seed, int j) {
  return model_seed(set_seed + uint64_t(j) * 0x9e3779b97f4a7c15ull, kKeyedHalf);
}

double chance_rate(double quiet, double draws) { return draws > 0 ? quiet / draws : 1.0; }

static_assert(kKeyedHalf < kQuietPatterns, "the keyed half is a pattern of the quiet fold");

void fold_quiet(QuietFold& f, const std::vector<std::vector<double>>& shares, int pattern) {
  const size_t e = pattern >= 0 && pattern < kQuietPatterns ? size_t(pattern) : 0;
  if (f.moves.size() < shares.size()) {
    const size_t from = f.moves.size();
    f.moves.resize(shares.size());
    f.quiet.resize(shares.size());
    f.told.resize(shares.size());
    f.top.resize(shares.size());
    f.pattern_moves.resize(shares.size());
    f.rate_quiet.resize(shares.size(), {0.0, 0.0, 0.0});
    f.rate_draws.resize(shares.size(), {0.0, 0.0, 0.0});
    for (size_t k = from; k < shares.size(); ++k) {
      const size_t n = shares[k].size();
      f.moves[k].assign(n, 0);
      f.quiet[k].assign(n, 0);
      // An output that joins after the first draw was unmoved by the earlier ones: its zeros.
      f.told[k].assign(n, 0);
      f.top[k].assign(n, 0.0);
      f.pattern_moves[k].assign(n, {0, 0, 0});
    }
  }
  for (size_t k = 0; k < shares.size(); ++k) {
    const size_t n = f.moves[k].size();
    if (shares[k].size() != n) {
      std::fill(f.told[k].begin(), f.told[k].end(), uint8_t(1));
      continue;
    }
    auto& rq = f.rate_quiet[k];
    auto& rd = f.rate_draws[k];
    for (size_t i = 0; i < n; ++i) {
      const double s = shares[k][i];
      if (s == 0) continue;
      if (f.moves[k][i] < UINT16_MAX) ++f.moves[k][i];
      auto& pm = f.pattern_moves[k][i];
      const bool quiet = s > 0 && s <= 1;
      if (f.told[k][i]) {  // after its first telling draw: counted
        rd[e] += 1;
        rq[e] += quiet;
      } else if (!quiet) {
        // The first telling draw (above 1, infinite or NaN), left out; the element's earlier
        // moves, all quiet, join its patterns' counts.
        f.told[k][i] = 1;
        for (size_t c = 0; c < kQuietPatterns; ++c) rd[c] += pm[c], rq[c] += pm[c];
      }
      if (pm[e] < UINT8_MAX) ++pm[e];
      if (quiet && f.quiet[k][i] < UINT16_MAX) ++f.quiet[k][i];
      if (s > f.top[k][i]) f.top[k][i] = s;
    }
  }
  ++f.draws;
}

std::vector<QuietVerdict> quiet_verdict(const QuietFold& f, const QuietMore& more) {
  std::vector<QuietVerdict> out(f.moves.size());
  int more_moves = 0;
  for (int m : more) more_moves += m;
  for (size_t k = 0; k < f.moves.size(); ++k) {
    QuietVerdict& v = out[k];
    bool told = false;
    for (size_t i = 0; i < f.moves[k].size(); ++i) {
      if (f.moves[k][i] == 0) continue;
      ++v.moved;
      told = told || f.told[k][i];
    }
    // q per pattern (helper h31decoy): the told elements' draws of that pattern, each one's
    // first telling draw left out (fold_quiet); pooled for the notes (h31's q).
    std::array<double, kQuietPatterns> q_more{};
    double all_quiet = 0, all_draws = 0;
    for (size_t e = 0; e < kQuietPatterns; ++e) {
      const double rq = k < f.rate_quiet.size() ? f.rate_quiet[k][e] : 0.0;
      const double rd = k < f.rate_draws.size() ? f.rate_draws[k][e] : 0.0;
      v.rates[e] = chance_rate(rq, rd);
      // No evidence yet for this pattern: more draws of it can give some, where some element
      // is told (its next draw of the pattern is counted) and more are to be taken.
      q_more[e] = rd > 0 ? v.rates[e] : told && more[e] > 0 ? 0.0 : 1.0;
      all_quiet += rq;
      all_draws += rd;
    }
    v.rate = chance_rate(all_quiet, all_draws);
    double worst = -1;  // the largest share of the element judged, ties: the first
    for (size_t i = 0; i < f.moves[k].size(); ++i) {
      const int m = f.moves[k][i];
      if (m == 0 || f.told[k][i]) continue;
      double chance = double(v.moved), could = double(v.moved);
      for (size_t e = 0; e < kQuietPatterns; ++e) {
        const int pm = k < f.pattern_moves.size() ? f.pattern_moves[k][i][e] : 0;
        chance *= std::pow(v.rates[e], pm);
        could *= std::pow(q_more[e], pm + std::max(more[e], 0));
      }
      if (m < kQuietMinMoves || !(chance < kQuietAlpha)) {
        ++v.undecided;
        v.decidable += m + more_moves >= kQuietMinMoves && could < kQuietAlpha;
        continue;
      }
      ++v.by_construction;
      // Report the element with the largest share (the refusal's "at most"), ties: the first.
      if (f.top[k][i] > worst) {
        worst = f.top[k][i];
        v.element = i;
        v.moves = m;
        v.top = f.top[k][i];
        v.chance = chance;
      }
    }
  }
  return out;
}

bool quiet_undecided(const std::vector<QuietVerdict>& v) {
  for (const QuietVerdict& q : v)
    if (q.decidable) return true;
  return false;
}

}  // namespace solver::gpu
