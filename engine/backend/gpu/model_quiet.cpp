#include "engine/backend/gpu/model_quiet.h"

#include <algorithm>
#include <cmath>

#include "engine/backend/gpu/model_echo.h"

namespace solver::gpu {

uint64_t quiet_seed(uint64_t set_seed, int j) {
  return model_seed(set_seed + uint64_t(j) * 0x9e3779b97f4a7c15ull, kKeyedHalf);
}

double chance_rate(double quiet, double draws) { return draws > 0 ? quiet / draws : 1.0; }

void fold_quiet(QuietFold& f, const std::vector<std::vector<double>>& shares) {
  if (f.moves.size() < shares.size()) {
    const size_t from = f.moves.size();
    f.moves.resize(shares.size());
    f.quiet.resize(shares.size());
    f.told.resize(shares.size());
    f.top.resize(shares.size());
    for (size_t k = from; k < shares.size(); ++k) {
      const size_t n = shares[k].size();
      f.moves[k].assign(n, 0);
      f.quiet[k].assign(n, 0);
      // An output that joins after the first draw was unmoved by the earlier ones: its zeros.
      f.told[k].assign(n, 0);
      f.top[k].assign(n, 0.0);
    }
  }
  for (size_t k = 0; k < shares.size(); ++k) {
    const size_t n = f.moves[k].size();
    if (shares[k].size() != n) {
      std::fill(f.told[k].begin(), f.told[k].end(), uint8_t(1));
      continue;
    }
    for (size_t i = 0; i < n; ++i) {
      const double s = shares[k][i];
      if (s == 0) continue;
      if (f.moves[k][i] < UINT16_MAX) ++f.moves[k][i];
      if (s > 0 && s <= 1) {
        if (f.quiet[k][i] < UINT16_MAX) ++f.quiet[k][i];
      } else {
        f.told[k][i] = 1;  // above 1, infinite or NaN
      }
      if (s > f.top[k][i]) f.top[k][i] = s;
    }
  }
  ++f.draws;
}

std::vector<QuietVerdict> quiet_verdict(const QuietFold& f, int more) {
  std::vector<QuietVerdict> out(f.moves.size());
  for (size_t k = 0; k < f.moves.size(); ++k) {
    QuietVerdict& v = out[k];
    // q: the quiet rate of the elements some draw told apart (helper h31, red team 31's twin),
    // each with one telling draw left out (chance_rate).
    double draws = 0, quiet = 0;
    bool told = false;
    for (size_t i = 0; i < f.moves[k].size(); ++i) {
      if (f.moves[k][i] == 0) continue;
      ++v.moved;
      if (!f.told[k][i]) continue;
      told = true;
      draws += f.moves[k][i] - 1;
      quiet += f.quiet[k][i];
    }
    const double q = chance_rate(quiet, draws);
    v.rate = q;
    // No evidence yet (every told element told in its only draw): more draws can give some.
    const double q_more = draws > 0 ? q : told ? 0.0 : 1.0;
    double worst = -1;  // the log10 of n q^m of the element judged, lower is surer
    for (size_t i = 0; i < f.moves[k].size(); ++i) {
      const int m = f.moves[k][i];
      if (m == 0 || f.told[k][i]) continue;
      const double chance = double(v.moved) * std::pow(q, m);
      if (m < kQuietMinMoves || !(chance < kQuietAlpha)) {
        ++v.undecided;
        v.decidable += m + more >= kQuietMinMoves &&
                       double(v.moved) * std::pow(q_more, m + more) < kQuietAlpha;
        continue;
      }
      ++v.by_construction;
      // Report the element with the largest share (the refusal's "at most"), ties: the first.
      if (f.top[k][i] > worst) {
        worst = f.top[k][i];
        v.element = i;
        v.moves = m;
        v.top = f.top[k][i];
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
