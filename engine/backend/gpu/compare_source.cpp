#include "engine/backend/gpu/compare_source.h"

#include <cmath>
#include <cstring>

namespace solver::gpu {

namespace {

// compare_range (host_data.cpp) element by element: the same expressions in the same order
// (compiled with -fmad=false, so no product is fused into a sum the host rounds apart), a
// thread's own maxima over its finite elements, then a shared-memory tree per block and one
// set of atomics per block. A thread walks its indices in ascending order, so the first it
// finds failing is its smallest; the smallest over all threads is the serial walk's first.
constexpr const char* kSource = R"(
typedef unsigned long long u64;
struct sc_sums {
  u64 failures; u64 first_bad; u64 max_abs; u64 max_rel; u64 nonfinite;
  u64 class_failures; u64 class_first_bad; u64 class_ratio;
};

__device__ double sc_half(unsigned short h) {
  int e = (h >> 10) & 31, m = h & 1023;
  double s = (h & 0x8000) ? -1.0 : 1.0;
  if (e == 31) return m ? __longlong_as_double(0x7ff8000000000000LL)
                        : s * __longlong_as_double(0x7ff0000000000000LL);
  if (e == 0) return s * ldexp((double)m, -24);
  return s * ldexp((double)(m + 1024), e - 25);
}

__device__ double sc_load(const void* p, int type, long long i) {
  switch (type) {
    case 0: return (double)((const float*)p)[i];
    case 1: return ((const double*)p)[i];
    case 2: return sc_half(((const unsigned short*)p)[i]);
    case 3: return (double)__uint_as_float((unsigned)((const unsigned short*)p)[i] << 16);
    case 4: return (double)((const int*)p)[i];
    case 5: return (double)((const unsigned*)p)[i];
    case 6: return (double)((const long long*)p)[i];
    default: return (double)((const u64*)p)[i];
  }
}

// Order-free outputs (order_view.h): a row's valid length from its count (NaN or <= 0: 0,
// above the row: the row), read as the host's view_count reads it.
__device__ long long sc_count(const void* count, int type, long long r, long long row) {
  double v = type == 6 ? (double)((const long long*)count)[r]
           : type == 7 ? (double)((const u64*)count)[r] : sc_load(count, type, r);
  if (!(v > 0)) return 0;
  if (v >= (double)row) return row;
  return (long long)v;
}

// The host's order_key: integers by value, floats by value, -0 = +0, NaN above all.
__device__ u64 sc_order_key(const void* p, int type, long long i) {
  if (type == 6) return (u64)((const long long*)p)[i] ^ 0x8000000000000000ULL;
  if (type == 7) return ((const u64*)p)[i];
  double v = sc_load(p, type, i);
  if (v != v) return ~0ULL;
  if (v == 0) return 0x8000000000000000ULL;
  u64 b = (u64)__double_as_longlong(v);
  return (b >> 63) ? ~b : (b | 0x8000000000000000ULL);
}

__device__ void sc_swap(void* p, int type, long long a, long long b) {
  if (type == 2 || type == 3) {
    unsigned short* q = (unsigned short*)p, t = q[a];
    q[a] = q[b], q[b] = t;
  } else if (type == 1 || type >= 6) {
    u64* q = (u64*)p, t = q[a];
    q[a] = q[b], q[b] = t;
  } else {
    unsigned* q = (unsigned*)p, t = q[a];
    q[a] = q[b], q[b] = t;
  }
}

// One step of a bitonic sort of every row's valid prefix, all comparators ascending (stage k,
// distance j; j == k / 2 is the stage's first step, which pairs i with its mirror i ^ (k - 1)):
// positions past the prefix take no part, as +infinity would not move. `span` is the row's
// power-of-two cover. Tuples of up to 4 columns (c[m], of type t[m]) compare by sc_order_key.
extern "C" __global__ void solver_order_sort(void* c0, int t0, void* c1, int t1, void* c2, int t2,
                                             void* c3, int t3, int members, long long rows,
                                             long long row, long long span, const void* count,
                                             int count_type, long long k, long long j) {
  void* c[4] = {c0, c1, c2, c3};
  int t[4] = {t0, t1, t2, t3};
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x; g < rows * span;
       g += stride) {
    long long r = g / span, i = g % span;
    long long l = j == k / 2 ? (i ^ (k - 1)) : (i ^ j);
    long long n = count ? sc_count(count, count_type, r, row) : row;
    if (l <= i || l >= n) continue;
    long long a = r * row + i, b = r * row + l;
    bool greater = false;
    for (int m = 0; m < members; ++m) {
      u64 ka = sc_order_key(c[m], t[m], a), kb = sc_order_key(c[m], t[m], b);
      if (ka != kb) {
        greater = ka > kb;
        break;
      }
    }
    if (greater)
      for (int m = 0; m < members; ++m) sc_swap(c[m], t[m], a, b);
  }
}

extern "C" __global__ void solver_compare(const void* out, int type, long long n,
                                          const double* ref, const double* magnitude,
                                          double atol, double rtol, double mag_rtol,
                                          double class_rtol, sc_sums* sums, long long row,
                                          const void* out_count, int out_count_type,
                                          const void* ref_count, int ref_count_type) {
  u64 failures = 0, first = ~0ULL;
  double max_abs = 0, max_rel = 0;
  u64 nonfinite = 0;
  u64 class_failures = 0, class_first = ~0ULL;
  double class_ratio = 0;
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    if (row > 0) {  // an order-free output's counted rows (the host's RowValid)
      long long rr = i / row, j = i % row;
      bool vo = j < sc_count(out_count, out_count_type, rr, row);
      bool vr = j < sc_count(ref_count, ref_count_type, rr, row);
      if (!vo && !vr) continue;
      if (vo != vr) {
        if (failures++ == 0) first = (u64)i;
        continue;
      }
    }
    double o = sc_load(out, type, i), r = ref[i];
    // A 64-bit integer: the reference holds its bits (host reference_bits), no magnitude term.
    const double* mags = type >= 6 ? 0 : magnitude;
    double mag = mags ? mags[i] : 0.0;
    if (type >= 6) {
      u64 ob = ((const u64*)out)[i], rb = ((const u64*)ref)[i];
      r = type == 6 ? (double)(long long)rb : (double)rb;
      if (atol == 0 && rtol == 0) {  // exact: the integers, bit for bit
        double e = ob == rb ? 0.0 : fabs(o - r);
        if (ob != rb && failures++ == 0) first = (u64)i;
        if (max_abs < e) max_abs = e;
        double re = r != 0 ? e / fabs(r) : e;
        if (max_rel < re) max_rel = re;
        continue;
      }
    }
    // An infinite reference is met by the same infinity only (compare_range, host_data.cpp).
    bool same_inf = isinf(r) && o == r;
    double abs_err = same_inf ? 0.0 : fabs(o - r);
    double rel_err = r != 0 && !same_inf ? abs_err / fabs(r) : abs_err;
    double bound = atol + rtol * fabs(r) + (mags ? mag_rtol * fabs(mag) : 0.0);
    bool finite = isfinite(o) && isfinite(r);
    if (class_rtol > 0 && type == 1 && finite) {  // float64 outputs only, as on the host
      double scale = fmax(fabs(r), mags ? fabs(mag) : 0.0);
      double class_bound = class_rtol * (atol + scale);  // the class's share of atol, as on the host
      double ratio = class_bound > 0 ? abs_err / class_bound
                                     : (abs_err > 0 ? __longlong_as_double(0x7ff0000000000000LL)
                                                    : 0.0);
      if (class_ratio < ratio) class_ratio = ratio;
      if (!(abs_err <= class_bound) && class_failures++ == 0) class_first = (u64)i;
    }
    if (!same_inf && !(finite && abs_err <= bound)) {
      if (failures++ == 0) first = (u64)i;
      if (!finite) {
        nonfinite = 1;
        continue;
      }
    }
    if (max_abs < abs_err) max_abs = abs_err;
    if (max_rel < rel_err) max_rel = rel_err;
  }
  __shared__ u64 s_failures[256], s_first[256], s_nonfinite[256];
  __shared__ u64 s_class_failures[256], s_class_first[256];
  __shared__ double s_abs[256], s_rel[256], s_class_ratio[256];
  unsigned t = threadIdx.x;
  s_class_failures[t] = class_failures;
  s_class_first[t] = class_first;
  s_class_ratio[t] = class_ratio;
  s_failures[t] = failures;
  s_first[t] = first;
  s_nonfinite[t] = nonfinite;
  s_abs[t] = max_abs;
  s_rel[t] = max_rel;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half >>= 1) {
    if (t < half) {
      s_failures[t] += s_failures[t + half];
      if (s_first[t + half] < s_first[t]) s_first[t] = s_first[t + half];
      s_nonfinite[t] |= s_nonfinite[t + half];
      if (s_abs[t] < s_abs[t + half]) s_abs[t] = s_abs[t + half];
      if (s_rel[t] < s_rel[t + half]) s_rel[t] = s_rel[t + half];
      s_class_failures[t] += s_class_failures[t + half];
      if (s_class_first[t + half] < s_class_first[t]) s_class_first[t] = s_class_first[t + half];
      if (s_class_ratio[t] < s_class_ratio[t + half]) s_class_ratio[t] = s_class_ratio[t + half];
    }
    __syncthreads();
  }
  if (t == 0) {
    if (s_failures[0]) {
      atomicAdd(&sums->failures, s_failures[0]);
      atomicMin(&sums->first_bad, s_first[0]);
    }
    if (s_nonfinite[0]) atomicMax(&sums->nonfinite, 1ULL);
    atomicMax(&sums->max_abs, (u64)__double_as_longlong(s_abs[0]));
    atomicMax(&sums->max_rel, (u64)__double_as_longlong(s_rel[0]));
    if (s_class_failures[0]) {
      atomicAdd(&sums->class_failures, s_class_failures[0]);
      atomicMin(&sums->class_first_bad, s_class_first[0]);
    }
    atomicMax(&sums->class_ratio, (u64)__double_as_longlong(s_class_ratio[0]));
  }
}
)";

double from_bits(uint64_t b) {
  double d;
  std::memcpy(&d, &b, sizeof d);
  return d;
}

}  // namespace

const char* compare_source() { return kSource; }

int compare_type(generators::DType d) {
  switch (d) {
    case generators::DType::F32:
      return 0;
    case generators::DType::F64:
      return 1;
    case generators::DType::F16:
      return 2;
    case generators::DType::BF16:
      return 3;
    case generators::DType::I32:
      return 4;
    case generators::DType::U32:
      return 5;
    case generators::DType::I64:
      return 6;
    case generators::DType::U64:
      return 7;
  }
  return 7;
}

int64_t order_span(int64_t row) {
  int64_t span = 1;
  while (span < row) span <<= 1;
  return span;
}

std::vector<std::pair<int64_t, int64_t>> order_sort_steps(int64_t row) {
  std::vector<std::pair<int64_t, int64_t>> steps;
  const int64_t span = order_span(row);
  for (int64_t k = 2; k <= span; k <<= 1)
    for (int64_t j = k / 2; j > 0; j >>= 1) steps.push_back({k, j});
  return steps;
}

Comparison comparison_from_sums(const CompareSums& s, double got, double want, double class_got,
                                double class_want) {
  Comparison c;
  c.failures = int64_t(s.failures);
  c.class_failures = int64_t(s.class_failures);
  c.ok = s.failures == 0 && s.class_failures == 0;
  if (s.class_failures) {
    c.class_first_bad = int64_t(s.class_first_bad);
    c.class_got = class_got;
    c.class_want = class_want;
  }
  c.class_ratio = from_bits(s.class_ratio_bits);
  if (!c.ok) {
    c.first_bad = int64_t(s.first_bad);
    c.got = got;
    c.want = want;
  }
  // The host walk's maxima turn NaN once a non-finite element failed (compare, host_data.h).
  c.max_abs_err = s.nonfinite ? std::nan("") : from_bits(s.max_abs_bits);
  c.max_rel_err = s.nonfinite ? std::nan("") : from_bits(s.max_rel_bits);
  return c;
}

}  // namespace solver::gpu
