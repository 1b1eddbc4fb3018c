#include "engine/backend/gpu/host_data.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <sstream>
#include <thread>
#include <type_traits>
#include <utility>

#include "engine/backend/gpu/parallel_chunks.h"
#include "rules/hash.h"

namespace solver::gpu {
namespace {

using generators::DType;

uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint16_t float_to_half(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff) return uint16_t(sign | 0x7c00 | (mant ? 0x200 : 0));
  if (exp >= 31) return uint16_t(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10) return uint16_t(sign);
    mant |= 0x800000;
    uint32_t shift = uint32_t(14 - exp);
    uint32_t h = mant >> shift;
    if ((mant >> (shift - 1)) & 1) ++h;  // round half up
    return uint16_t(sign | h);
  }
  uint32_t h = sign | (uint32_t(exp) << 10) | (mant >> 13);
  if (mant & 0x1000) ++h;  // round half up (carries into the exponent correctly)
  return uint16_t(h);
}

float half_to_float(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  uint32_t x;
  if (exp == 0) {
    if (mant == 0)
      x = sign;
    else {
      float f = std::ldexp(float(mant), -24);
      return sign ? -f : f;
    }
  } else if (exp == 31) {
    x = sign | 0x7f800000 | (mant << 13);
  } else {
    x = sign | ((exp + 112) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

uint16_t float_to_bf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if (std::isnan(f)) return 0x7fc0;
  x += 0x7fff + ((x >> 16) & 1);  // round to nearest even
  return uint16_t(x >> 16);
}

float bf16_to_float(uint16_t b) {
  uint32_t x = uint32_t(b) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

}  // namespace

uint16_t half_bits(double v) { return float_to_half(float(v)); }
uint16_t bf16_bits(double v) { return float_to_bf16(float(v)); }
double half_value(uint16_t h) { return half_to_float(h); }
double bf16_value(uint16_t b) { return bf16_to_float(b); }

std::vector<uint64_t> derive_seeds(uint64_t base, int count) {
  std::vector<uint64_t> seeds;
  uint64_t x = base;
  for (int i = 0; i < count; ++i) seeds.push_back(splitmix64(x));
  return seeds;
}

std::pair<int64_t, int64_t> integer_range(const generators::InitDist& d) {
  int64_t lo = int64_t(std::ceil(d.a)), hi = int64_t(std::ceil(d.b)) - 1;
  return {lo, hi < lo ? lo : hi};
}

namespace {

enum class Dist { Uniform, Normal, Constant, RandInt };

Dist dist_of(const std::string& kind) {
  // Anything not named otherwise draws uniformly (as before).
  return kind == "normal"     ? Dist::Normal
         : kind == "constant" ? Dist::Constant
         : kind == "randint"  ? Dist::RandInt
                              : Dist::Uniform;
}

// Element i of a buffer of dtype D holds v rounded to D; returns the value as the kernel sees it.
template <DType D>
inline double store(unsigned char* out, int64_t i, double v) {
  if constexpr (D == DType::F32) {
    float f = float(v);
    std::memcpy(out + i * 4, &f, 4);
    return f;
  } else if constexpr (D == DType::F64) {
    std::memcpy(out + i * 8, &v, 8);
    return v;
  } else if constexpr (D == DType::F16) {
    uint16_t h = float_to_half(float(v));
    std::memcpy(out + i * 2, &h, 2);
    return half_to_float(h);
  } else if constexpr (D == DType::BF16) {
    uint16_t h = float_to_bf16(float(v));
    std::memcpy(out + i * 2, &h, 2);
    return bf16_to_float(h);
  } else if constexpr (D == DType::I32) {
    int32_t n = int32_t(std::llround(v));
    std::memcpy(out + i * 4, &n, 4);
    return n;
  } else if constexpr (D == DType::U32) {
    uint32_t n = uint32_t(std::llround(std::max(v, 0.0)));
    std::memcpy(out + i * 4, &n, 4);
    return n;
  } else if constexpr (D == DType::U64) {
    uint64_t n = uint64_t(std::llround(std::max(v, 0.0)));
    std::memcpy(out + i * 8, &n, 8);
    return double(n);
  } else {
    int64_t n = std::llround(v);
    std::memcpy(out + i * 8, &n, 8);
    return double(n);
  }
}

template <DType D>
inline double load(const unsigned char* in, int64_t i) {
  if constexpr (D == DType::F32) {
    float v;
    std::memcpy(&v, in + i * 4, 4);
    return v;
  } else if constexpr (D == DType::F64) {
    double v;
    std::memcpy(&v, in + i * 8, 8);
    return v;
  } else if constexpr (D == DType::F16) {
    uint16_t v;
    std::memcpy(&v, in + i * 2, 2);
    return half_to_float(v);
  } else if constexpr (D == DType::BF16) {
    uint16_t v;
    std::memcpy(&v, in + i * 2, 2);
    return bf16_to_float(v);
  } else if constexpr (D == DType::I32) {
    int32_t v;
    std::memcpy(&v, in + i * 4, 4);
    return v;
  } else if constexpr (D == DType::U32) {
    uint32_t v;
    std::memcpy(&v, in + i * 4, 4);
    return v;
  } else if constexpr (D == DType::U64) {
    uint64_t v;
    std::memcpy(&v, in + i * 8, 8);
    return double(v);
  } else {
    int64_t v;
    std::memcpy(&v, in + i * 8, 8);
    return double(v);
  }
}

// Calls f(dtype constant) for a runtime dtype: the per-element loops are compiled per dtype.
template <class F>
void with_dtype(DType d, F&& f) {
  switch (d) {
    case DType::F32:
      f(std::integral_constant<DType, DType::F32>{});
      break;
    case DType::F64:
      f(std::integral_constant<DType, DType::F64>{});
      break;
    case DType::F16:
      f(std::integral_constant<DType, DType::F16>{});
      break;
    case DType::BF16:
      f(std::integral_constant<DType, DType::BF16>{});
      break;
    case DType::I32:
      f(std::integral_constant<DType, DType::I32>{});
      break;
    case DType::U32:
      f(std::integral_constant<DType, DType::U32>{});
      break;
    case DType::I64:
      f(std::integral_constant<DType, DType::I64>{});
      break;
    case DType::U64:
      f(std::integral_constant<DType, DType::U64>{});
      break;
  }
}

// Generator chunk: part of the input's definition (each chunk has its own generator), so it
// must never change.
constexpr int64_t kChunk = int64_t(1) << 20;

// One chunk of a buffer's inputs: the draws of make_input's per-chunk generator, in order.
template <DType D, Dist K>
void fill_chunk(const generators::InitDist& d, int64_t lo, int64_t hi, uint64_t rng_seed,
                int64_t begin, int64_t end, unsigned char* out, double* as_double) {
  std::mt19937_64 rng(rng_seed);
  if constexpr (K == Dist::Normal) {
    std::normal_distribution<double> normal(d.a, d.b);
    for (int64_t i = begin; i < end; ++i) {
      double v = store<D>(out, i, normal(rng));
      if (as_double) as_double[i] = v;
    }
  } else if constexpr (K == Dist::Constant) {
    for (int64_t i = begin; i < end; ++i) {
      double v = store<D>(out, i, d.a);
      if (as_double) as_double[i] = v;
    }
  } else if constexpr (K == Dist::RandInt) {
    std::uniform_int_distribution<int64_t> ints(lo, hi);
    for (int64_t i = begin; i < end; ++i) {
      double v = store<D>(out, i, double(ints(rng)));
      if (as_double) as_double[i] = v;
    }
  } else {
    std::uniform_real_distribution<double> uni(d.a, d.b);
    for (int64_t i = begin; i < end; ++i) {
      double v = store<D>(out, i, uni(rng));
      if (as_double) as_double[i] = v;
    }
  }
}

bool integer_dtype(DType d) {
  return d == DType::I32 || d == DType::U32 || d == DType::I64 || d == DType::U64;
}

// The structured kinds (generators::is_structured_init): one generator for the whole buffer,
// seeded by (seed, name), since a permutation or a row-pointer array is one object, not
// independent elements. Serial; index structures are small next to the data they index.
std::vector<double> structured_values(const generators::ResolvedBuffer& b, uint64_t rng_seed) {
  const auto& d = b.init;
  const int64_t n = b.elements;
  std::vector<double> v(static_cast<size_t>(n));
  std::mt19937_64 rng(rng_seed);
  if (d.kind == "arange") {
    for (int64_t i = 0; i < n; ++i) v[size_t(i)] = d.a + d.b * double(i);
  } else if (d.kind == "permutation" || d.kind == "cycle") {
    std::vector<int64_t> p(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) p[size_t(i)] = i;
    if (d.kind == "permutation") {
      for (int64_t i = n - 1; i > 0; --i)  // Fisher-Yates with the generator's own draws
        std::swap(p[size_t(i)], p[size_t(std::uniform_int_distribution<int64_t>(0, i)(rng))]);
      for (int64_t i = 0; i < n; ++i) v[size_t(i)] = double(p[size_t(i)]);
    } else {
      // Sattolo: one cycle through every element, so a pointer chase from any start visits all.
      for (int64_t i = n - 1; i > 0; --i)
        std::swap(p[size_t(i)], p[size_t(std::uniform_int_distribution<int64_t>(0, i - 1)(rng))]);
      for (int64_t i = 0; i < n; ++i) v[size_t(i)] = double(p[size_t(i)]);
    }
  } else if (d.kind == "mask") {
    std::bernoulli_distribution bit(d.a);
    for (int64_t i = 0; i < n; ++i) v[size_t(i)] = bit(rng) ? 1.0 : 0.0;
  } else if (d.kind == "sorted") {
    if (integer_dtype(b.dtype)) {
      // Integer keys: uniform on the integers of [low, high), the randint range (rounding a
      // real draw to the nearest integer reached `high` itself: an index one past the rows it
      // indexes, which faulted an honest kernel's reference live; issue 28, helper h28q).
      const auto [lo, hi] = integer_range(d);
      std::uniform_int_distribution<int64_t> ints(lo, hi);
      for (auto& x : v) x = double(ints(rng));
    } else {
      std::uniform_real_distribution<double> uni(d.a, d.b);
      for (auto& x : v) x = uni(rng);
    }
    std::sort(v.begin(), v.end());
  } else if (d.kind == "csr_rowptr") {
    // n = rows + 1 entries from 0 to nnz; each row's degree is its share of nnz by a weight
    // (uniform around 1, or Pareto with exponent `skew` for a power-law graph), rounded by
    // largest remainder so the degrees sum to nnz exactly.
    const int64_t rows = n - 1;
    const int64_t nnz = int64_t(d.a);
    if (rows <= 0) {
      if (n == 1) v[0] = 0;
      return v;
    }
    std::vector<double> w(static_cast<size_t>(rows));
    std::uniform_real_distribution<double> u01(0.0, 1.0);
    double total = 0;
    for (auto& x : w) {
      double u = u01(rng);
      x = d.b > 1 ? std::pow(1.0 - u, -1.0 / (d.b - 1.0)) : 0.5 + u;
      total += x;
    }
    std::vector<int64_t> deg(static_cast<size_t>(rows));
    std::vector<std::pair<double, int64_t>> rem;
    rem.reserve(size_t(rows));
    int64_t given = 0;
    for (int64_t r = 0; r < rows; ++r) {
      double share = double(nnz) * w[size_t(r)] / total;
      deg[size_t(r)] = int64_t(std::floor(share));
      given += deg[size_t(r)];
      rem.emplace_back(share - std::floor(share), r);
    }
    std::stable_sort(rem.begin(), rem.end(),
                     [](const auto& x, const auto& y) { return x.first > y.first; });
    for (int64_t k = 0; given < nnz; ++k, ++given) ++deg[size_t(rem[size_t(k % rows)].second)];
    v[0] = 0;
    for (int64_t r = 0; r < rows; ++r) v[size_t(r + 1)] = v[size_t(r)] + double(deg[size_t(r)]);
  }
  return v;
}

}  // namespace

void fill_input(const generators::ResolvedBuffer& b, uint64_t seed, unsigned char* out,
                double* as_double, int threads) {
  // Per-buffer stream: the buffer's name is folded into the seed so A and B differ. The buffer
  // is drawn in chunks of 2^20 elements, each from its own generator seeded by (seed, name,
  // chunk), so threads can fill chunks in any order and the values never depend on how many
  // threads ran (a 2^27-element input takes seconds on one core).
  if (b.elements <= 0) return;
  uint64_t name_hash = std::stoull(rules::sha256_hex(b.name).substr(0, 15), nullptr, 16);
  const auto& d = b.init;
  if (generators::is_structured_init(d.kind)) {
    uint64_t x = seed ^ name_hash;
    std::vector<double> v = structured_values(b, splitmix64(x));
    with_dtype(b.dtype, [&](auto dt) {
      constexpr DType D = decltype(dt)::value;
      for (int64_t i = 0; i < b.elements; ++i) {
        double stored = store<D>(out, i, v[size_t(i)]);
        if (as_double) as_double[i] = stored;
      }
    });
    return;
  }
  const auto [lo, hi] = integer_range(d);
  int64_t chunks = (b.elements + kChunk - 1) / kChunk;
  Dist kind = dist_of(d.kind);
  // A uniform law on an integer dtype is the integers of [low, high), as randint and the timed
  // perturbation draw it (a real draw rounded to the nearest integer reached `high`).
  if (kind == Dist::Uniform && integer_dtype(b.dtype)) kind = Dist::RandInt;
  with_dtype(b.dtype, [&](auto dt) {
    constexpr DType D = decltype(dt)::value;
    for_each_chunk(chunks, threads, [&](int64_t c) {
      uint64_t x = seed ^ name_hash ^ (uint64_t(c) * 0x9e3779b97f4a7c15ULL);
      uint64_t rng_seed = splitmix64(x);
      int64_t begin = c * kChunk, end = std::min(b.elements, (c + 1) * kChunk);
      switch (kind) {
        case Dist::Normal:
          fill_chunk<D, Dist::Normal>(d, lo, hi, rng_seed, begin, end, out, as_double);
          break;
        case Dist::Constant:
          fill_chunk<D, Dist::Constant>(d, lo, hi, rng_seed, begin, end, out, as_double);
          break;
        case Dist::RandInt:
          fill_chunk<D, Dist::RandInt>(d, lo, hi, rng_seed, begin, end, out, as_double);
          break;
        case Dist::Uniform:
          fill_chunk<D, Dist::Uniform>(d, lo, hi, rng_seed, begin, end, out, as_double);
          break;
      }
    });
  });
}

std::vector<unsigned char> make_input(const generators::ResolvedBuffer& b, uint64_t seed,
                                      std::vector<double>* as_double) {
  std::vector<unsigned char> out(size_t(std::max<int64_t>(b.elements, 0)) *
                                 generators::dtype_size(b.dtype));
  if (as_double) as_double->assign(size_t(std::max<int64_t>(b.elements, 0)), 0.0);
  fill_input(b, seed, out.data(), as_double ? as_double->data() : nullptr);
  return out;
}

void touch_pages(void* p, size_t bytes) {
  constexpr size_t kStretch = size_t(1) << 24;
  int64_t chunks = int64_t((bytes + kStretch - 1) / kStretch);
  for_each_chunk(chunks, 0, [&](int64_t c) {
    size_t begin = size_t(c) * kStretch;
    std::memset(static_cast<unsigned char*>(p) + begin, 0, std::min(kStretch, bytes - begin));
  });
}

std::shared_ptr<const HostInput> generate_input(const generators::ResolvedBuffer& b,
                                                uint64_t seed) {
  auto in = std::make_shared<HostInput>();
  in->size = size_t(std::max<int64_t>(b.elements, 0)) * generators::dtype_size(b.dtype);
  in->data.reset(new unsigned char[std::max<size_t>(in->size, 1)]);  // not zeroed: filled below
  fill_input(b, seed, in->data.get(), nullptr);
  return in;
}

std::string input_key(const generators::ResolvedBuffer& b, uint64_t seed) {
  char key[160];
  std::snprintf(key, sizeof key, "|%d|%lld|%a|%a|%llu", int(b.dtype), (long long)b.elements,
                b.init.a, b.init.b, (unsigned long long)seed);
  return std::to_string(b.name.size()) + ":" + b.name + "|" + b.init.kind + key;
}

std::shared_ptr<const HostInput> InputCache::get(const generators::ResolvedBuffer& b,
                                                 uint64_t seed) {
  std::string k = input_key(b, seed);
  auto it = index_.find(k);
  if (it != index_.end()) {
    ++hits_;
    lru_.splice(lru_.begin(), lru_, it->second);
    return it->second->second;
  }
  auto in = generate_input(b, seed);
  if (in->size > max_bytes_) return in;  // too large to keep
  while (!lru_.empty() && bytes_ + in->size > max_bytes_) {
    bytes_ -= lru_.back().second->size;
    index_.erase(lru_.back().first);
    lru_.pop_back();
  }
  lru_.emplace_front(k, in);
  index_[k] = lru_.begin();
  bytes_ += in->size;
  return in;
}

bool reference_bits(DType dtype) { return dtype == DType::I64 || dtype == DType::U64; }

double wide_int_value(DType dtype, uint64_t bits) {
  return dtype == DType::I64 ? double(int64_t(bits)) : double(bits);
}

std::vector<double> wide_int_values(DType dtype, const double* slots, int64_t n) {
  std::vector<double> out(size_t(std::max<int64_t>(n, 0)));
  for (int64_t i = 0; i < n; ++i) {
    uint64_t bits;
    std::memcpy(&bits, slots + i, 8);
    out[size_t(i)] = wide_int_value(dtype, bits);
  }
  return out;
}

void reference_values(const unsigned char* bytes, int64_t n, DType dtype, double* out) {
  if (reference_bits(dtype)) {
    if (n > 0) std::memcpy(out, bytes, size_t(n) * 8);
    return;
  }
  to_doubles(bytes, n, dtype, out);
}

void to_doubles(const unsigned char* bytes, int64_t n, DType dtype, double* out, int threads) {
  int64_t chunks = (n + kChunk - 1) / kChunk;
  with_dtype(dtype, [&](auto dt) {
    constexpr DType D = decltype(dt)::value;
    for_each_chunk(chunks, threads, [&](int64_t c) {
      int64_t end = std::min(n, (c + 1) * kChunk);
      for (int64_t i = c * kChunk; i < end; ++i) out[i] = load<D>(bytes, i);
    });
  });
}

std::vector<double> to_doubles(const std::vector<unsigned char>& bytes, DType dtype) {
  int64_t n = int64_t(bytes.size() / generators::dtype_size(dtype));
  std::vector<double> out(static_cast<size_t>(n));
  to_doubles(bytes.data(), n, dtype, out.data());
  return out;
}

double magnitude_rtol(double rtol) {
  // That second term is bounded by what rounding can do, not by the declared tolerance: an
  // honest FP32 sum's rounding error stays within a few hundred ulps of the sum of |terms|
  // (kMagnitudeUlps), while a kernel that skips a share of its terms and rescales errs by a
  // random walk of the skipped terms, far more than that (the cheat suite's cheat_skip_rescale,
  // which a declared rtol of 1e-4 on the sum of |terms| let through live). Loose classes (rtol
  // above 1e-3: bf16, fp16, tf32) keep their declared rtol on that term: their rounding error
  // is of that size.
  constexpr double kMagnitudeUlps = 256.0 * 5.9604644775390625e-08;  // 256 x 2^-24
  return rtol > 1e-3 ? rtol : std::min(rtol, kMagnitudeUlps);
}

Comparison size_mismatch(size_t out, size_t ref) {
  Comparison c;
  c.ok = false;
  c.failures = int64_t(std::max(out, ref));
  c.first_bad = int64_t(std::min(out, ref));
  return c;
}

namespace {

// One stretch of the comparison, in the serial loop's terms: failures, the first failing element,
// and the largest errors seen while no non-finite element had failed. `nonfinite`: a failing
// element was NaN or Inf (the serial loop's maxima turn NaN there and stay NaN).
struct Partial {
  int64_t failures = 0;
  int64_t first_bad = -1;
  double got = 0, want = 0;
  double max_abs_err = 0, max_rel_err = 0;
  bool nonfinite = false;
  int64_t class_failures = 0;
  int64_t class_first_bad = -1;
  double class_got = 0, class_want = 0;
  double class_ratio = 0;
};

template <DType D>
void compare_range(const unsigned char* out, const double* ref, const double* magnitude,
                   int64_t begin, int64_t end, const generators::Tolerance& tol, Partial& result,
                   const RowValid* valid) {
  Partial p;  // a local, so the loop keeps it in registers
  const double atol = tol.atol, rtol = tol.rtol;
  // The scale the rounding error grows with: |r|, plus, where the reference on |inputs| is
  // given, the error of the terms of a sum that cancels (magnitude_rtol).
  const double mag_rtol = magnitude_rtol(rtol);
  // Only a float64 output is held to the class bound: a narrower format's own rounding
  // (2^-24 of FP32) is above it, so an honest kernel storing one could not meet it.
  const double class_rtol = D == DType::F64 ? tol.class_rtol : 0.0;
  // A 64-bit integer output's reference holds the integers' own bits (reference_bits): compared
  // as integers, exactly, under an exact tolerance; else as the doubles of both integers.
  // The magnitude term (a float sum's cancellation) is not taken for them: their magnitude
  // references would be bits too, and the class bound's scale S is not.
  constexpr bool kWideInt = D == DType::I64 || D == DType::U64;
  const bool exact = kWideInt && atol == 0 && rtol == 0;
  if constexpr (kWideInt) magnitude = nullptr;
  for (int64_t i = begin; i < end; ++i) {
    double o, r;
    if (valid && valid->row > 0) {  // an order-free output's count (order_view.h)
      const int64_t row = i / valid->row, j = i % valid->row;
      const bool vo = j < valid->out[row], vr = j < valid->ref[row];
      if (!vo && !vr) continue;
      if (vo != vr) {
        if (p.failures++ == 0) {
          p.first_bad = i;
          if constexpr (kWideInt) {
            uint64_t ob, rb;
            std::memcpy(&ob, out + i * 8, 8);
            std::memcpy(&rb, ref + i, 8);
            p.got = wide_int_value(D, ob), p.want = wide_int_value(D, rb);
          } else {
            p.got = load<D>(out, i), p.want = ref[i];
          }
        }
        continue;
      }
    }
    if constexpr (kWideInt) {
      uint64_t ob, rb;
      std::memcpy(&ob, out + i * 8, 8);
      std::memcpy(&rb, ref + i, 8);
      o = wide_int_value(D, ob), r = wide_int_value(D, rb);
      if (exact) {
        if (ob != rb && p.failures++ == 0) {
          p.first_bad = i;
          p.got = o;
          p.want = r;
        }
        const double abs_err = ob == rb ? 0.0 : std::fabs(o - r);
        p.max_abs_err = std::max(p.max_abs_err, abs_err);
        p.max_rel_err = std::max(p.max_rel_err, r != 0 ? abs_err / std::fabs(r) : abs_err);
        continue;
      }
    } else {
      o = load<D>(out, i), r = ref[i];
    }
    // An infinite reference is met by the same infinity and by nothing else: log 0, a masked
    // logit's -inf, erfinv(+-1) are answers, and an output's 0xFF fill is NaN, never an
    // infinity, so an element a kernel never wrote cannot pass as one. NaN never passes.
    const bool same_inf = std::isinf(r) && o == r;
    double abs_err = same_inf ? 0.0 : std::fabs(o - r);
    double rel_err = r != 0 && !same_inf ? abs_err / std::fabs(r) : abs_err;
    const double mag = magnitude ? magnitude[i] : 0.0;
    const double bound = atol + rtol * std::fabs(r) + (magnitude ? mag_rtol * std::fabs(mag) : 0.0);
    const bool finite = std::isfinite(o) && std::isfinite(r);
    bool good = same_inf || (finite && abs_err <= bound);
    if (class_rtol > 0 && finite) {
      // The measured class bound (Tolerance::class_rtol), on the larger of |r| and the
      // reference on |inputs|, so a sum that cancels is judged on what it summed. The absolute
      // term is the class's own share of the problem's atol (class_rtol x atol), not the atol:
      // the problem's tolerance is its own check (red team 39, redteam39_atol_class_exp).
      const double scale = std::fmax(std::fabs(r), magnitude ? std::fabs(mag) : 0.0);
      const double class_bound = class_rtol * (atol + scale);
      const double ratio = class_bound > 0 ? abs_err / class_bound : (abs_err > 0 ? INFINITY : 0.0);
      if (p.class_ratio < ratio) p.class_ratio = ratio;
      if (!(abs_err <= class_bound) && p.class_failures++ == 0) {
        p.class_first_bad = i;
        p.class_got = o;
        p.class_want = r;
      }
    }
    if (!good) {
      if (p.failures++ == 0) {
        p.first_bad = i;
        p.got = o;
        p.want = r;
      }
      if (!std::isfinite(o) || !std::isfinite(r)) {
        p.nonfinite = true;
        continue;
      }
    }
    if (!p.nonfinite) {
      p.max_abs_err = std::max(p.max_abs_err, abs_err);
      p.max_rel_err = std::max(p.max_rel_err, rel_err);
    }
  }
  result = p;
}

}  // namespace

Comparison compare(const unsigned char* out, DType dtype, int64_t n, const double* ref,
                   int64_t ref_n, const generators::Tolerance& tol, int threads,
                   const double* magnitude, const RowValid* valid) {
  if (n != ref_n) return size_mismatch(size_t(n), size_t(ref_n));
  // Stretches compared in parallel, merged in index order: the same result as one serial walk
  // (the first failure is the earliest stretch's; the maxima are NaN once any non-finite
  // element failed, else the maxima of all stretches, and max over finite values is exact).
  int64_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<Partial> parts(static_cast<size_t>(chunks));
  with_dtype(dtype, [&](auto dt) {
    constexpr DType D = decltype(dt)::value;
    for_each_chunk(chunks, threads, [&](int64_t c) {
      compare_range<D>(out, ref, magnitude, c * kChunk, std::min(n, (c + 1) * kChunk), tol,
                       parts[size_t(c)], valid);
    });
  });
  Comparison c;
  bool nonfinite = false;
  for (const Partial& p : parts) {
    if (p.failures && c.failures == 0) {
      c.first_bad = p.first_bad;
      c.got = p.got;
      c.want = p.want;
    }
    c.failures += p.failures;
    if (p.class_failures && c.class_failures == 0) {
      c.class_first_bad = p.class_first_bad;
      c.class_got = p.class_got;
      c.class_want = p.class_want;
    }
    c.class_failures += p.class_failures;
    c.class_ratio = std::max(c.class_ratio, p.class_ratio);
    if (nonfinite) continue;
    c.max_abs_err = std::max(c.max_abs_err, p.max_abs_err);
    c.max_rel_err = std::max(c.max_rel_err, p.max_rel_err);
    nonfinite = p.nonfinite;
  }
  if (nonfinite) c.max_abs_err = c.max_rel_err = std::nan("");
  c.ok = c.failures == 0 && c.class_failures == 0;
  return c;
}

Comparison compare(const std::vector<double>& out, const std::vector<double>& ref,
                   const generators::Tolerance& tol) {
  if (out.size() != ref.size()) return size_mismatch(out.size(), ref.size());
  return compare(reinterpret_cast<const unsigned char*>(out.data()), DType::F64,
                 int64_t(out.size()), ref.data(), int64_t(ref.size()), tol);
}

std::string element_place(const std::string& buffer, const std::vector<int64_t>& shape,
                          int64_t index) {
  std::ostringstream s;
  s << buffer << "[" << index << "]";
  if (shape.size() > 1 && index >= 0) {  // row-major coordinates
    std::vector<int64_t> idx(shape.size());
    int64_t rest = index;
    for (size_t k = shape.size(); k-- > 0;) {
      if (shape[k] <= 0) return s.str();
      idx[k] = rest % shape[k];
      rest /= shape[k];
    }
    s << " (at";
    for (auto v : idx) s << " " << v;
    s << ")";
  }
  return s.str();
}

std::string Comparison::describe(const std::string& buffer,
                                 const std::vector<int64_t>& shape) const {
  std::ostringstream s;
  s.precision(9);
  s << element_place(buffer, shape, first_bad);
  s << " = " << got << ", reference " << want << "; " << failures << " element(s) out of tolerance";
  // Every output is filled with 0xFF bytes before a run (device_buffers.h); arithmetic never
  // makes that NaN, so a reference element with those bytes is one the reference never wrote:
  // the problem's fault, said so (e.g. a reference that writes int* where float64 is read).
  uint64_t bits = 0;
  std::memcpy(&bits, &want, sizeof bits);
  if (bits == ~uint64_t(0))
    s << " (the reference never wrote " << buffer << "[" << first_bad
      << "]: it still holds the 0xFF fill every output gets before a run; a reference must write "
         "every element of its outputs as float64, `double*`)";
  return s.str();
}

}  // namespace solver::gpu
