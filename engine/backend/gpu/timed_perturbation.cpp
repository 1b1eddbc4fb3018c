#include "engine/backend/gpu/timed_perturbation.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/normal_knots.h"
#include "engine/backend/gpu/parallel_chunks.h"
#include "engine/backend/gpu/perturb_arith.h"
#include "engine/backend/gpu/structured_perturbation.h"
#include "generators/problem_spec.h"

namespace solver::gpu {

namespace {

using generators::DType;
using namespace perturb_detail;

constexpr uint64_t kHalfCell = uint64_t(1) << 48;       // 1/32 of u's 2^53
constexpr uint64_t kInterior = 2 * kCells * kHalfCell;  // [1/32, 31/32): 15 cells of 1/16
constexpr int kBulkCells = kCells - kHoles;
static_assert(kCells % kBulkCells == 0, "the interior's half-cells map evenly onto the bulk's");

// The value's draw and the cell's (derive_source.cpp: the same constants).
constexpr uint64_t kRedrawSalt = 0x7265647261770000ULL;
constexpr uint64_t kPlantSalt = 0x706c616e74000000ULL;

// 2^-g exactly, from its bits (the device builds the same double).
double pow2_neg(int g) {
  const uint64_t bits = uint64_t(1023 - g) << 52;
  double f;
  std::memcpy(&f, &bits, 8);
  return f;
}

// kHoles of the kCells interior cells as holes, by a seeded shuffle: the bulk cells in the
// first nibbles, the holes after them.
uint64_t pick_cells(uint64_t seed) {
  int c[kCells];
  for (int k = 0; k < kCells; ++k) c[k] = k;
  for (int k = kCells - 1; k > 0; --k) std::swap(c[k], c[draw(seed, -16 - k) % uint64_t(k + 1)]);
  uint64_t out = 0;
  for (int k = 0; k < kCells; ++k) out |= uint64_t(c[k]) << (4 * k);
  return out;
}

// The law's outer 2^-kEdgeBits at each end (P13b): kept for the planted extremes.
constexpr uint64_t kEdge = uint64_t(1) << (53 - kEdgeBits);

// A tail's offset (48 bits) squeezed into [kEdge, 2^48) (the low tail; the high one is the
// same offset after 31/32, ending kEdge short of 1): each tail keeps its rate, the law's outer
// edge is left to the planted extremes (derive_source.cpp: sd_squeeze, sd_squeeze_iid).
constexpr int kTailShift = 48 - (53 - kEdgeBits);  // 2^48 / kEdge = 2^7
uint64_t squeeze_tail(uint64_t off) {
  return kEdge + off - ((off + (uint64_t(1) << kTailShift) - 1) >> kTailShift);
}
// An i.i.d. draw's u (53 bits) squeezed into [kEdge, 1 - kEdge): both edges left to them.
uint64_t squeeze_iid(uint64_t u) {
  return kEdge + u - ((u + (uint64_t(1) << (kEdgeBits - 1)) - 1) >> (kEdgeBits - 1));
}

// u (53 bits) of a redrawn element from its two draws (derive_source.cpp: sd_place): the tails
// [0, 1/32) and [31/32, 1) are always bulk, without their outer 2^-kEdgeBits; the interior's
// half-cells (2^48 each) are turned by the run's phase inside the interior. A bulk draw is in
// a tail at the law's own rate (1/16) and else in one of the 2 x kBulkCells half-cells of the
// bulk; a planted one in one of the 2 x kHoles half-cells of the holes.
uint64_t place(const Perturbation& p, uint64_t w, uint64_t w2, int stratum) {
  const uint64_t off = w >> 16, k = w2 >> 32;
  uint64_t half = 0;
  if ((w2 & p.plant_mask) == 0) {
    const uint64_t s = k % uint64_t(2 * kHoles);
    half = 2 * ((p.cells >> (4 * (kBulkCells + int(s / 2)))) & 15) + s % 2;
  } else {
    // The tails at the law's own rate (2 of 32 half-cells), the interior's 30 onto the bulk's.
    const uint64_t s = k % uint64_t(2 + 2 * kCells);
    if (s == 0) return squeeze_tail(off);                                  // the low tail
    if (s == 1) return kHalfCell + kInterior + squeeze_tail(off) - kEdge;  // the high tail
    uint64_t b = (s - 2) % uint64_t(2 * kBulkCells);
    if (stratum >= 0) b = b % uint64_t(kBulkCells) + uint64_t(kBulkCells * stratum);  // P6l
    half = 2 * ((p.cells >> (4 * int(b / 2))) & 15) + b % 2;
  }
  uint64_t at = half * kHalfCell + off + p.phase;  // both < kInterior
  if (at >= kInterior) at -= kInterior;
  return kHalfCell + at;
}

// An i.i.d. draw's u (53 bits) into its stratum's half of the law (P6l, h28v): [lo, lo + 1/2)
// for stratum 0, the rest for 1, cyclically; unchanged without one (derive_source.cpp: sd_strata).
uint64_t strata_u(const Perturbation& p, int stratum, uint64_t u) {
  if (stratum < 0) return u;
  constexpr uint64_t kHalf = uint64_t(1) << 52, kAll = (uint64_t(1) << 53) - 1;
  return (p.cls_lo + (stratum ? kHalf : 0) + (u >> 1)) & kAll;
}

uint64_t plant_mask(int64_t n) {
  int k = 0;
  while (k < kPlantBits && (int64_t(16) << (k + 1)) <= n) ++k;
  return (uint64_t(1) << k) - 1;
}

// u of a planted extreme (P13b) at `end` (1 top, 2 bottom; derive_source.cpp: sd_extreme):
// uniform in the outer 2^-kBandBits (half the edge) of the law's end if it is the deep one, else
// uniform in the edge's inner half: the value, not only the place, drawn per run (red team 7).
uint64_t extreme_u(int end, int deep, uint64_t w) {
  const uint64_t e = w >> (11 + kBandBits);  // 53 - kBandBits bits: inside the band
  const uint64_t depth = end == deep ? 0 : kEdge / 2;
  if (end == 2) return depth + e;
  return (uint64_t(1) << 53) - (uint64_t(1) << (53 - kBandBits)) - depth + e;
}

void redraw_range(const generators::ResolvedBuffer& b, unsigned char* data, const Perturbation& p,
                  bool as_double, int type, int64_t begin, int64_t end);

// The strata's stride, phase, mask (a keyed half of the residues) and the law's split point,
// from their own key (no draw shared with the cells' shuffle or the planted places).
void draw_strata(Perturbation& p) {
  const uint64_t key = mix(p.seed ^ 0x7374726174610000ULL);
  p.cls_stride = 2 * (1 + int64_t(draw(key, 0) % uint64_t(kStrataStrideMax / 2)));
  p.cls_phase = int64_t(draw(key, 1) % uint64_t(p.cls_stride));
  int r[kStrataStrideMax];
  for (int k = 0; k < p.cls_stride; ++k) r[k] = k;
  for (int k = int(p.cls_stride) - 1; k > 0; --k)
    std::swap(r[k], r[draw(key, 8 + k) % uint64_t(k + 1)]);
  p.cls_mask = 0;
  for (int k = 0; k < p.cls_stride / 2; ++k) p.cls_mask |= uint64_t(1) << r[k];
  p.cls_lo = draw(key, 2) >> 11;
}

}  // namespace

bool self_inverse(PerturbOp op) { return op == PerturbOp::Pairs || op == PerturbOp::Conjugate; }

int perturb_type(DType d) {
  switch (d) {
    case DType::F32:
      return 0;
    case DType::F64:
      return 1;
    case DType::F16:
      return 2;
    case DType::BF16:
      return 3;
    case DType::I32:
      return 16 + 4;
    case DType::I64:
      return 16 + 8;
    case DType::U32:
      return 32 + 4;
    default:
      return 32 + 8;
  }
}

bool perturb_planted(const Perturbation& p, int64_t i) {
  // An extreme's place (P13b) takes its value from the edge, whatever its plant draw says.
  if (i == p.top_at || i == p.bottom_at) return false;
  return (draw(p.seed ^ kPlantSalt, i) & p.plant_mask) == 0;
}

int perturb_stratum(const Perturbation& p, int64_t i) {
  if (p.cls_stride <= 0) return -1;
  return int((p.cls_mask >> ((i + p.cls_phase) % p.cls_stride)) & 1);
}

bool perturb_extreme(const Perturbation& p, int64_t i) {
  return p.op == PerturbOp::Redraw && (i == p.top_at || i == p.bottom_at);
}

bool timed_changeable(const generators::ResolvedBuffer& b) {
  const std::string& k = b.init.kind;
  if (b.elements <= 0 || k == "constant" || k == "arange") return false;
  if (b.role != generators::BufferRole::In && b.role != generators::BufferRole::InOut) return false;
  const bool fl = perturb_type(b.dtype) < 16;
  if (k == "uniform" || k == "normal" || k == "randint" || k == "mask") return true;
  if (k == "sorted") return b.elements >= 3;
  // Index structures need an integer dtype (the loader's rule) and 32-bit pair arithmetic.
  if (fl || b.elements < 2 || uint64_t(b.elements) >= (uint64_t(1) << 32)) return false;
  return k == "permutation" || k == "cycle" || k == "csr_rowptr";
}

bool sign_symmetric(const generators::ResolvedBuffer& b) {
  const std::string& k = b.init.kind;
  if (k == "normal") return true;  // support: every real number
  if (k == "uniform") return b.init.a == -b.init.b;
  if (k == "randint") return std::ceil(b.init.a) == -(std::ceil(b.init.b) - 1);
  if (k == "constant") return b.init.a == 0;
  return false;
}

bool shrinks_to_zero(const generators::ResolvedBuffer& b, bool homogeneous) {
  if (b.init.kind != "uniform" || perturb_type(b.dtype) >= 16 || b.init.a < 0) return false;
  return b.init.a == 0 || (homogeneous && b.init.b > b.init.a);
}

std::vector<Perturbation> timed_perturbations(const generators::ResolvedVariant& v,
                                              uint64_t run_seed, bool homogeneous, bool law,
                                              bool strata) {
  std::vector<Perturbation> out;
  for (size_t i = 0; i < v.buffers.size(); ++i) {
    const auto& b = v.buffers[i];
    if (!timed_changeable(b)) continue;
    const std::string& k = b.init.kind;
    const bool fl = perturb_type(b.dtype) < 16;
    Perturbation p;
    p.buffer = i;
    p.seed = mix(run_seed ^ mix(0x7065727475726200ULL + i));
    p.cells = pick_cells(p.seed);
    p.phase = draw(p.seed, -3) % kInterior;
    p.plant_mask = plant_mask(b.elements);
    const uint64_t n = uint64_t(b.elements);
    // make_input's integer range for randint: [ceil(a), ceil(b) - 1]; a uniform draw rounded
    // to an integer dtype lands in about the same range.
    auto range_law = [&] {
      const auto [lo, hi] = integer_range(b.init);
      p.law = PerturbLaw::Range;
      p.lo = lo;
      p.range = uint64_t(hi) - uint64_t(lo) + 1;  // 0 when it spans every 64-bit value
      p.centre2 = double(lo) + double(hi);
    };
    // The keyed pairings (pair_relabel.h): 64-bit keys from the run seed, so a run's relabelling
    // is unknown to a kernel that knows every standing set (public seeds).
    auto pairs = [&](PerturbOp op) {
      p.op = op;
      p.pair_key = draw(p.seed, -1);
      p.value_key = op == PerturbOp::Conjugate ? p.pair_key : draw(p.seed, -2);
      p.subset = op == PerturbOp::Pairs ? 1 : 0;
    };
    if (k == "sorted" || k == "csr_rowptr") {
      p.op = k == "sorted" ? PerturbOp::Segments : PerturbOp::Resample;
      p.block = 4 + int64_t(draw(p.seed, -4) % 61);  // 4..64 places a block
      p.degrees = k == "csr_rowptr" ? 1 : 0;
    } else if (k == "cycle") {
      pairs(PerturbOp::Conjugate);
    } else if (k == "permutation") {
      pairs(PerturbOp::Pairs);
    } else if (k == "mask") {
      p.op = PerturbOp::Redraw;
      p.law = PerturbLaw::Mask;
      double q = std::min(1.0, std::max(0.0, b.init.a));
      p.threshold = uint64_t(std::ldexp(q, 53));
    } else {
      p.op = PerturbOp::Redraw;
      if (k == "normal") {
        p.law = PerturbLaw::Normal, p.a = b.init.a, p.scale = b.init.b;
        p.centre2 = 2 * b.init.a;
      } else if (k == "randint" || !fl) {
        range_law();
      } else {
        p.law = PerturbLaw::Uniform, p.a = b.init.a, p.scale = b.init.b - b.init.a;
        p.centre2 = b.init.a + b.init.b;
      }
      // A law on [0, b) is shrunk towards 0 (its sums must not be left without cancellation's
      // power: P6c), and on a problem verified homogeneous every positive uniform law (the
      // adversarial sets leave its support: so do the verified runs, red team 7); every other
      // float law reflected about its centre.
      const bool from_zero = p.law == PerturbLaw::Uniform && shrinks_to_zero(b, homogeneous);
      p.reflect = !fl ? 0 : from_zero ? 2 : 1;
      // dist_fixed: the declared law exactly, i.i.d. (no planted cells, no shrink): its
      // distribution is the problem's meaning (an index buffer's spread over the rows it
      // gathers sets the traffic the floor counts); a symmetric law's reflection keeps it.
      // An integer normal too: with no reflection to even out the planted cells its mean would
      // move (N(0, 30) came out at mean 8.7, sd 23), and a redraw in law is what it needs.
      // The law pairs (P6d, red team 18): every buffer as a dist_fixed one, the law i.i.d.
      p.iid = law || b.dist_fixed || (k == "normal" && !fl) ? 1 : 0;
      // P13b: the two planted extremes, at seeded places (dist_fixed too: two places of a
      // buffer do not change what it indexes), for every law drawn through u.
      if (!(p.law == PerturbLaw::Range && p.range == 0) && n >= 2) {
        p.top_at = int64_t(draw(p.seed, -6) % n);
        p.bottom_at = int64_t(draw(p.seed, -7) % (n - 1));
        if (p.bottom_at >= p.top_at) ++p.bottom_at;  // a different place
        p.deep = 1 + int(draw(p.seed, -8) & 1);
      }
      if ((law || b.dist_fixed) && p.reflect == 2) p.reflect = 0;
      const bool through_u = !(p.law == PerturbLaw::Range && p.range == 0);
      // The keyed strata (P6l, h28v): not where the law is the problem's meaning (dist_fixed);
      // every such buffer of every run, each with its own keys (below). An integer normal off the
      // law takes them too (h29m, red team 29): it is drawn i.i.d. there, and the i.i.d. strata (a
      // half of u each) keep its law, as on the law pairs; a defence present in the law pairs only
      // was a signal a kernel read.
      if (through_u && !b.dist_fixed && n >= 2) p.cls_stride = -1;
    }
    out.push_back(p);
  }
  // P6l's strata on every buffer that may take them, each with its own keys (its own seed:
  // stride, phase, mask and split drawn apart; helper h30g, red team 30's
  // redteam30_two_input_strata_cv). Until then one buffer a run, chosen by the run seed, so that
  // positions would not tie two inputs' values together; but with two law inputs every run left
  // one unstratified and a kernel that told which sampled the other. Independent keys tie them
  // only through residues the two strides share (both even): position i's two halves agree
  // with the chance their masks' residues coincide, a correlation of the two inputs' values
  // that is keyed per run, of either sign (position_strata_test measures it).
  for (Perturbation& p : out)
    if (p.cls_stride < 0) {
      p.cls_stride = 0;
      if (strata) draw_strata(p);
    }
  return out;
}

void apply_perturbation(const generators::ResolvedBuffer& b, unsigned char* data,
                        const Perturbation& p, bool as_double) {
  const int64_t n = b.elements;
  if (n <= 0) return;
  const int type = perturb_type(b.dtype);
  if (p.op == PerturbOp::Conjugate || p.op == PerturbOp::Pairs)
    return relabel_pairs(data, n, p, type, as_double);
  if (p.op == PerturbOp::Resample) return resample_between(b, data, p, type, as_double);
  if (p.op == PerturbOp::Segments) return redraw_segments(b, data, p, type, as_double);
  // Each element its own draws: stretches on as many threads as the host has (a fresh set of
  // 2^26 elements is a second on one core).
  const int64_t stretch = int64_t(1) << 20;
  const int64_t stretches = (n + stretch - 1) / stretch;
  for_each_chunk(stretches, 0, [&](int64_t s) {
    redraw_range(b, data, p, as_double, type, s * stretch, std::min(n, (s + 1) * stretch));
  });
}

namespace {

void redraw_range(const generators::ResolvedBuffer& b, unsigned char* data, const Perturbation& p,
                  bool as_double, int type, int64_t begin, int64_t end) {
  for (int64_t i = begin; i < end; ++i) {
    const uint64_t w = draw(p.seed ^ kRedrawSalt, i);
    const int end = i == p.top_at ? 1 : i == p.bottom_at ? 2 : 0;  // a planted extreme (P13b)
    uint64_t iv = 0;
    double v = 0;
    const bool integer = p.law == PerturbLaw::Range || p.law == PerturbLaw::Mask;
    bool keep = false;
    if (p.law == PerturbLaw::Mask) {
      iv = (w >> 11) < p.threshold ? 1 : 0;
    } else if (p.law == PerturbLaw::Range && p.range == 0) {
      iv = uint64_t(p.lo) + w;
    } else {
      const uint64_t w2 = draw(p.seed ^ kPlantSalt, i);
      // 53 bits; i.i.d. (dist_fixed) draws leave the edges to the extremes too (P13b).
      // P6l's stratum (h28v): none at an extreme or a planted place (P13, P13b keep theirs).
      const int stratum = end || (!p.iid && (w2 & p.plant_mask) == 0) ? -1 : perturb_stratum(p, i);
      const uint64_t u = end     ? extreme_u(end, p.deep, w)
                         : p.iid ? squeeze_iid(strata_u(p, stratum, w >> 11))
                                 : place(p, w, w2, stratum);
      // Shrunk (a [0, b) law, P6c) only in the bulk's interior: the planted values keep their
      // cells and the tails their rate (an early-exit search for the extremes finds as many).
      keep = p.iid || (w2 & p.plant_mask) == 0 || u < kHalfCell || u >= kHalfCell + kInterior;
      if (p.law == PerturbLaw::Range) {
        iv = uint64_t(p.lo) + mulhi(u << 11, p.range);
      } else if (p.law == PerturbLaw::Uniform) {
        v = add(p.a, mul(p.scale, double(u) * 0x1p-53));
      } else {
        const int j = int(u >> 47);
        const double r = double(u & 0x7fffffffffffULL) * 0x1p-47;
        const double z = add(kNormalKnots[j], mul(sub(kNormalKnots[j + 1], kNormalKnots[j]), r));
        v = add(p.a, mul(p.scale, z));
        // An integer normal is redrawn in its law, rounded as make_input rounds it (an
        // exchange of places left every order-blind digest of it unchanged: red team 5).
        if (type >= 16)
          iv = type < 32 ? uint64_t(std::llround(v)) : uint64_t(std::llround(std::max(v, 0.0)));
      }
    }
    if (type < 16) {
      if (integer) v = double(int64_t(iv));
      // A quarter of a float input's positions reflected about the law's centre (the value
      // draw's two low bits, which its place does not use): inside the support always; for a
      // law centred on 0 a sign flip, so a sum cancels and an estimator's error shows.
      // Never an extreme: it stays at its end, the deep one deepest.
      if (p.reflect == 1 && (w & 3) == 0 && !end) v = sub(p.centre2, v);
      // A law on [0, b): 31 of 32 interior bulk positions shrunk towards 0 by 2^-g, g in 1..24
      // (bits 5-9 of the value draw, unused by its place): still in [0, b), exact in binary,
      // and the sum's spread relative to its size is larger than the negated quarter's (P6c).
      if (p.reflect == 2 && (w & 31) != 0 && !keep)
        v = mul(v, pow2_neg(1 + int((w >> 5) & 31) % 24));
      if (as_double) {
        double held = 0;
        unsigned char tmp[8];
        held = store_float(b.dtype, tmp, 0, v);
        std::memcpy(data + size_t(i) * 8, &held, 8);
      } else {
        store_float(b.dtype, data, i, v);
      }
      continue;
    }
    const int size = type & 15;
    const bool is_signed = type < 32;
    if (as_double) {
      double d = size == 4 ? (is_signed ? double(int32_t(uint32_t(iv))) : double(uint32_t(iv)))
                           : (is_signed ? double(int64_t(iv)) : double(iv));
      std::memcpy(data + size_t(i) * 8, &d, 8);
    } else if (size == 4) {
      uint32_t x = uint32_t(iv);
      std::memcpy(data + size_t(i) * 4, &x, 4);
    } else {
      std::memcpy(data + size_t(i) * 8, &iv, 8);
    }
  }
}

}  // namespace

}  // namespace solver::gpu
