#include "engine/backend/gpu/share_source.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "engine/backend/gpu/law_regions.h"

namespace solver::gpu {

namespace {

// Mirrors sample_lint.cpp's element_shares (one element, no magnitude: the lint passes none),
// law_checks.cpp's fold_element_shares and weakest_shares, and law_regions.cpp's light_shares
// line for line; a change there must be made here too, and the worker's self-check
// (device_shares.cpp) refuses the device path if the two ever disagree.
constexpr const char* kSource = R"(
typedef unsigned long long u64;

__device__ __forceinline__ double ss_inf() { return __longlong_as_double(0x7ff0000000000000LL); }
__device__ __forceinline__ u64 ss_bits(double d) { return (u64)__double_as_longlong(d); }

// element_shares' rule for one element: 0 where unmoved, diff / allowed, infinity where a
// value is not finite or nothing is allowed.
__device__ __forceinline__ double ss_share(double a, double e, int wide, double atol, double rtol,
                                           double mag_rtol) {
  if (wide) {
    u64 ab = ss_bits(a), eb = ss_bits(e);
    if (ab == eb) return 0.0;
    double av = wide == 1 ? (double)(long long)ab : (double)ab;
    double ev = wide == 1 ? (double)(long long)eb : (double)eb;
    double allowed = atol + rtol * fabs(av);
    double diff = fabs(av - ev);
    return allowed > 0 ? diff / allowed : ss_inf();
  }
  if (a == e) return 0.0;
  if (!isfinite(a) || !isfinite(e)) return ss_inf();
  double m = 0.0;
  double allowed = atol + rtol * fabs(a) + mag_rtol * m;
  double diff = fabs(a - e);
  if (diff == 0) return 0.0;
  return allowed > 0 ? diff / allowed : ss_inf();
}

struct ss_sums {
  u64 largest;
  u64 weakest;
  u64 nan;
};

extern "C" __global__ void solver_share(const double* base, const double* echo, long long n,
                                        int wide, double atol, double rtol, double mag_rtol,
                                        double* fold, int fold_first, double* store,
                                        ss_sums* sums) {
  __shared__ u64 s_max[256], s_min[256], s_nan[256];
  u64 mx = 0, mn = ~0ULL, nan = 0;
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    double s = ss_share(base[i], echo[i], wide, atol, rtol, mag_rtol);
    if (store) store[i] = s;
    if (!(s != s) && ss_bits(s) > mx) mx = ss_bits(s);  // largest_shares: a NaN is passed over
    if (fold) {
      double l = fold_first ? s : fold[i];
      if (!fold_first && !(l != l) && !(l >= s)) l = s;  // a NaN sticks
      fold[i] = l;
      if (l != l) nan = 1;
      else if (l > 0 && ss_bits(l) < mn) mn = ss_bits(l);
    }
  }
  unsigned t = threadIdx.x;
  s_max[t] = mx;
  s_min[t] = mn;
  s_nan[t] = nan;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (t < half) {
      if (s_max[t + half] > s_max[t]) s_max[t] = s_max[t + half];
      if (s_min[t + half] < s_min[t]) s_min[t] = s_min[t + half];
      s_nan[t] |= s_nan[t + half];
    }
    __syncthreads();
  }
  if (t == 0) {
    atomicMax(&sums->largest, s_max[0]);
    atomicMin(&sums->weakest, s_min[0]);
    if (s_nan[0]) atomicMax(&sums->nan, 1ULL);
  }
}

// light_shares' rule for element i: NaN where a class share is NaN; else the root of the sum
// (in class order) of the energies at most `dominant` x the median energy (the (R/2)-th
// smallest, an exact selection), 0 where the median is 0.
// `total` (null: not wanted): the sum of every class's energy, in class order (judged_light_shares'
// `total`), where no share is NaN.
template <int R>
__device__ __forceinline__ double ss_light(const double* by_class, int classes, long long n,
                                           long long i, double dominant, double* total = 0,
                                           int* spread = 0) {
  double e[R], t[R];
  bool nan = false;
  double all = 0;
  for (int r = 0; r < classes; ++r) {
    double a = by_class[(long long)r * n + i];
    nan = nan || a != a;
    e[r] = a * a;
    t[r] = e[r];
    all += e[r];
  }
  if (total) *total = all;
  if (nan) return __longlong_as_double(0x7ff8000000000000LL);
  int k = (classes - 1) / 2, lo = 0, hi = classes - 1;
  while (lo < hi) {  // Hoare's selection: t[k] ends as the k-th smallest
    double pivot = t[(lo + hi) / 2];
    int a = lo, b = hi;
    while (a <= b) {
      while (t[a] < pivot) ++a;
      while (t[b] > pivot) --b;
      if (a <= b) {
        double x = t[a];
        t[a] = t[b];
        t[b] = x;
        ++a;
        --b;
      }
    }
    if (k <= b) hi = b;
    else if (k >= a) lo = a;
    else break;
  }
  double median = t[k];
  double sum = 0;
  int light = 0;  // law_regions.h light_spread: the classes moving it that are light
  if (median > 0)
    for (int r = 0; r < classes; ++r)
      if (!(e[r] > dominant * median)) {
        sum += e[r];
        light += e[r] > 0;
      }
  if (spread) *spread = light;
  return sqrt(sum);
}

struct ss_light_sums {
  u64 weakest;
  u64 nan;
};

template <int R>
__device__ __forceinline__ void ss_light_walk(const double* by_class, int classes, long long n,
                                              double dominant, double* out, ss_light_sums* sums) {
  __shared__ u64 l_min[256], l_nan[256];
  u64 mn = ~0ULL, nan = 0;
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    double l = ss_light<R>(by_class, classes, n, i, dominant);
    if (out) out[i] = l;
    if (l != l) nan = 1;
    else if (l > 0 && ss_bits(l) < mn) mn = ss_bits(l);
  }
  unsigned t = threadIdx.x;
  l_min[t] = mn;
  l_nan[t] = nan;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (t < half) {
      if (l_min[t + half] < l_min[t]) l_min[t] = l_min[t + half];
      l_nan[t] |= l_nan[t + half];
    }
    __syncthreads();
  }
  if (t == 0) {
    atomicMin(&sums->weakest, l_min[0]);
    if (l_nan[0]) atomicMax(&sums->nan, 1ULL);
  }
}

extern "C" __global__ void solver_light32(const double* by_class, int classes, long long n,
                                          double dominant, double* out, ss_light_sums* sums) {
  ss_light_walk<32>(by_class, classes, n, dominant, out, sums);
}
extern "C" __global__ void solver_light256(const double* by_class, int classes, long long n,
                                           double dominant, double* out, ss_light_sums* sums) {
  ss_light_walk<256>(by_class, classes, n, dominant, out, sums);
}

// judged_light_shares' rule for element i (law_regions.h), given its light share `l` and every
// class's energy `total`: l where (a) the dominant classes hold at least the light ones' energy;
// 0 elsewhere; NaN stays NaN. (b), the atol-held excuse, is gone (helper h30t: red team 29's
// redteam29_atol_tiny_rtol_heavy); told and not told now judge alike.
// (d): -l where l <= 1 is under the element's grain floor `floor` (law_regions.h grain_floor;
// -1: none), unseen.
__device__ __forceinline__ double ss_judged(double l, double total, int spread, double floor) {
  if (l != l) return l;
  if (!(l > 0)) return 0.0;
  if (!(total - l * l >= l * l)) return 0.0;                     // (a)
  if (l <= 1 && spread < 64) return 0.0;                          // (c), 64: kLightSpread
  return l <= 1 && floor >= 0 && l < floor ? -l : l;              // (d)
}

// law_regions.h grain_floor: half a step of the grain (`digits`, `min_exp`) just below |r| over
// `bound` (grain_bound: sqrt(light pairs), at least 16) x the tolerance; 0 where no grain, r or
// the tolerance not finite, or not > 0.
__device__ __forceinline__ double ss_grain_floor(double r, double atol, double rtol, int digits,
                                                 int min_exp, double bound) {
  double tol = atol + rtol * fabs(r);
  if (digits <= 0 || !isfinite(r) || !isfinite(tol) || !(tol > 0)) return 0.0;
  int e = min_exp;
  if (r != 0) frexp(fabs(r), &e);
  return ldexp(1.0, (e - 1 > min_exp ? e - 1 : min_exp) - digits - 1) / (bound * tol);
}

// law_regions.h atol_parts' value of one element (0 at rtol 0, or where the tolerance is not
// finite and above 0), and atol_held: a judged share weak only through its atol (helper h30d).
__device__ __forceinline__ double ss_atol_part(double r, double atol, double rtol) {
  double allowed = atol + rtol * fabs(r);
  return rtol > 0 && allowed > 0 && isfinite(allowed) ? atol / allowed : 0.0;
}
__device__ __forceinline__ bool ss_atol_held(double j, double a) {
  double l = fabs(j);
  return l > 0 && l <= 1 && l > 1 - a;
}

// Since helper h30d the told_* fields hold the atol_held kind and untold_* the other (judged_sums.h).
struct ss_judged_sums {
  u64 light;   // the least light share above 0
  u64 nan;     // a NaN light share (then every judged share of it is NaN too)
  u64 most;    // the largest light share (NaN passed over)
  u64 told;    // the least judged share above 0 of the atol_held kind
  u64 untold;  // and of the other
  u64 told_weak, told_near, untold_weak, untold_near;  // judged in (0, 1] per kind, (0, near]
  u64 told_unseen, untold_unseen;  // the largest unseen share ((d)) per kind; 0: none
};

// The strided partition's judged light share (law_regions.h judged_light_shares) of each element
// over `classes` class shares (<= 256), for both values of the output's `told` (equal since
// helper h30t dropped (b); the host picks the one its output's `most` says once every block is in).
// `base` (null: no grain floor) the set's reference slots of these elements, `atol` and `rtol` the
// output's tolerance, `digits`, `min_exp` and `bound` its grain (grain_floor; with `base` only). `out` (null: nowhere): light at i, judged if told at n + i, judged if not at 2n + i.
extern "C" __global__ void solver_judged256(const double* by_class, int classes, long long n,
                                            double dominant, const double* base, double atol,
                                            double rtol, int digits, int min_exp, double bound,
                                            double* out,
                                            ss_judged_sums* sums) {
  __shared__ u64 j_light[256], j_nan[256], j_most[256], j_told[256], j_untold[256];
  __shared__ u64 j_unseen[2][256];
  u64 unseen[2] = {0, 0};
  __shared__ u64 j_count[4][256];  // told_weak, told_near, untold_weak, untold_near
  u64 light = ~0ULL, nan = 0, most = 0, told = ~0ULL, untold = ~0ULL;
  u64 count[4] = {0, 0, 0, 0};
  const double near = 16.0;  // law_regions.h kNearLight
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    double total = 0;
    int spread = 0;
    double l = ss_light<256>(by_class, classes, n, i, dominant, &total, &spread);
    double floor = -1;
    if (base) floor = ss_grain_floor(base[i], atol, rtol, digits, min_exp, bound);
    double j = ss_judged(l, total, spread, floor);
    if (out) {
      out[i] = l;
      out[n + i] = j;
      out[2 * n + i] = j;
    }
    if (l != l) {
      nan = 1;
      continue;
    }
    if (ss_bits(l) > most) most = ss_bits(l);
    if (l > 0 && ss_bits(l) < light) light = ss_bits(l);
    // h30d: the kind (atol_held: told_* fields, else untold_*); no `base`: every element kind 0
    bool held = base && ss_atol_held(j, ss_atol_part(base[i], atol, rtol));
    if (j > 0 && held && ss_bits(j) < told) told = ss_bits(j);
    if (j > 0 && !held && ss_bits(j) < untold) untold = ss_bits(j);
    u64 weak = j < 0 || (j > 0 && j <= 1);  // unseen ((d)) counted as before it
    u64 close = j < 0 || (j > 0 && j <= near);
    count[held ? 0 : 2] += weak;
    count[1] += close;
    count[3] += close;
    if (j < 0 && ss_bits(-j) > unseen[held ? 0 : 1]) unseen[held ? 0 : 1] = ss_bits(-j);
  }
  unsigned t = threadIdx.x;
  j_light[t] = light;
  j_nan[t] = nan;
  j_most[t] = most;
  j_told[t] = told;
  j_untold[t] = untold;
  for (int c = 0; c < 4; ++c) j_count[c][t] = count[c];
  j_unseen[0][t] = unseen[0];
  j_unseen[1][t] = unseen[1];
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (t < half) {
      if (j_light[t + half] < j_light[t]) j_light[t] = j_light[t + half];
      j_nan[t] |= j_nan[t + half];
      if (j_most[t + half] > j_most[t]) j_most[t] = j_most[t + half];
      if (j_told[t + half] < j_told[t]) j_told[t] = j_told[t + half];
      if (j_untold[t + half] < j_untold[t]) j_untold[t] = j_untold[t + half];
      for (int c = 0; c < 4; ++c) j_count[c][t] += j_count[c][t + half];
      for (int c = 0; c < 2; ++c)
        if (j_unseen[c][t + half] > j_unseen[c][t]) j_unseen[c][t] = j_unseen[c][t + half];
    }
    __syncthreads();
  }
  if (t == 0) {
    atomicMin(&sums->light, j_light[0]);
    if (j_nan[0]) atomicMax(&sums->nan, 1ULL);
    atomicMax(&sums->most, j_most[0]);
    atomicMin(&sums->told, j_told[0]);
    atomicMin(&sums->untold, j_untold[0]);
    if (j_count[0][0]) atomicAdd(&sums->told_weak, j_count[0][0]);
    if (j_count[1][0]) atomicAdd(&sums->told_near, j_count[1][0]);
    if (j_count[2][0]) atomicAdd(&sums->untold_weak, j_count[2][0]);
    if (j_count[3][0]) atomicAdd(&sums->untold_near, j_count[3][0]);
    if (j_unseen[0][0]) atomicMax(&sums->told_unseen, j_unseen[0][0]);
    if (j_unseen[1][0]) atomicMax(&sums->untold_unseen, j_unseen[1][0]);
  }
}

// The strided partition's median screen (helper h28j): per element of the whole output, how
// many class echoes left its energy (share squared, element_shares' rule as in solver_share) at
// 0, and whether a share was NaN. After every class: an element with at least `half` of them at
// 0 has a median class that does not move, so its light share is 0 (light_shares) and it is not
// judged (judged_light_shares); where every element of every output is so, the partition's light
// and judged shares are 0 everywhere, exactly, without the other blocks' class echoes.
struct ss_screen_sums {
  u64 moves;  // some element has fewer than `half` classes at 0
  u64 nan;    // some share was NaN
};
extern "C" __global__ void solver_zero_count(const double* base, const double* echo, long long n,
                                             int wide, double atol, double rtol, double mag_rtol,
                                             unsigned short* counts, ss_screen_sums* sums) {
  u64 nan = 0;
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    double s = ss_share(base[i], echo[i], wide, atol, rtol, mag_rtol);
    double e = s * s;
    if (e != e) nan = 1;
    else if (e == 0) counts[i] = (unsigned short)(counts[i] + 1);
  }
  if (nan) atomicMax(&sums->nan, 1ULL);
}
extern "C" __global__ void solver_median_moves(const unsigned short* counts, long long n, int half,
                                               ss_screen_sums* sums) {
  u64 moves = 0;
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    if (counts[i] < half) moves = 1;
  if (moves) atomicMax(&sums->moves, 1ULL);
}
)";

static_assert(kShareBlock == 256, "the source's shared arrays hold 256 threads");
static_assert(kStridedRegions <= 256, "solver_judged256 holds at most 256 classes");
static_assert(kDominantEnergy == 16, "passed to the kernel as `dominant`");
static_assert(kNearLight == 16, "solver_judged256's `near`");
static_assert(kLightSpread == 64, "ss_judged's (c)");
static_assert(sizeof(JudgedSums) == 11 * 8, "ss_judged_sums' fields");

double from_bits(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

}  // namespace

const char* share_source() { return kSource; }

double share_largest(const ShareSums& s) { return from_bits(s.largest_bits); }

double share_weakest(const ShareSums& s) {
  if (s.nan) return std::numeric_limits<double>::quiet_NaN();
  return s.weakest_bits == ~uint64_t(0) ? 0.0 : from_bits(s.weakest_bits);
}

double light_weakest(const LightSums& s) {
  if (s.nan) return std::numeric_limits<double>::quiet_NaN();
  return s.weakest_bits == ~uint64_t(0) ? 0.0 : from_bits(s.weakest_bits);
}

}  // namespace solver::gpu

namespace solver::gpu {

ShareProbe share_probe(int64_t n, int echoes, int wide, int classes, uint64_t seed) {
  ShareProbe p;
  p.n = n;
  uint64_t x = seed;
  auto next = [&x] {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return x;
  };
  const double inf = std::numeric_limits<double>::infinity();
  auto slot = [&](double v) {  // a 64-bit integer output's slot holds its bits
    if (wide == 0) return v;
    const uint64_t bits = wide == 1 ? uint64_t(int64_t(v)) : uint64_t(v < 0 ? -v : v);
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  };
  std::vector<double> values(static_cast<size_t>(n));
  p.base.resize(size_t(n));
  for (int64_t i = 0; i < n; ++i) {
    const uint64_t r = next();
    double v = std::ldexp(0.5 + double(r >> 11) / double(1ULL << 53), int((r >> 5) % 24) - 8);
    if (r & 1) v = -v;
    if (wide) v = std::floor(std::ldexp(v, 40));  // past 2^53 the conversion to double rounds
    if (i % 89 == 0) v = 0;
    if (wide == 0 && i % 97 == 5) v = (r & 2) ? inf : -inf;
    values[size_t(i)] = v;
    p.base[size_t(i)] = slot(v);
  }
  for (int e = 0; e < echoes; ++e) {
    std::vector<double> echo(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      const uint64_t r = next();
      double v = values[size_t(i)];
      switch (r % 6) {
        case 0:
          break;  // unmoved
        case 1:
          v = v * (1 + double((r >> 8) % 1000) * 1e-7);
          break;  // inside or near the bar
        case 2:
          v = v * (1 + 3e-4);
          break;  // out at rtol 1e-4
        case 3:
          v = v + double((r >> 8) % 16);
          break;  // an absolute step (0 included)
        case 4:
          v = -v;
          break;
        default:
          v = v * 2;
          break;
      }
      if (wide == 0 && (r >> 20) % 211 == 0) v = (r >> 30) & 1 ? inf : std::nan("");
      if (wide) v = std::floor(v);
      echo[size_t(i)] = slot(v);
    }
    p.echoes.push_back(std::move(echo));
  }
  p.fold_start.resize(size_t(n));
  for (int64_t i = 0; i < n; ++i) {
    const uint64_t r = next();
    p.fold_start[size_t(i)] =
        i % 503 == 7 ? std::nan("") : (r % 3 == 0 ? 0.0 : double(r % 50) * 0.1);
  }
  p.by_class.resize(size_t(classes) * size_t(n));
  for (int c = 0; c < classes; ++c)
    for (int64_t i = 0; i < n; ++i) {
      const uint64_t r = next();
      double s = 0;
      // Per element a pattern: few movers (median 0), many equal shares (ties), spread values,
      // one dominant class, infinities.
      switch (i % 5) {
        case 0:
          s = (r % 7 == 0) ? double(r % 9) : 0.0;
          break;
        case 1:
          s = double((r >> 3) % 4);
          break;
        case 2:
          s = std::ldexp(double(r >> 11) / double(1ULL << 53), int((r >> 7) % 20) - 10);
          break;
        case 3:
          s = c == int(i % classes) ? 1e3 : double((r >> 3) % 3) + 0.5;
          break;
        default:
          s = (r % 13 == 0) ? inf : double((r >> 3) % 100) * 0.01;
          break;
      }
      if (i % 211 == 3 && c == 1) s = std::nan("");
      p.by_class[size_t(c) * size_t(n) + size_t(i)] = s;
    }
  return p;
}

}  // namespace solver::gpu
