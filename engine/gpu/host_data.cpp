#include "engine/gpu/host_data.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <random>
#include <sstream>
#include <thread>

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
    if (mant == 0) x = sign;
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

template <class T>
void put(std::vector<unsigned char>& out, int64_t i, T v) {
  std::memcpy(out.data() + i * int64_t(sizeof(T)), &v, sizeof(T));
}
template <class T>
T get(const std::vector<unsigned char>& in, int64_t i) {
  T v;
  std::memcpy(&v, in.data() + i * int64_t(sizeof(T)), sizeof(T));
  return v;
}

}  // namespace

uint16_t half_bits(double v) { return float_to_half(float(v)); }
uint16_t bf16_bits(double v) { return float_to_bf16(float(v)); }

std::vector<uint64_t> derive_seeds(uint64_t base, int count) {
  std::vector<uint64_t> seeds;
  uint64_t x = base;
  for (int i = 0; i < count; ++i) seeds.push_back(splitmix64(x));
  return seeds;
}

std::vector<unsigned char> make_input(const generators::ResolvedBuffer& b, uint64_t seed,
                                      std::vector<double>* as_double) {
  // Per-buffer stream: the buffer's name is folded into the seed so A and B differ. The buffer
  // is drawn in chunks of 2^20 elements, each from its own generator seeded by (seed, name,
  // chunk), so threads can fill chunks in any order and the values never depend on how many
  // threads ran (a 2^27-element input takes seconds on one core).
  uint64_t name_hash = std::stoull(rules::sha256_hex(b.name).substr(0, 15), nullptr, 16);
  std::vector<unsigned char> out(size_t(b.elements) * generators::dtype_size(b.dtype));
  if (as_double) as_double->assign(size_t(b.elements), 0.0);
  const auto& d = b.init;
  int64_t lo = int64_t(std::ceil(d.a)), hi = int64_t(std::ceil(d.b)) - 1;
  if (hi < lo) hi = lo;
  constexpr int64_t kChunk = int64_t(1) << 20;
  int64_t chunks = (b.elements + kChunk - 1) / kChunk;
  auto fill = [&](int64_t c) {
    uint64_t x = seed ^ name_hash ^ (uint64_t(c) * 0x9e3779b97f4a7c15ULL);
    std::mt19937_64 rng(splitmix64(x));
    std::uniform_real_distribution<double> uni(d.a, d.b);
    std::normal_distribution<double> normal(d.a, d.b);
    std::uniform_int_distribution<int64_t> ints(lo, hi);
    int64_t end = std::min(b.elements, (c + 1) * kChunk);
    for (int64_t i = c * kChunk; i < end; ++i) {
      double v = d.kind == "normal"   ? normal(rng)
                 : d.kind == "constant" ? d.a
                 : d.kind == "randint"  ? double(ints(rng))
                                        : uni(rng);
      switch (b.dtype) {
        case DType::F32: { float f = float(v); put(out, i, f); v = f; break; }
        case DType::F64: put(out, i, v); break;
        case DType::F16: { uint16_t h = float_to_half(float(v)); put(out, i, h); v = half_to_float(h); break; }
        case DType::BF16: { uint16_t h = float_to_bf16(float(v)); put(out, i, h); v = bf16_to_float(h); break; }
        case DType::I32: { int32_t n = int32_t(std::llround(v)); put(out, i, n); v = n; break; }
        case DType::U32: { uint32_t n = uint32_t(std::llround(std::max(v, 0.0))); put(out, i, n); v = n; break; }
        case DType::I64: { int64_t n = std::llround(v); put(out, i, n); v = double(n); break; }
      }
      if (as_double) (*as_double)[size_t(i)] = v;  // exactly what the kernel sees
    }
  };
  int64_t threads = std::min<int64_t>(chunks, std::max(1u, std::thread::hardware_concurrency()));
  std::atomic<int64_t> next{0};
  auto worker = [&] {
    for (int64_t c; (c = next.fetch_add(1)) < chunks;) fill(c);
  };
  std::vector<std::thread> pool;
  for (int64_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return out;
}

std::vector<double> to_doubles(const std::vector<unsigned char>& bytes, DType dtype) {
  int64_t n = int64_t(bytes.size() / generators::dtype_size(dtype));
  std::vector<double> out(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    switch (dtype) {
      case DType::F32: out[size_t(i)] = get<float>(bytes, i); break;
      case DType::F64: out[size_t(i)] = get<double>(bytes, i); break;
      case DType::F16: out[size_t(i)] = half_to_float(get<uint16_t>(bytes, i)); break;
      case DType::BF16: out[size_t(i)] = bf16_to_float(get<uint16_t>(bytes, i)); break;
      case DType::I32: out[size_t(i)] = get<int32_t>(bytes, i); break;
      case DType::U32: out[size_t(i)] = get<uint32_t>(bytes, i); break;
      case DType::I64: out[size_t(i)] = double(get<int64_t>(bytes, i)); break;
    }
  }
  return out;
}

Comparison compare(const std::vector<double>& out, const std::vector<double>& ref,
                   const generators::Tolerance& tol) {
  Comparison c;
  if (out.size() != ref.size()) {
    c.ok = false;
    c.failures = int64_t(std::max(out.size(), ref.size()));
    c.first_bad = int64_t(std::min(out.size(), ref.size()));
    return c;
  }
  for (size_t i = 0; i < out.size(); ++i) {
    double o = out[i], r = ref[i];
    double abs_err = std::fabs(o - r);
    double rel_err = r != 0 ? abs_err / std::fabs(r) : abs_err;
    bool good = std::isfinite(o) && std::isfinite(r) && abs_err <= tol.atol + tol.rtol * std::fabs(r);
    if (!good) {
      if (c.failures++ == 0) {
        c.first_bad = int64_t(i);
        c.got = o;
        c.want = r;
      }
      if (!std::isfinite(o) || !std::isfinite(r)) {
        c.max_abs_err = c.max_rel_err = std::nan("");
        continue;
      }
    }
    if (!std::isnan(c.max_abs_err)) {
      c.max_abs_err = std::max(c.max_abs_err, abs_err);
      c.max_rel_err = std::max(c.max_rel_err, rel_err);
    }
  }
  c.ok = c.failures == 0;
  return c;
}

std::string Comparison::describe(const std::string& buffer, const std::vector<int64_t>& shape) const {
  std::ostringstream s;
  s.precision(9);
  s << buffer << "[" << first_bad << "]";
  if (shape.size() > 1 && first_bad >= 0) {  // row-major coordinates
    std::vector<int64_t> idx(shape.size());
    int64_t rest = first_bad;
    for (size_t k = shape.size(); k-- > 0;) {
      idx[k] = rest % shape[k];
      rest /= shape[k];
    }
    s << " (at";
    for (auto v : idx) s << " " << v;
    s << ")";
  }
  s << " = " << got << ", reference " << want << "; " << failures << " element(s) out of tolerance";
  return s.str();
}

}  // namespace solver::gpu
