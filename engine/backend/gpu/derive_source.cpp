#include "engine/backend/gpu/derive_source.h"

#include <cstdio>

#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/normal_knots.h"
#include "engine/backend/gpu/pair_relabel.h"
#include "engine/backend/gpu/structured_perturbation.h"
#include "engine/backend/gpu/timed_perturbation.h"

namespace solver::gpu {

namespace {

// Mirrors input_sets.cpp (mix, draw, get, put) and host_data.cpp (float_to_half, half_to_float,
// float_to_bf16, bf16_to_float) line for line; a change there must be made here too, and the
// worker's self-check (device_derive.cpp) refuses the device path if the two ever disagree.
constexpr const char* kSource = R"(
typedef unsigned long long u64;
typedef unsigned int u32;
typedef unsigned short u16;

__device__ __forceinline__ u64 sd_mix(u64 z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
__device__ __forceinline__ u64 sd_draw(u64 seed, long long i) { return sd_mix(seed ^ sd_mix((u64)i)); }

__device__ float sd_half_to_float(u16 h) {
  u32 sign = (u32)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  u32 x;
  if (exp == 0) {
    if (mant == 0) {
      x = sign;
    } else {
      float f = (float)mant * 5.9604644775390625e-8f;  // mant * 2^-24, exact
      return sign ? -f : f;
    }
  } else if (exp == 31) {
    x = sign | 0x7f800000u | (mant << 13);
  } else {
    x = sign | ((exp + 112) << 23) | (mant << 13);
  }
  return __uint_as_float(x);
}

__device__ u16 sd_float_to_half(float f) {
  u32 x = __float_as_uint(f);
  u32 sign = (x >> 16) & 0x8000;
  int exp = (int)((x >> 23) & 0xff) - 127 + 15;
  u32 mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff) return (u16)(sign | 0x7c00 | (mant ? 0x200 : 0));
  if (exp >= 31) return (u16)(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10) return (u16)sign;
    mant |= 0x800000;
    u32 shift = (u32)(14 - exp);
    u32 h = mant >> shift;
    if ((mant >> (shift - 1)) & 1) ++h;
    return (u16)(sign | h);
  }
  u32 h = sign | ((u32)exp << 10) | (mant >> 13);
  if (mant & 0x1000) ++h;
  return (u16)h;
}

__device__ u16 sd_float_to_bf16(float f) {
  u32 x = __float_as_uint(f);
  if (f != f) return 0x7fc0;
  x += 0x7fff + ((x >> 16) & 1);
  return (u16)(x >> 16);
}
__device__ float sd_bf16_to_float(u16 b) { return __uint_as_float((u32)b << 16); }

// type: 0 f32, 1 f64, 2 f16, 3 bf16 (DeriveType)
__device__ double sd_get(int type, const unsigned char* p, long long i) {
  switch (type) {
    case 0: return (double)((const float*)p)[i];
    case 1: return ((const double*)p)[i];
    case 2: return (double)sd_half_to_float(((const u16*)p)[i]);
    default: return (double)sd_bf16_to_float(((const u16*)p)[i]);
  }
}
__device__ void sd_put(int type, unsigned char* p, long long i, double v) {
  switch (type) {
    case 0: ((float*)p)[i] = __double2float_rn(v); break;
    case 1: ((double*)p)[i] = v; break;
    case 2: ((u16*)p)[i] = sd_float_to_half(__double2float_rn(v)); break;
    default: ((u16*)p)[i] = sd_float_to_bf16(__double2float_rn(v)); break;
  }
}

extern "C" __global__ void solver_scale_pow2(unsigned char* data, long long n, int type,
                                             double factor) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    sd_put(type, data, i, __dmul_rn(sd_get(type, data, i), factor));
}

extern "C" __global__ void solver_heavy_signed(unsigned char* data, long long n, int type,
                                               u64 seed, int absolute, long long sparse) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    u64 r = sd_draw(seed, i);
    double v = 0;
    if (sparse > 0) {
      v = (r >> 8) % (u64)sparse == 0 ? sd_get(type, data, i) : 0.0;
    } else {
      int g = ((r >> 8) & 15) == 0 ? 0 : 1 + (int)((r >> 12) % 24);
      v = ldexp(sd_get(type, data, i), -g);
    }
    sd_put(type, data, i, absolute == 1 ? fabs(v) : absolute == 2 || !(r & 1) ? v : -v);
  }
}

extern "C" __global__ void solver_sign_flips(unsigned char* data, long long n, int size, u64 seed,
                                             unsigned long long* count) {
  long long stride = (long long)gridDim.x * blockDim.x;
  unsigned long long k = 0;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    if ((sd_draw(seed, i) & 255) == 0) {
      data[i * size + size - 1] ^= 0x80;  // little-endian: the top byte holds the sign
      ++k;
    }
  if (k) atomicAdd(count, k);
}

extern "C" __global__ void solver_flip_byte(unsigned char* bytes, long long offset) {
  if (blockIdx.x == 0 && threadIdx.x == 0) bytes[offset] ^= 0x80;
}

@@KNOTS@@
// The timed runs' perturbation (timed_perturbation.cpp, line for line): every position.
// sd_knots (the normal law's inverse CDF knots) is printed before this part from the host's
// table (normal_knots.h).
__device__ __forceinline__ u64 sd_mulhi(u64 a, u64 b) {
  u64 al = a & 0xffffffffULL, ah = a >> 32, bl = b & 0xffffffffULL, bh = b >> 32;
  u64 p0 = al * bl, p1 = al * bh, p2 = ah * bl, p3 = ah * bh;
  u64 mid = (p0 >> 32) + (p1 & 0xffffffffULL) + (p2 & 0xffffffffULL);
  return p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
}

// timed_perturbation.cpp: squeeze_tail, squeeze_iid and place, line for line (SD_CELLS,
// SD_HOLES, SD_EDGE_BITS, SD_BAND_BITS printed from its constants) and extreme_u (sd_extreme).
__device__ __forceinline__ u64 sd_squeeze(u64 off) {
  const u64 edge = 1ULL << (53 - SD_EDGE_BITS);
  const int shift = 48 - (53 - SD_EDGE_BITS);
  return edge + off - ((off + (1ULL << shift) - 1) >> shift);
}
__device__ __forceinline__ u64 sd_squeeze_iid(u64 u) {
  const u64 edge = 1ULL << (53 - SD_EDGE_BITS);
  return edge + u - ((u + (1ULL << (SD_EDGE_BITS - 1)) - 1) >> (SD_EDGE_BITS - 1));
}
__device__ __forceinline__ u64 sd_extreme(int end, int deep, u64 w) {
  const u64 e = w >> (11 + SD_BAND_BITS);
  const u64 depth = end == deep ? 0ULL : (1ULL << (53 - SD_EDGE_BITS)) / 2;
  if (end == 2) return depth + e;
  return (1ULL << 53) - (1ULL << (53 - SD_BAND_BITS)) - depth + e;
}
// timed_perturbation.cpp: strata_u (P6l's strata, h28v).
__device__ __forceinline__ u64 sd_strata(int stratum, u64 lo, u64 u) {
  if (stratum < 0) return u;
  return (lo + (stratum ? (1ULL << 52) : 0ULL) + (u >> 1)) & ((1ULL << 53) - 1);
}
__device__ __forceinline__ u64 sd_place(u64 w, u64 w2, u64 cells, u64 plant_mask, u64 phase,
                                        int stratum) {
  const u64 half_cell = 1ULL << 48, interior = 2ULL * SD_CELLS * half_cell;
  const u64 edge = 1ULL << (53 - SD_EDGE_BITS);
  const int bulk_cells = SD_CELLS - SD_HOLES;
  u64 off = w >> 16, k = w2 >> 32, half = 0;
  if ((w2 & plant_mask) == 0) {
    u64 s = k % (u64)(2 * SD_HOLES);
    half = 2 * ((cells >> (4 * (bulk_cells + (int)(s / 2)))) & 15) + s % 2;
  } else {
    u64 s = k % (u64)(2 + 2 * SD_CELLS);
    if (s == 0) return sd_squeeze(off);
    if (s == 1) return half_cell + interior + sd_squeeze(off) - edge;
    u64 b = (s - 2) % (u64)(2 * bulk_cells);
    if (stratum >= 0) b = b % (u64)bulk_cells + (u64)(bulk_cells * stratum);
    half = 2 * ((cells >> (4 * (int)(b / 2))) & 15) + b % 2;
  }
  u64 at = half * half_cell + off + phase;
  if (at >= interior) at -= interior;
  return half_cell + at;
}

// type: 0..3 a float format (sd_get), 16 + size a signed integer, 32 + size an unsigned one;
// law: 0 uniform, 1 normal, 2 an integer range, 3 a mask (PerturbLaw).
extern "C" __global__ void solver_perturb_redraw(unsigned char* data, long long n, int type,
                                                 int as_double, u64 seed, int law, double a,
                                                 double scale, long long lo, u64 range,
                                                 u64 threshold, u64 cells, u64 plant_mask,
                                                 u64 phase, int reflect, double centre2, int iid,
                                                 long long top_at, long long bottom_at, int deep,
                                                 long long cls_stride, long long cls_phase,
                                                 u64 cls_mask, u64 cls_lo) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    u64 w = sd_draw(seed ^ 0x7265647261770000ULL, i);
    int end = i == top_at ? 1 : i == bottom_at ? 2 : 0;
    u64 iv = 0;
    double v = 0;
    int integer = law == 2 || law == 3, keep = 0;
    if (law == 3) {
      iv = (w >> 11) < threshold ? 1ULL : 0ULL;
    } else if (law == 2 && range == 0) {
      iv = (u64)lo + w;
    } else {
      u64 w2 = sd_draw(seed ^ 0x706c616e74000000ULL, i);
      int stratum = end || (!iid && (w2 & plant_mask) == 0) || cls_stride <= 0
                        ? -1 : (int)((cls_mask >> ((i + cls_phase) % cls_stride)) & 1ULL);
      u64 u = end ? sd_extreme(end, deep, w)
                  : iid ? sd_squeeze_iid(sd_strata(stratum, cls_lo, w >> 11))
                        : sd_place(w, w2, cells, plant_mask, phase, stratum);
      keep = iid || (w2 & plant_mask) == 0 || u < (1ULL << 48) || u >= (1ULL << 48) + 2ULL * SD_CELLS * (1ULL << 48);
      if (law == 2) {
        iv = (u64)lo + sd_mulhi(u << 11, range);
      } else if (law == 0) {
        v = __dadd_rn(a, __dmul_rn(scale, (double)u * 0x1p-53));
      } else {
        int j = (int)(u >> 47);
        double r = (double)(u & 0x7fffffffffffULL) * 0x1p-47;
        double z = __dadd_rn(sd_knots[j], __dmul_rn(__dsub_rn(sd_knots[j + 1], sd_knots[j]), r));
        v = __dadd_rn(a, __dmul_rn(scale, z));
        if (type >= 16) iv = type < 32 ? (u64)llround(v) : (u64)llround(fmax(v, 0.0));
      }
    }
    if (type < 16) {
      if (integer) v = (double)(long long)iv;
      if (reflect == 1 && (w & 3ULL) == 0 && !end) v = __dsub_rn(centre2, v);
      if (reflect == 2 && (w & 31ULL) != 0 && !keep)
        v = __dmul_rn(v, __longlong_as_double((long long)((u64)(1023 - (1 + (int)((w >> 5) & 31ULL) % 24)) << 52)));
      if (as_double) {
        double held = 0;
        sd_put(type, (unsigned char*)&held, 0, v);
        ((double*)data)[i] = sd_get(type, (const unsigned char*)&held, 0);
      } else {
        sd_put(type, data, i, v);
      }
      continue;
    }
    int size = type & 15, is_signed = type < 32;
    if (as_double)
      ((double*)data)[i] = size == 4 ? (is_signed ? (double)(int)(u32)iv : (double)(u32)iv)
                                     : (is_signed ? (double)(long long)iv : (double)iv);
    else if (size == 4)
      ((u32*)data)[i] = (u32)iv;
    else
      ((u64*)data)[i] = iv;
  }
}

// perturb_arith.h (load_int, store_int, int_le), pair_relabel.h (feistel_key, feistel_round,
// feistel, feistel_inv, pair_involution, pair_exchanged) and structured_perturbation.cpp (relabel_pairs,
// resample_between), line for line.
__device__ u64 sd_load_int(int type, const unsigned char* p, long long i, int as_double) {
  int size = type & 15, is_signed = type < 32;
  if (as_double) {
    double d = ((const double*)p)[i];
    return is_signed ? (u64)(long long)d : (u64)d;
  }
  if (size == 4) {
    u32 x = ((const u32*)p)[i];
    return is_signed ? (u64)(long long)(int)x : (u64)x;
  }
  return ((const u64*)p)[i];
}
__device__ void sd_store_int(int type, unsigned char* p, long long i, u64 v, int as_double) {
  int size = type & 15, is_signed = type < 32;
  if (as_double)
    ((double*)p)[i] = size == 4 ? (is_signed ? (double)(int)(u32)v : (double)(u32)v)
                                : (is_signed ? (double)(long long)v : (double)v);
  else if (size == 4)
    ((u32*)p)[i] = (u32)v;
  else
    ((u64*)p)[i] = v;
}
__device__ __forceinline__ int sd_int_le(int type, u64 a, u64 b) {
  return type < 32 ? (long long)a <= (long long)b : a <= b;
}
struct sd_feistel_key {
  u32 k[6];
  int bits;
  u64 n;
};
__device__ __forceinline__ sd_feistel_key sd_make_feistel(u64 key, u64 n) {
  sd_feistel_key f;
  f.n = n;
  f.bits = 2;
  while ((1ULL << f.bits) < n) ++f.bits;
  for (int r = 0; r < 6; ++r) f.k[r] = (u32)(sd_mix(key ^ ((u64)r << 40)) >> 32);
  return f;
}
__device__ __forceinline__ u32 sd_feistel_round(u32 k, u32 x) {
  u32 h = x ^ k;
  h ^= h >> 16;
  h *= 0x85ebca6bU;
  h ^= h >> 13;
  h *= 0xc2b2ae35U;
  return h ^ (h >> 16);
}
__device__ u64 sd_feistel(const sd_feistel_key& f, u64 t) {
  int u = f.bits / 2, v = f.bits - u;
  do {
    u32 a = (u32)(t >> v), b = (u32)t & ((1U << v) - 1);
    int sa = u, sb = v;
    for (int r = 0; r < 6; ++r) {
      u32 c = (a ^ sd_feistel_round(f.k[r], b)) & ((1U << sa) - 1);
      a = b, b = c;
      int w = sa;
      sa = sb, sb = w;
    }
    t = ((u64)a << v) | b;
  } while (t >= f.n);
  return t;
}
__device__ u64 sd_feistel_inv(const sd_feistel_key& f, u64 t) {
  int u = f.bits / 2, v = f.bits - u;
  do {
    u32 a = (u32)(t >> v), b = (u32)t & ((1U << v) - 1);
    int sa = u, sb = v;
    for (int r = 5; r >= 0; --r) {
      u32 c = (b ^ sd_feistel_round(f.k[r], a)) & ((1U << sb) - 1);
      b = a, a = c;
      int w = sa;
      sa = sb, sb = w;
    }
    t = ((u64)a << v) | b;
  } while (t >= f.n);
  return t;
}
__device__ u64 sd_pair_involution(const sd_feistel_key& f, u64 v) {
  if (v >= f.n) return v;
  u64 t = sd_feistel_inv(f, v);
  if ((f.n & 1) && t == f.n - 1) return v;
  return sd_feistel(f, t ^ 1);
}

extern "C" __global__ void solver_perturb_relabel(unsigned char* data, long long n, int type,
                                                  int as_double, u64 pair_key, u64 value_key,
                                                  int subset) {
  long long stride = (long long)gridDim.x * blockDim.x;
  sd_feistel_key fp = sd_make_feistel(pair_key, (u64)n), fv = sd_make_feistel(value_key, (u64)n);
  for (long long j = (long long)blockIdx.x * blockDim.x + threadIdx.x; j < (n + 1) / 2;
       j += stride) {
    u64 x = sd_feistel(fp, (u64)(2 * j));
    if (2 * j + 1 == n) {
      sd_store_int(type, data, (long long)x,
                   sd_pair_involution(fv, sd_load_int(type, data, (long long)x, as_double)),
                   as_double);
      continue;
    }
    u64 y = sd_feistel(fp, (u64)(2 * j + 1));
    u64 cx = sd_load_int(type, data, (long long)x, as_double);
    u64 cy = sd_load_int(type, data, (long long)y, as_double);
    int ex = !subset || (sd_draw(pair_key ^ 0x7375627365740000ULL, j) & 1ULL);
    sd_store_int(type, data, (long long)x, sd_pair_involution(fv, ex ? cy : cx), as_double);
    sd_store_int(type, data, (long long)y, sd_pair_involution(fv, ex ? cx : cy), as_double);
  }
}

__device__ __forceinline__ long long sd_parity(u64 seed, long long b) {
  return (long long)(sd_draw(seed ^ 0x726573616d700000ULL, -1 - b) & 1ULL);
}
extern "C" __global__ void solver_perturb_resample(unsigned char* data, long long n, int type,
                                                   int as_double, u64 seed, long long block,
                                                   int degrees) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long k = 1 + (long long)blockIdx.x * blockDim.x + threadIdx.x; k + 1 < n; k += stride) {
    if ((k & 1) != sd_parity(seed, k / block)) continue;
    if (k % block == 0 && ((k - 1) & 1) == sd_parity(seed, (k - 1) / block)) continue;
    u64 r = sd_draw(seed ^ 0x726573616d700000ULL, k);
    if (type >= 16) {
      u64 lo = sd_load_int(type, data, k - 1, as_double), hi = sd_load_int(type, data, k + 1, as_double);
      u64 x = sd_load_int(type, data, k, as_double);
      if (!sd_int_le(type, lo, x) || !sd_int_le(type, x, hi)) continue;
      u64 d = degrees ? (x - lo < hi - x ? x - lo : hi - x) : 0ULL;
      u64 a = lo + d, width = (hi - d) - a + 1;
      sd_store_int(type, data, k, width == 0 ? r : a + sd_mulhi(r, width), as_double);
      continue;
    }
    double lo = as_double ? ((const double*)data)[k - 1] : sd_get(type, data, k - 1);
    double hi = as_double ? ((const double*)data)[k + 1] : sd_get(type, data, k + 1);
    double x = as_double ? ((const double*)data)[k] : sd_get(type, data, k);
    if (!(lo <= x && x <= hi)) continue;
    double t = 0;
    sd_put(type, (unsigned char*)&t, 0,
           __dadd_rn(lo, __dmul_rn(__dsub_rn(hi, lo), (double)(r >> 11) * 0x1p-53)));
    double v = sd_get(type, (const unsigned char*)&t, 0);
    v = v < lo ? lo : v > hi ? hi : v;
    if (as_double)
      ((double*)data)[k] = v;
    else
      sd_put(type, data, k, v);
  }
}

// structured_perturbation.cpp: redraw_segments, line for line (one thread a segment).
extern "C" __global__ void solver_perturb_segments(unsigned char* data, long long n, int type,
                                                   int as_double, u64 seed, long long block) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x; g * block < n - 1;
       g += stride) {
    long long a = g * block, e = a + block < n - 1 ? a + block : n - 1, m = e - a - 1;
    if (m <= 0) continue;
    u64 iv[SD_MAX_SEGMENT];
    double fv[SD_MAX_SEGMENT];
    if (type >= 16) {
      u64 lo = sd_load_int(type, data, a, as_double), hi = sd_load_int(type, data, e, as_double);
      if (!sd_int_le(type, lo, hi)) continue;
      u64 width = hi - lo + 1;
      for (long long j = 0; j < m; ++j) {
        u64 r = sd_draw(seed ^ 0x7365676d656e7400ULL, a + 1 + j);
        u64 v = width == 0 ? r : lo + sd_mulhi(r, width);
        long long t = j;
        for (; t > 0 && !sd_int_le(type, iv[t - 1], v); --t) iv[t] = iv[t - 1];
        iv[t] = v;
      }
      for (long long j = 0; j < m; ++j) sd_store_int(type, data, a + 1 + j, iv[j], as_double);
      continue;
    }
    double lo = as_double ? ((const double*)data)[a] : sd_get(type, data, a);
    double hi = as_double ? ((const double*)data)[e] : sd_get(type, data, e);
    if (!(lo <= hi)) continue;
    for (long long j = 0; j < m; ++j) {
      u64 r = sd_draw(seed ^ 0x7365676d656e7400ULL, a + 1 + j);
      double t0 = 0;
      sd_put(type, (unsigned char*)&t0, 0,
             __dadd_rn(lo, __dmul_rn(__dsub_rn(hi, lo), (double)(r >> 11) * 0x1p-53)));
      double v = sd_get(type, (const unsigned char*)&t0, 0);
      v = v < lo ? lo : v > hi ? hi : v;
      long long t = j;
      for (; t > 0 && fv[t - 1] > v; --t) fv[t] = fv[t - 1];
      fv[t] = v;
    }
    for (long long j = 0; j < m; ++j) {
      if (as_double)
        ((double*)data)[a + 1 + j] = fv[j];
      else
        sd_put(type, data, a + 1 + j, fv[j]);
    }
  }
}
// The tolerance lint's echo (echo_map.h: echo_source, line for line), in place: a moved element
// copies a partner the echo never moves. family 0: blocks of `block` (a power of two) of
// `parity`; 1, 2, 3: the odd position of each pair of class `cls` (contiguous, hashed, strided);
// keep_ends: elements 0 and n - 1 never move. `key` (echo_keyed_class, the second look's judging
// key; 0: the public classes): hashed sd_mix(j ^ key) % 32, strided (j + sd_mix(key ^ (j / 256)))
// % 256; the contiguous and block families take no key.
__device__ __forceinline__ u64 sd_echo_source(long long i_, long long n_, int family, u64 block,
                                              int parity, u64 cls, int keep_ends, u64 key) {
  u64 i = (u64)i_, n = (u64)n_;
  if (keep_ends && (i == 0 || i + 1 == n)) return i;
  if (family == 0) {
    if (block == 0 || (block & (block - 1))) block = 1;
    return ((i / block) & 1) == (u64)(parity & 1) && (i ^ block) < n ? i ^ block : i;
  }
  u64 pairs = n / 2, j = i / 2;
  if (!(i & 1) || j >= pairs) return i;
  u64 c = 0;
  if (family == 2) {
    c = sd_mix(j ^ key) % 32;  // key 0: sd_mix(j), the public hash
  } else if (family == 3) {
    c = key ? (j + sd_mix(key ^ (j / 256))) % 256 : j % 256;
  } else {  // floor(j * 32 / pairs), a binary digit a step (no 128-bit product)
    u64 rem = j % pairs;
    for (int bit = 0; bit < 5; ++bit) {
      rem *= 2;
      c *= 2;
      if (rem >= pairs) rem -= pairs, ++c;
    }
  }
  return c == cls ? i - 1 : i;
}
extern "C" __global__ void solver_echo(unsigned char* data, long long n, int size, int family,
                                       u64 block, int parity, u64 cls, int keep_ends, u64 key) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    u64 from = sd_echo_source(i, n, family, block, parity, cls, keep_ends, key);
    if (from == (u64)i) continue;
    if (size == 8) ((u64*)data)[i] = ((const u64*)data)[from];
    else if (size == 4) ((u32*)data)[i] = ((const u32*)data)[from];
    else if (size == 2) ((u16*)data)[i] = ((const u16*)data)[from];
    else for (int k = 0; k < size; ++k) data[i * size + k] = data[from * size + k];
  }
}
)";

// The constants the source spells out (pair_relabel.h).
static_assert(perturb_detail::kFeistelRounds == 6, "sd_feistel: 6 rounds");
static_assert(perturb_detail::kSubsetSalt == 0x7375627365740000ULL, "solver_perturb_relabel");
static_assert(kEchoRegions == 32 && kEchoStrided == 256, "solver_echo: 32 and 256 classes");
static_assert(int(EchoFamily::Positions) == 0 && int(EchoFamily::Contiguous) == 1 &&
                  int(EchoFamily::Hashed) == 2 && int(EchoFamily::Strided) == 3,
              "solver_echo: the family codes");

}  // namespace

std::optional<DeriveType> derive_type(generators::DType d) {
  switch (d) {
    case generators::DType::F32:
      return DeriveType::F32;
    case generators::DType::F64:
      return DeriveType::F64;
    case generators::DType::F16:
      return DeriveType::F16;
    case generators::DType::BF16:
      return DeriveType::BF16;
    default:
      return std::nullopt;
  }
}

const char* derive_source() {
  // The knots printed with 17 significant digits: every double reads back as itself.
  static const std::string source = [] {
    std::string text = kSource;
    std::string knots = "#define SD_CELLS " + std::to_string(kCells) + "\n#define SD_HOLES " +
                        std::to_string(kHoles) + "\n#define SD_EDGE_BITS " +
                        std::to_string(kEdgeBits) + "\n#define SD_BAND_BITS " +
                        std::to_string(kBandBits) + "\n#define SD_MAX_SEGMENT " +
                        std::to_string(kMaxSegment) + "\n__device__ const double sd_knots[65] = {";
    const double* k = kNormalKnots;
    for (int j = 0; j < 65; ++j) {
      char buf[40];
      std::snprintf(buf, sizeof buf, "%s%.17g", j ? ", " : "", k[j]);
      knots += buf;
    }
    knots += "};";
    text.replace(text.find("@@KNOTS@@"), 9, knots);
    return text;
  }();
  return source.c_str();
}

std::vector<std::string> derive_options(const std::string& arch) {
  return {"--gpu-architecture=" + arch, "-fmad=false", "-ftz=false"};
}

}  // namespace solver::gpu
