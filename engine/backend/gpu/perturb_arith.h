// The timed perturbation's exact arithmetic (timed_perturbation.h), shared by its element-wise
// part (timed_perturbation.cpp) and its structured part (structured_perturbation.cpp): the
// draws, single correctly rounded double operations, and element access in every dtype, each
// mirrored line for line by the device source (derive_source.cpp).
#pragma once
#include <cstdint>
#include <cstring>

#include "engine/backend/gpu/host_data.h"
#include "generators/problem_spec.h"

namespace solver::gpu::perturb_detail {

using generators::DType;

// splitmix64 with its increment, as input_sets.cpp and derive_source.cpp (sd_mix, sd_draw).
inline uint64_t mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
inline uint64_t draw(uint64_t seed, int64_t i) { return mix(seed ^ mix(uint64_t(i))); }

// The high 64 bits of a * b, in 32-bit halves (derive_source.cpp: sd_mulhi).
inline uint64_t mulhi(uint64_t a, uint64_t b) {
  const uint64_t al = a & 0xffffffffULL, ah = a >> 32, bl = b & 0xffffffffULL, bh = b >> 32;
  const uint64_t p0 = al * bl, p1 = al * bh, p2 = ah * bl, p3 = ah * bh;
  const uint64_t mid = (p0 >> 32) + (p1 & 0xffffffffULL) + (p2 & 0xffffffffULL);
  return p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
}

// One rounding each, never fused (the device: __dmul_rn, __dadd_rn, __dsub_rn).
inline double mul(double x, double y) {
  volatile double t = x * y;
  return t;
}
inline double add(double x, double y) {
  volatile double t = x + y;
  return t;
}
inline double sub(double x, double y) {
  volatile double t = x - y;
  return t;
}

// `v` stored in a float dtype; returns the value the dtype holds.
inline double store_float(DType d, unsigned char* p, int64_t i, double v) {
  switch (d) {
    case DType::F32: {
      float f = float(v);
      std::memcpy(p + i * 4, &f, 4);
      return f;
    }
    case DType::F64:
      std::memcpy(p + i * 8, &v, 8);
      return v;
    case DType::F16: {
      uint16_t h = half_bits(v);
      std::memcpy(p + i * 2, &h, 2);
      return half_value(h);
    }
    default: {
      uint16_t h = bf16_bits(v);
      std::memcpy(p + i * 2, &h, 2);
      return bf16_value(h);
    }
  }
}

// The value element i of a float dtype holds.
inline double load_float(DType d, const unsigned char* p, int64_t i) {
  switch (d) {
    case DType::F32: {
      float f;
      std::memcpy(&f, p + i * 4, 4);
      return f;
    }
    case DType::F64: {
      double v;
      std::memcpy(&v, p + i * 8, 8);
      return v;
    }
    case DType::F16: {
      uint16_t h;
      std::memcpy(&h, p + i * 2, 2);
      return half_value(h);
    }
    default: {
      uint16_t h;
      std::memcpy(&h, p + i * 2, 2);
      return bf16_value(h);
    }
  }
}

// An integer element as 64 bits (sign-extended where signed); `as_double`: from its double.
inline uint64_t load_int(int type, const unsigned char* p, int64_t i, bool as_double) {
  const int size = type & 15;
  const bool is_signed = type < 32;
  if (as_double) {
    double d;
    std::memcpy(&d, p + size_t(i) * 8, 8);
    return is_signed ? uint64_t(int64_t(d)) : uint64_t(d);
  }
  if (size == 4) {
    uint32_t x;
    std::memcpy(&x, p + size_t(i) * 4, 4);
    return is_signed ? uint64_t(int64_t(int32_t(x))) : uint64_t(x);
  }
  uint64_t x;
  std::memcpy(&x, p + size_t(i) * 8, 8);
  return x;
}
inline void store_int(int type, unsigned char* p, int64_t i, uint64_t v, bool as_double) {
  const int size = type & 15;
  const bool is_signed = type < 32;
  if (as_double) {
    double d = size == 4 ? (is_signed ? double(int32_t(uint32_t(v))) : double(uint32_t(v)))
                         : (is_signed ? double(int64_t(v)) : double(v));
    std::memcpy(p + size_t(i) * 8, &d, 8);
  } else if (size == 4) {
    uint32_t x = uint32_t(v);
    std::memcpy(p + size_t(i) * 4, &x, 4);
  } else {
    std::memcpy(p + size_t(i) * 8, &v, 8);
  }
}
// a <= b for 64-bit integers of a signed or unsigned type.
inline bool int_le(int type, uint64_t a, uint64_t b) {
  return type < 32 ? int64_t(a) <= int64_t(b) : a <= b;
}

}  // namespace solver::gpu::perturb_detail
