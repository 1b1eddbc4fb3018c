#include "engine/backend/gpu/structured_perturbation.h"

#include <algorithm>
#include <cstring>

#include "engine/backend/gpu/pair_relabel.h"
#include "engine/backend/gpu/parallel_chunks.h"
#include "engine/backend/gpu/perturb_arith.h"

namespace solver::gpu {

using namespace perturb_detail;

namespace {

// The resample's draw (derive_source.cpp: the same constant).
constexpr uint64_t kResampleSalt = 0x726573616d700000ULL;
constexpr uint64_t kSegmentSalt = 0x7365676d656e7400ULL;

// Element i of a float buffer as a double: its float64 staging copy where `as_double`, else
// read in its dtype.
double load_value(generators::DType dtype, const unsigned char* data, int64_t i, bool as_double) {
  if (as_double) {
    double v;
    std::memcpy(&v, data + size_t(i) * 8, 8);
    return v;
  }
  return load_float(dtype, data, i);
}

}  // namespace

void relabel_pairs(unsigned char* data, int64_t n, const Perturbation& p, int type,
                   bool as_double) {
  // Pair j: places x = P(2j), y = P(2j+1) under pair_key; where the pair exchanges, x takes
  // s(c[y]) and y takes s(c[x]), else each keeps its own value through s (value_key's
  // involution). The unpaired place z of an odd n keeps its position: c'[z] = s(c[z]). The
  // pairs are disjoint, so stretches of them run on as many threads as the host has (the
  // device: a thread a pair).
  const FeistelKey fp = feistel_key(p.pair_key, uint64_t(n)),
                   fv = feistel_key(p.value_key, uint64_t(n));
  auto s = [&](uint64_t v) { return pair_involution(fv, v); };
  const int64_t pairs = (n + 1) / 2, stretch = int64_t(1) << 16;
  const int64_t stretches = (pairs + stretch - 1) / stretch;
  // Batches of kBatch pairs: their places first, then their loads (independent, so the cache
  // misses of a random walk over the buffer overlap), then the values' images and the stores.
  constexpr int64_t kBatch = 32;
  for_each_chunk(stretches, 0, [&](int64_t g) {
    uint64_t at[2 * kBatch], val[2 * kBatch];
    const int64_t end = std::min(pairs, (g + 1) * stretch);
    for (int64_t j0 = g * stretch; j0 < end; j0 += kBatch) {
      const int64_t m = std::min(kBatch, end - j0);
      for (int64_t i = 0; i < m; ++i) {
        const int64_t j = j0 + i;
        at[2 * i] = feistel(fp, uint64_t(2 * j));
        at[2 * i + 1] = 2 * j + 1 == n ? at[2 * i] : feistel(fp, uint64_t(2 * j + 1));
      }
      for (int64_t i = 0; i < 2 * m; ++i) val[i] = load_int(type, data, int64_t(at[i]), as_double);
      for (int64_t i = 0; i < m; ++i) {
        const int64_t j = j0 + i;
        const uint64_t x = at[2 * i], y = at[2 * i + 1], cx = val[2 * i], cy = val[2 * i + 1];
        if (2 * j + 1 == n) {
          store_int(type, data, int64_t(x), s(cx), as_double);
          continue;
        }
        const bool ex = pair_exchanged(p.pair_key, p.subset, j);
        store_int(type, data, int64_t(x), s(ex ? cy : cx), as_double);
        store_int(type, data, int64_t(y), s(ex ? cx : cy), as_double);
      }
    }
  });
}

bool resampled(const Perturbation& p, int64_t k) {
  // Block b of p.block places redraws the places of its parity draw(b); a block's first place
  // is dropped where the place before it (the last of the block before, the other parity) is
  // redrawn too, so no two redrawn places are neighbours.
  auto parity = [&](int64_t b) { return int64_t(draw(p.seed ^ kResampleSalt, -1 - b) & 1); };
  if ((k & 1) != parity(k / p.block)) return false;
  return !(k % p.block == 0 && ((k - 1) & 1) == parity((k - 1) / p.block));
}

void resample_between(const generators::ResolvedBuffer& b, unsigned char* data,
                      const Perturbation& p, int type, bool as_double) {
  // Every place k that `resampled` picks (the first and last excepted) is redrawn between its
  // two neighbours, which are not picked and stay: each step reads only places no step writes,
  // so the order of the walk (and the device's threads) is free. A place whose neighbours do
  // not hold it in order (not a sorted input) is left alone.
  const int64_t n = b.elements;
  for (int64_t k = 1; k + 1 < n; ++k) {
    if (!resampled(p, k)) continue;
    const uint64_t r = draw(p.seed ^ kResampleSalt, k);
    if (type >= 16) {
      const uint64_t lo = load_int(type, data, k - 1, as_double),
                     hi = load_int(type, data, k + 1, as_double),
                     x = load_int(type, data, k, as_double);
      if (!int_le(type, lo, x) || !int_le(type, x, hi)) continue;  // not sorted here
      // Row offsets (p.degrees): inside the range of the two rows' degrees, x - lo and
      // hi - x (their sum kept); sorted keys: anywhere in [lo, hi] (the order statistic's law
      // given its neighbours, for i.i.d. uniform keys).
      const uint64_t d = p.degrees ? std::min(x - lo, hi - x) : 0;
      const uint64_t a = lo + d, width = (hi - d) - a + 1;  // 0: every 64-bit value
      store_int(type, data, k, width == 0 ? r : a + mulhi(r, width), as_double);
      continue;
    }
    auto at = [&](int64_t i) { return load_value(b.dtype, data, i, as_double); };
    const double lo = at(k - 1), hi = at(k + 1), x = at(k);
    if (!(lo <= x && x <= hi)) continue;
    // Rounded to the dtype (monotone), then clamped to [lo, hi]: the array stays sorted.
    unsigned char tmp[8];
    double v = store_float(b.dtype, tmp, 0, add(lo, mul(sub(hi, lo), double(r >> 11) * 0x1p-53)));
    v = v < lo ? lo : v > hi ? hi : v;
    if (as_double)
      std::memcpy(data + size_t(k) * 8, &v, 8);
    else
      store_float(b.dtype, data, k, v);
  }
}

void redraw_segments(const generators::ResolvedBuffer& b, unsigned char* data,
                     const Perturbation& p, int type, bool as_double) {
  // Segment g lies between the anchors g B and min(g B + B, n - 1) (B = p.block); its places
  // in between are redrawn as sorted uniform draws between the two anchors' values: given its
  // anchors, a segment of sorted i.i.d. uniform keys is exactly that (the draws' order
  // statistics), repeats of a discrete law included. Each segment reads only its anchors, which
  // no segment writes. A segment whose anchors are out of order (not sorted data) stays.
  const int64_t n = b.elements, B = p.block;
  for (int64_t g = 0; g * B < n - 1; ++g) {
    const int64_t a = g * B, e = std::min(a + B, n - 1), m = e - a - 1;
    if (m <= 0) continue;
    uint64_t iv[kMaxSegment];
    double fv[kMaxSegment];
    if (type >= 16) {
      const uint64_t lo = load_int(type, data, a, as_double),
                     hi = load_int(type, data, e, as_double);
      if (!int_le(type, lo, hi)) continue;
      const uint64_t width = hi - lo + 1;  // 0: every 64-bit value
      for (int64_t j = 0; j < m; ++j) {
        const uint64_t r = draw(p.seed ^ kSegmentSalt, a + 1 + j);
        uint64_t v = width == 0 ? r : lo + mulhi(r, width);
        int64_t t = j;  // insertion: the draws in order
        for (; t > 0 && !int_le(type, iv[t - 1], v); --t) iv[t] = iv[t - 1];
        iv[t] = v;
      }
      for (int64_t j = 0; j < m; ++j) store_int(type, data, a + 1 + j, iv[j], as_double);
      continue;
    }
    auto at = [&](int64_t i) { return load_value(b.dtype, data, i, as_double); };
    const double lo = at(a), hi = at(e);
    if (!(lo <= hi)) continue;
    for (int64_t j = 0; j < m; ++j) {
      const uint64_t r = draw(p.seed ^ kSegmentSalt, a + 1 + j);
      unsigned char tmp[8];
      double v = store_float(b.dtype, tmp, 0, add(lo, mul(sub(hi, lo), double(r >> 11) * 0x1p-53)));
      v = v < lo ? lo : v > hi ? hi : v;  // rounded, clamped to the anchors
      int64_t t = j;
      for (; t > 0 && fv[t - 1] > v; --t) fv[t] = fv[t - 1];
      fv[t] = v;
    }
    for (int64_t j = 0; j < m; ++j) {
      if (as_double)
        std::memcpy(data + size_t(a + 1 + j) * 8, &fv[j], 8);
      else
        store_float(b.dtype, data, a + 1 + j, fv[j]);
    }
  }
}

}  // namespace solver::gpu
