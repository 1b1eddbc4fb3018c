#include "engine/backend/gpu/input_sets.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <thread>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/parallel_chunks.h"
#include "engine/backend/gpu/perturb_arith.h"

namespace solver::gpu {
namespace {

using generators::DType;

// splitmix64 and the stateless draw per element (any thread can transform any stretch): the
// timed perturbation's own (perturb_arith.h), one definition for both.
using perturb_detail::draw;
using perturb_detail::mix;

constexpr int64_t kStretch = int64_t(1) << 20;

template <class F>
void parallel_stretches(int64_t n, int threads, F&& f) {
  for_each_chunk((n + kStretch - 1) / kStretch, threads,
                 [&](int64_t s) { f(s, s * kStretch, std::min(n, (s + 1) * kStretch)); });
}

bool is_float(DType d) {
  return d == DType::F16 || d == DType::BF16 || d == DType::F32 || d == DType::F64;
}

// Element i of a float dtype as a double, and v stored into one (perturb_arith.h's access);
// other dtypes read as 0 and are left as they are.
double get(DType d, const unsigned char* p, int64_t i) {
  return is_float(d) ? perturb_detail::load_float(d, p, i) : 0;
}

void put(DType d, unsigned char* p, int64_t i, double v) {
  if (is_float(d)) perturb_detail::store_float(d, p, i, v);
}

// The sign bit of element i flipped (exact for every float format).
void flip_sign(DType d, unsigned char* p, int64_t i) {
  size_t size = generators::dtype_size(d);
  p[size_t(i) * size + size - 1] ^= 0x80;  // little-endian: the top byte holds the sign
}

}  // namespace

uint64_t digest(const unsigned char* p, size_t n, int threads) {
  int64_t stretches = int64_t((n + kStretch - 1) / kStretch);
  std::vector<uint64_t> parts(size_t(std::max<int64_t>(stretches, 0)));
  parallel_stretches(int64_t(n), threads, [&](int64_t s, int64_t begin, int64_t end) {
    uint64_t h = mix(uint64_t(s) ^ 0x6469676573740000ULL);
    int64_t i = begin;
    for (; i + 8 <= end; i += 8) {
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      h = mix(h ^ w);
    }
    uint64_t tail = 0;
    for (int64_t k = 0; i < end; ++i, ++k) tail |= uint64_t(p[i]) << (8 * k);
    parts[size_t(s)] = mix(h ^ tail ^ uint64_t(end - begin));
  });
  uint64_t h = mix(uint64_t(n));
  for (uint64_t part : parts) h = mix(h ^ part);
  return h;
}

void fill_garbage(unsigned char* out, size_t bytes, uint64_t seed) {
  parallel_stretches(int64_t(bytes), 0, [&](int64_t, int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; i += 8) {
      uint64_t w = draw(seed, i / 8);
      std::memcpy(out + i, &w, size_t(std::min<int64_t>(8, end - i)));
    }
  });
}

size_t garbage_offset(uint64_t run, uint64_t key) {
  return size_t(mix(run ^ mix(key)) % (kGarbageSlack / 4)) * 4;
}

const char* to_string(SetKind k) {
  switch (k) {
    case SetKind::Regular:
      return "regular";
    case SetKind::ExponentUp:
      return "exponent range up";
    case SetKind::ExponentDown:
      return "exponent range down";
    case SetKind::HeavySigned:
      return "heavy-tailed random signs";
    case SetKind::Fresh:
      return "fresh";
    case SetKind::HeavyMagnitude:
      return "heavy-tailed magnitudes";
  }
  return "?";
}

bool perturbable(const generators::ResolvedBuffer& b) {
  return is_float(b.dtype) && !b.dist_fixed && b.elements > 0 &&
         (b.role == generators::BufferRole::In || b.role == generators::BufferRole::InOut);
}

int exponent_shift(const generators::ResolvedBuffer& b, const unsigned char* data, bool up,
                   const std::string& precision) {
  if (!perturbable(b)) return 0;
  // How far the largest value is moved: 17 binades, out of any declared support and past
  // FP16's range (FP32 work done in FP16 overflows), where the code may compute with FP32's
  // exponent range; 3 binades where the buffer is FP16 or the class is fp16, so that an honest
  // FP16 computation stays finite and the set still leaves a [-1, 1] support (red team 11: an
  // FP16-only problem got no adversarial set at all).
  const int reach = b.dtype == DType::F16 || precision == "fp16" ? kHalfReach : kFullReach;
  std::vector<double> maxima(size_t((b.elements + kStretch - 1) / kStretch), 0.0);
  parallel_stretches(b.elements, 0, [&](int64_t s, int64_t begin, int64_t end) {
    double m = 0;
    for (int64_t i = begin; i < end; ++i) {
      double v = std::fabs(get(b.dtype, data, i));
      if (std::isfinite(v)) m = std::max(m, v);
    }
    maxima[size_t(s)] = m;
  });
  double m = *std::max_element(maxima.begin(), maxima.end());
  if (!(m > 0)) return 0;
  int top = int(std::ceil(std::log2(m)));  // m <= 2^top
  int e = up ? reach - top : -reach - top;
  if (up ? e <= 0 : e >= 0) return 0;
  return e;
}

double output_range_limit(const generators::ResolvedBuffer& b, const std::string& precision) {
  if (!is_float(b.dtype) || b.dtype == DType::F64) return HUGE_VAL;
  if (b.dtype == DType::F16 || precision == "fp16") return 65504.0 / 8;
  return 3.4028234663852886e38 / 8;
}

void scale_pow2(const generators::ResolvedBuffer& b, unsigned char* data, int e, bool negate) {
  if (!is_float(b.dtype)) return;
  double factor = std::ldexp(negate ? -1.0 : 1.0, e);
  parallel_stretches(b.elements, 0, [&](int64_t, int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) put(b.dtype, data, i, get(b.dtype, data, i) * factor);
  });
}

namespace {
void heavy(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed, int mode,
           int64_t sparse) {
  if (!is_float(b.dtype)) return;
  parallel_stretches(b.elements, 0, [&](int64_t, int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      uint64_t r = draw(seed, i);
      double v = 0;
      if (sparse > 0) {
        v = (r >> 8) % uint64_t(sparse) == 0 ? get(b.dtype, data, i) : 0.0;
      } else {
        int g = (r >> 8 & 15) == 0 ? 0 : 1 + int((r >> 12) % 24);
        v = std::ldexp(get(b.dtype, data, i), -g);
      }
      put(b.dtype, data, i, mode == 1 ? std::fabs(v) : mode == 2 || !(r & 1) ? v : -v);
    }
  });
}
}  // namespace

void heavy_signed(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed) {
  heavy(b, data, seed, 0, 0);
}
void heavy_magnitude(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed,
                     int64_t sparse) {
  heavy(b, data, seed, 1, sparse);
}
void heavy_kept(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed,
                int64_t sparse) {
  heavy(b, data, seed, 2, sparse);
}

int64_t kept_sparsity(const generators::ResolvedBuffer& b) {
  if (sign_symmetric(b) || b.init.kind != "uniform" || !(b.init.a <= 0 && 0 <= b.init.b)) return 0;
  int64_t d = 16;
  while (d < 4096 && d * 2 * 256 <= b.elements) d *= 2;
  return d;
}

bool swappable(const generators::ResolvedBuffer& b) {
  // The one-exchange fallback's integers (no device derivation): a permutation's exchanges and
  // a mask's redraws stay inside their law, so dist_fixed does not keep them out.
  return b.role == generators::BufferRole::In && changeable_integer(b);
}

bool changeable_integer(const generators::ResolvedBuffer& b) {
  const std::string& k = b.init.kind;
  const bool in_distribution = k == "mask" || k == "permutation";
  return !is_float(b.dtype) && (!b.dist_fixed || in_distribution) && b.elements >= 2 &&
         (b.role == generators::BufferRole::In || b.role == generators::BufferRole::InOut) &&
         (k == "uniform" || k == "normal" || k == "randint" || k == "mask" || k == "permutation");
}

int64_t sparse_swaps(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed) {
  if (is_float(b.dtype) || b.elements < 2) return 0;
  const size_t size = generators::dtype_size(b.dtype);
  const uint64_t n = uint64_t(b.elements);
  auto exchange = [&](uint64_t i, uint64_t j) {
    unsigned char* x = data + i * size;
    unsigned char* y = data + j * size;
    if (i == j || std::memcmp(x, y, size) == 0) return false;
    for (size_t k = 0; k < size; ++k) std::swap(x[k], y[k]);
    return true;
  };
  int64_t changed = 0;
  for (uint64_t i = 0; i < n; ++i)  // serial: an exchange touches two places
    if ((draw(seed, int64_t(i)) & 255) == 0)
      changed += exchange(i, draw(seed ^ 0x5a5a5a5a5a5a5a5aULL, int64_t(i)) % n);
  for (uint64_t t = 0; changed == 0 && t < 64; ++t)
    changed += exchange(mix(seed + 2 * t) % n, mix(seed + 2 * t + 1) % n);
  return changed;
}

int64_t sparse_redraws(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed) {
  const std::string& k = b.init.kind;
  const size_t size = generators::dtype_size(b.dtype);
  if (is_float(b.dtype) || b.elements < 1 || (size != 4 && size != 8)) return 0;
  if (k != "randint" && k != "uniform" && k != "mask") return sparse_swaps(b, data, seed);
  // make_input's integer range (randint: [ceil(a), ceil(b) - 1]); a mask: 1 with probability a.
  const auto [lo, hi] = integer_range(b.init);
  const uint64_t range = uint64_t(hi) - uint64_t(lo) + 1;  // 0: every 64-bit value
  const uint64_t threshold = uint64_t(std::ldexp(std::min(1.0, std::max(0.0, b.init.a)), 53));
  auto put_int = [&](int64_t i, uint64_t v) {
    if (size == 4) {
      uint32_t x = uint32_t(v);
      std::memcpy(data + size_t(i) * 4, &x, 4);
    } else {
      std::memcpy(data + size_t(i) * 8, &v, 8);
    }
  };
  int64_t changed = 0;
  for (int64_t i = 0; i < b.elements; ++i) {
    if ((draw(seed, i) & 255) != 0) continue;
    for (uint64_t t = 0; t < 8; ++t) {  // a value that differs, where the range has another
      uint64_t w = draw(seed ^ (0x6672657368ULL + t), i);
      uint64_t v =
          k == "mask" ? ((w >> 11) < threshold ? 1 : 0) : uint64_t(lo) + (range ? w % range : w);
      unsigned char before[8];
      std::memcpy(before, data + size_t(i) * size, size);
      put_int(i, v);
      if (std::memcmp(before, data + size_t(i) * size, size) != 0) {
        ++changed;
        break;
      }
    }
  }
  return changed;
}

int64_t sparse_sign_flips(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed) {
  if (!is_float(b.dtype) || b.elements <= 0) return 0;
  std::atomic<int64_t> flipped{0};
  parallel_stretches(b.elements, 0, [&](int64_t, int64_t begin, int64_t end) {
    int64_t k = 0;
    for (int64_t i = begin; i < end; ++i)
      if ((draw(seed, i) & 255) == 0) {
        flip_sign(b.dtype, data, i);
        ++k;
      }
    flipped += k;
  });
  if (flipped == 0) {
    flip_sign(b.dtype, data, int64_t(mix(seed) % uint64_t(b.elements)));
    flipped = 1;
  }
  return flipped;
}

std::optional<double> uniform_factor(const double* base, const double* scaled, int64_t n) {
  int64_t arg = -1;
  double top = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (!std::isfinite(base[i]) || !std::isfinite(scaled[i])) return std::nullopt;
    if (std::fabs(base[i]) > top) top = std::fabs(base[i]), arg = i;
  }
  if (arg < 0) return std::nullopt;
  double c = scaled[arg] / base[arg];
  int exp = 0;
  double mant = std::frexp(c, &exp);
  if (!std::isfinite(c) || std::fabs(mant) != 0.5) {
    // Not exactly a power of two: round to the nearest one and let the element test decide.
    if (!std::isfinite(c) || c == 0) return std::nullopt;
    c = std::copysign(std::ldexp(1.0, int(std::lround(std::log2(std::fabs(c))))), c);
  }
  double slack = 1e-9 * std::fabs(c) * top;
  for (int64_t i = 0; i < n; ++i)
    if (std::fabs(scaled[i] - c * base[i]) > slack) return std::nullopt;
  return c;
}

namespace {

std::vector<uint64_t> digests_of(const generators::ResolvedVariant& v,
                                 const std::vector<std::shared_ptr<const HostInput>>& inputs) {
  std::vector<uint64_t> out(v.buffers.size(), 0);
  for (size_t i = 0; i < v.buffers.size(); ++i)
    if ((v.buffers[i].role == generators::BufferRole::In ||
         v.buffers[i].role == generators::BufferRole::InOut) &&
        inputs[i])
      out[i] = digest(inputs[i]->data.get(), inputs[i]->size);
  return out;
}

}  // namespace

std::shared_ptr<HostInput> copy_of(const HostInput& in) {
  auto out = std::make_shared<HostInput>();
  out->size = in.size;
  out->data.reset(new unsigned char[std::max<size_t>(in.size, 1)]);
  if (in.size) std::memcpy(out->data.get(), in.data.get(), in.size);
  return out;
}

HostSet regular_set(const generators::ResolvedVariant& v, uint64_t seed, InputCache* cache) {
  HostSet s;
  s.key = std::to_string(seed);
  s.seed = seed;
  s.inputs.resize(v.buffers.size());
  for (size_t i = 0; i < v.buffers.size(); ++i) {
    const auto& b = v.buffers[i];
    bool input = b.role == generators::BufferRole::In || b.role == generators::BufferRole::InOut;
    if (!input || b.elements <= 0) continue;
    s.inputs[i] = cache ? cache->get(b, seed) : generate_input(b, seed);
  }
  s.digests = digests_of(v, s.inputs);
  return s;
}

std::string derived_key(const std::string& base_key, SetKind kind, uint64_t seed) {
  return base_key + "/" + to_string(kind) + "/" + std::to_string(seed);
}

std::vector<BufferTransform> derive_plan(const generators::ResolvedVariant& v, const HostSet& base,
                                         SetKind kind, uint64_t seed, bool homogeneous, bool law,
                                         bool strata) {
  std::vector<BufferTransform> plan;
  if (kind == SetKind::Fresh) {
    // As a timed run: every input that may change redrawn, a few planted, P6l's strata on
    // (timed_perturbation.h; helper fix38b: without them red team 38b's F test told the check
    // from every timed run); off only for the lint's unstratified twin (`strata`).
    for (const Perturbation& p : timed_perturbations(v, seed, homogeneous, law, strata)) {
      if (p.buffer >= base.inputs.size() || !base.inputs[p.buffer]) continue;
      BufferTransform t;
      t.buffer = p.buffer;
      t.op = TransformOp::Redrawn;
      t.seed = p.seed;
      t.redraw = p;
      plan.push_back(t);
    }
    return plan;
  }
  int ordinal = 0, signed_ordinal = 0;  // the fresh set returned above: every input as P6
  for (size_t i = 0; i < v.buffers.size(); ++i) {
    const auto& b = v.buffers[i];
    if (i >= base.inputs.size() || !base.inputs[i]) continue;
    if (!perturbable(b)) continue;
    const int k = ordinal++;
    BufferTransform t;
    t.buffer = i;
    t.seed = mix(seed ^ mix(uint64_t(k) + 1));
    if (kind == SetKind::ExponentUp || kind == SetKind::ExponentDown) {
      bool up = kind == SetKind::ExponentUp;
      t.op = TransformOp::ScalePow2;
      t.e = exponent_shift(b, base.inputs[i]->data.get(), up, v.precision);
      if (t.e == 0) continue;
      if (sign_symmetric(b)) t.negate = (signed_ordinal++ % 2 == 1) == up;  // P6c
    } else if (kind == SetKind::HeavySigned) {
      t.op = sign_symmetric(b) ? TransformOp::HeavySigned : TransformOp::HeavyKept;  // P6c
      t.sparse = kept_sparsity(b);
    } else if (kind == SetKind::HeavyMagnitude) {
      t.op = TransformOp::HeavyMagnitude;
      t.sparse = kept_sparsity(b);  // the magnitudes of the heavy set's own draws
    } else if (kind == SetKind::Fresh) {
      t.op = TransformOp::SignFlips;
    } else {
      continue;
    }
    plan.push_back(t);
  }
  return plan;
}

namespace {

void apply(const generators::ResolvedBuffer& b, unsigned char* data, const BufferTransform& t) {
  switch (t.op) {
    case TransformOp::ScalePow2:
      scale_pow2(b, data, t.e, t.negate);
      break;
    case TransformOp::HeavySigned:
      heavy_signed(b, data, t.seed);
      break;
    case TransformOp::SignFlips:
      sparse_sign_flips(b, data, t.seed);
      break;
    case TransformOp::HeavyMagnitude:
      heavy_magnitude(b, data, t.seed, t.sparse);
      break;
    case TransformOp::HeavyKept:
      heavy_kept(b, data, t.seed, t.sparse);
      break;
    case TransformOp::Swaps:
      sparse_redraws(b, data, t.seed);
      break;
    case TransformOp::Redrawn:
      apply_perturbation(b, data, t.redraw);
      break;
    case TransformOp::Echo:
      if (b.elements > 0)
        apply_echo(t.echo, data, uint64_t(b.elements), generators::dtype_size(b.dtype));
      break;
  }
}

}  // namespace

std::optional<HostSet> derived_set(const generators::ResolvedVariant& v, const HostSet& base,
                                   SetKind kind, uint64_t seed) {
  return derived_set(v, base, kind, seed, derive_plan(v, base, kind, seed));
}

std::optional<HostSet> derived_set(const generators::ResolvedVariant& v, const HostSet& base,
                                   SetKind kind, uint64_t seed,
                                   const std::vector<BufferTransform>& plan) {
  if (plan.empty()) return std::nullopt;
  HostSet s = base;
  s.kind = kind;
  s.seed = seed;
  s.key = derived_key(base.key, kind, seed);
  s.atol_scale = 1;
  s.plan = plan;
  for (const BufferTransform& t : plan) {
    auto copy = copy_of(*base.inputs[t.buffer]);
    apply(v.buffers[t.buffer], copy->data.get(), t);
    s.inputs[t.buffer] = copy;
  }
  s.digests = digests_of(v, s.inputs);
  return s;
}

std::optional<HostSet> rewritten_set(const generators::ResolvedVariant& v, const HostSet& base,
                                     const std::string& suffix, SetKind kind,
                                     const InputRewrite& rewrite) {
  HostSet out;
  out.key = base.key + "/" + suffix;
  out.seed = base.seed;
  out.kind = kind;
  out.inputs = base.inputs;
  out.digests = base.digests;
  bool changed = false;
  for (size_t i = 0; i < v.buffers.size() && i < base.inputs.size(); ++i) {
    if (!base.inputs[i]) continue;
    std::shared_ptr<HostInput> in = rewrite(i, v.buffers[i], *base.inputs[i]);
    if (!in) continue;
    out.digests[i] = digest(in->data.get(), in->size);
    out.inputs[i] = std::move(in);
    changed = true;
  }
  if (!changed) return std::nullopt;
  return out;
}

void materialise(const generators::ResolvedVariant& v, const HostSet& base, HostSet& set) {
  if (!set.on_device) return;
  for (const BufferTransform& t : set.plan) {
    auto copy = copy_of(*base.inputs[t.buffer]);
    apply(v.buffers[t.buffer], copy->data.get(), t);
    set.inputs[t.buffer] = copy;
  }
  set.digests = digests_of(v, set.inputs);
  set.on_device = false;
}

bool same_buffer_layout(const generators::ResolvedVariant& a,
                        const generators::ResolvedVariant& b) {
  if (a.buffers.size() != b.buffers.size()) return false;
  for (size_t i = 0; i < a.buffers.size(); ++i) {
    const auto& x = a.buffers[i];
    const auto& y = b.buffers[i];
    if (x.name != y.name || x.dtype != y.dtype || x.role != y.role || x.shape != y.shape ||
        x.bytes != y.bytes || x.zero_before_run != y.zero_before_run ||
        x.dist_fixed != y.dist_fixed || x.init.kind != y.init.kind || x.init.a != y.init.a ||
        x.init.b != y.init.b)
      return false;
  }
  return true;
}

}  // namespace solver::gpu
