#include "engine/backend/gpu/derive_source.h"

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
                                               u64 seed, int absolute) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    u64 r = sd_draw(seed, i);
    int g = ((r >> 8) & 15) == 0 ? 0 : 1 + (int)((r >> 12) % 24);
    double v = ldexp(sd_get(type, data, i), -g);
    sd_put(type, data, i, absolute ? fabs(v) : (r & 1) ? -v : v);
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

// The timed runs' perturbation (timed_perturbation.cpp, line for line): 1 position in 4.
#define SD_CHOSEN(seed, i) (sd_draw((seed), (i)) % 4ULL == 0)

extern "C" __global__ void solver_perturb_signs(unsigned char* data, long long n, int size,
                                                u64 seed) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    if (SD_CHOSEN(seed, i)) data[i * size + size - 1] ^= 0x80;
}

extern "C" __global__ void solver_perturb_redraw(unsigned char* data, long long n, int size,
                                                 u64 seed, long long lo, u64 range, int mask,
                                                 u64 threshold) {
  if (size != 4 && size != 8) return;
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    if (!SD_CHOSEN(seed, i)) continue;
    u64 w = sd_draw(seed ^ 0x7265647261770000ULL, i);
    u64 v = mask ? ((w >> 11) < threshold ? 1ULL : 0ULL) : (u64)lo + (range ? w % range : w);
    if (size == 4)
      ((u32*)data)[i] = (u32)v;
    else
      ((u64*)data)[i] = v;
  }
}

extern "C" __global__ void solver_perturb_pairs(unsigned char* data, long long n, int size,
                                                u64 seed, u64 mult, u64 add) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long j = (long long)blockIdx.x * blockDim.x + threadIdx.x; j < n / 2; j += stride) {
    if (!SD_CHOSEN(seed, j)) continue;
    u64 x = (mult * (u64)(2 * j) + add) % (u64)n, y = (mult * (u64)(2 * j + 1) + add) % (u64)n;
    for (int k = 0; k < size; ++k) {
      unsigned char t = data[x * size + k];
      data[x * size + k] = data[y * size + k];
      data[y * size + k] = t;
    }
  }
}
)";

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

const char* derive_source() { return kSource; }

std::vector<std::string> derive_options(const std::string& arch) {
  return {"--gpu-architecture=" + arch, "-fmad=false", "-ftz=false"};
}

}  // namespace solver::gpu
