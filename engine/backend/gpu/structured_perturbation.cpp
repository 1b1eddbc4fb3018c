#include "engine/backend/gpu/structured_perturbation.h"

#include <algorithm>

#include "engine/backend/gpu/perturb_arith.h"

namespace solver::gpu {

using namespace perturb_detail;

namespace {

// The segments' draw (derive_source.cpp: the same constant).
constexpr uint64_t kMirrorSalt = 0x6d6972726f720000ULL;

// s(v) = p(p^-1(v) ^ 1), the pairs' involution on values (the unpaired last place of an odd n
// maps to itself).
uint64_t involution(const Perturbation& p, uint64_t n, uint64_t v) {
  const uint64_t t = ((v % n + n - p.add) % n) * p.inv % n;
  if ((n & 1) && t == n - 1) return v;
  return (p.mult * (t ^ 1) + p.add) % n;
}

}  // namespace

void conjugate_cycle(unsigned char* data, int64_t n, const Perturbation& p, int type,
                     bool as_double) {
  // c' = s o c o s: c'[x] = s(c[y]) and c'[y] = s(c[x]) for each pair (x, y); the unpaired
  // place z of an odd n keeps its position, c'[z] = s(c[z]).
  const uint64_t un = uint64_t(n);
  for (int64_t j = 0; j < (n + 1) / 2; ++j) {
    const uint64_t x = (p.mult * uint64_t(2 * j) + p.add) % un;
    if (2 * j + 1 == n) {
      store_int(type, data, int64_t(x),
                involution(p, un, load_int(type, data, int64_t(x), as_double)), as_double);
      continue;
    }
    const uint64_t y = (p.mult * uint64_t(2 * j + 1) + p.add) % un;
    const uint64_t cx = load_int(type, data, int64_t(x), as_double);
    const uint64_t cy = load_int(type, data, int64_t(y), as_double);
    store_int(type, data, int64_t(x), involution(p, un, cy), as_double);
    store_int(type, data, int64_t(y), involution(p, un, cx), as_double);
  }
}

void mirror_segments(const generators::ResolvedBuffer& b, unsigned char* data,
                     const Perturbation& p, int type, bool as_double) {
  // Segments of `block` places between anchors (every (block + 1)-th place from `offset`, and
  // the first and last places): a seeded half of them reflected and reversed between their
  // two anchors, x'[k] = L + R - x[s + e - k]. Each pair (k, s + e - k) is one step, reading
  // nothing another step writes, so the order of the walk (and the device's threads) is free.
  const int64_t n = b.elements, period = p.block + 1;
  for (int64_t i = 1; i + 1 < n; ++i) {
    const int64_t r = ((i - p.offset) % period + period) % period;
    if (r == 0) continue;  // an anchor
    const int64_t a1 = i - r, s = std::max<int64_t>(a1 + 1, 1),
                  e = std::min<int64_t>(a1 + period - 1, n - 2), j = s + e - i;
    if (i > j) continue;  // made with its partner
    if ((draw(p.seed ^ kMirrorSalt, (a1 + period) / period) & 1) == 0) continue;
    if (type >= 16) {
      const uint64_t lo = load_int(type, data, s - 1, as_double),
                     hi = load_int(type, data, e + 1, as_double);
      const uint64_t xi = load_int(type, data, i, as_double),
                     xj = load_int(type, data, j, as_double);
      if (!int_le(type, lo, xi) || !int_le(type, xi, hi) || !int_le(type, lo, xj) ||
          !int_le(type, xj, hi))
        continue;                                           // not sorted here: left alone
      store_int(type, data, i, lo + (hi - xj), as_double);  // in [lo, hi]: no overflow
      store_int(type, data, j, lo + (hi - xi), as_double);
      continue;
    }
    auto at = [&](int64_t k) {
      if (as_double) {
        double d;
        std::memcpy(&d, data + size_t(k) * 8, 8);
        return d;
      }
      return load_float(b.dtype, data, k);
    };
    const double lo = at(s - 1), hi = at(e + 1), xi = at(i), xj = at(j);
    if (!(lo <= xi && xi <= hi && lo <= xj && xj <= hi)) continue;
    // Rounded (monotone), then clamped to [lo, hi] (monotone): the segment stays sorted.
    auto reflect = [&](double x) {
      unsigned char tmp[8];
      const double held = store_float(b.dtype, tmp, 0, sub(add(lo, hi), x));
      return held < lo ? lo : held > hi ? hi : held;
    };
    const double ni = reflect(xj), nj = reflect(xi);
    auto put = [&](int64_t k, double v) {
      if (as_double)
        std::memcpy(data + size_t(k) * 8, &v, 8);
      else
        store_float(b.dtype, data, k, v);
    };
    put(i, ni);
    put(j, nj);
  }
}

}  // namespace solver::gpu
