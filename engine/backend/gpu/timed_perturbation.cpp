#include "engine/backend/gpu/timed_perturbation.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <utility>

#include "engine/backend/gpu/input_sets.h"

namespace solver::gpu {

namespace {

// splitmix64 with its increment, as input_sets.cpp and derive_source.cpp (sd_mix, sd_draw).
inline uint64_t mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
inline uint64_t draw(uint64_t seed, int64_t i) { return mix(seed ^ mix(uint64_t(i))); }

// The redrawn value's own draw (derive_source.cpp: kRedrawSalt).
constexpr uint64_t kRedrawSalt = 0x7265647261770000ULL;

bool is_float(generators::DType d) {
  using generators::DType;
  return d == DType::F16 || d == DType::BF16 || d == DType::F32 || d == DType::F64;
}

}  // namespace

bool self_inverse(PerturbOp op) { return op != PerturbOp::Redraw; }

bool perturb_chosen(uint64_t seed, int64_t i) {
  return draw(seed, i) % uint64_t(kPerturbOneIn) == 0;
}

std::vector<Perturbation> timed_perturbations(const generators::ResolvedVariant& v,
                                              uint64_t run_seed) {
  std::vector<Perturbation> out;
  for (size_t i = 0; i < v.buffers.size(); ++i) {
    const auto& b = v.buffers[i];
    Perturbation p;
    p.buffer = i;
    p.seed = mix(run_seed ^ mix(0x7065727475726200ULL + i));
    if (perturbable(b)) {
      p.op = PerturbOp::Signs;
    } else if (swappable(b)) {
      const std::string& k = b.init.kind;
      const uint64_t n = uint64_t(b.elements);
      if (k == "randint" || k == "uniform") {
        // make_input's integer range for randint: [ceil(a), ceil(b) - 1]; a uniform draw
        // rounded to an integer dtype lands in about the same range.
        int64_t lo = int64_t(std::ceil(b.init.a)), hi = int64_t(std::ceil(b.init.b)) - 1;
        if (hi < lo) hi = lo;
        p.op = PerturbOp::Redraw;
        p.lo = lo;
        p.range = uint64_t(hi) - uint64_t(lo) + 1;  // 0 when it spans every 64-bit value
      } else if (k == "mask") {
        p.op = PerturbOp::Redraw;
        p.mask = true;
        double q = std::min(1.0, std::max(0.0, b.init.a));
        p.threshold = uint64_t(std::ldexp(q, 53));
      } else {
        // permutation (only an exchange keeps it one) and integer normals
        if (n >= (uint64_t(1) << 32)) continue;  // mult * t must not overflow
        p.op = PerturbOp::Pairs;
        uint64_t m = (draw(p.seed, -1) % n) | 1;
        while (std::gcd(m, n) != 1) m = (m + 2) % n;
        p.mult = m;
        p.add = draw(p.seed, -2) % n;
      }
    } else {
      continue;
    }
    out.push_back(p);
  }
  return out;
}

void apply_perturbation(const generators::ResolvedBuffer& b, unsigned char* data,
                        const Perturbation& p, size_t element_size) {
  const int64_t n = b.elements;
  const size_t size = element_size ? element_size : generators::dtype_size(b.dtype);
  if (n <= 0) return;
  switch (p.op) {
    case PerturbOp::Signs:
      if (!is_float(b.dtype)) return;
      for (int64_t i = 0; i < n; ++i)
        if (perturb_chosen(p.seed, i)) data[size_t(i) * size + size - 1] ^= 0x80;
      return;
    case PerturbOp::Redraw:
      if (size != 4 && size != 8) return;
      for (int64_t i = 0; i < n; ++i) {
        if (!perturb_chosen(p.seed, i)) continue;
        uint64_t w = draw(p.seed ^ kRedrawSalt, i);
        uint64_t v = p.mask ? ((w >> 11) < p.threshold ? 1 : 0)
                            : uint64_t(p.lo) + (p.range ? w % p.range : w);
        if (size == 4) {
          uint32_t x = uint32_t(v);
          std::memcpy(data + size_t(i) * 4, &x, 4);
        } else {
          std::memcpy(data + size_t(i) * 8, &v, 8);
        }
      }
      return;
    case PerturbOp::Pairs:
      for (int64_t j = 0; j < n / 2; ++j) {
        if (!perturb_chosen(p.seed, j)) continue;
        uint64_t x = (p.mult * uint64_t(2 * j) + p.add) % uint64_t(n);
        uint64_t y = (p.mult * uint64_t(2 * j + 1) + p.add) % uint64_t(n);
        for (size_t k = 0; k < size; ++k) std::swap(data[x * size + k], data[y * size + k]);
      }
      return;
  }
}

}  // namespace solver::gpu
