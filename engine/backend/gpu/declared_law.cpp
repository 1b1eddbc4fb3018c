#include "engine/backend/gpu/declared_law.h"

#include <cmath>
#include <cstdio>
#include <vector>

#include "engine/backend/gpu/host_data.h"

namespace solver::gpu {

namespace {

using generators::DType;

bool integer_dtype(DType d) {
  return d == DType::I32 || d == DType::U32 || d == DType::I64 || d == DType::U64;
}

std::string at(const generators::ResolvedBuffer& b, int64_t i, double v, const char* why) {
  char s[256];
  std::snprintf(s, sizeof s, "%s[%lld] = %.17g %s", b.name.c_str(), (long long)i, v, why);
  return s;
}

// Element i of `data` as a double (exact for every integer below 2^53).
double value(const generators::ResolvedBuffer& b, const unsigned char* data, int64_t i) {
  double x;
  to_doubles(data + size_t(i) * generators::dtype_size(b.dtype), 1, b.dtype, &x, 1);
  return x;
}

std::optional<std::string> bijection(const generators::ResolvedBuffer& b, const unsigned char* data,
                                     bool one_cycle) {
  const int64_t n = b.elements;
  std::vector<char> seen(static_cast<size_t>(n), 0);
  for (int64_t i = 0; i < n; ++i) {
    const double x = value(b, data, i);
    if (!(x >= 0 && x < double(n)) || x != std::floor(x)) return at(b, i, x, "outside [0, n)");
    if (seen[size_t(x)]++) return at(b, i, x, "repeated (not a permutation)");
  }
  if (!one_cycle) return std::nullopt;
  int64_t p = 0, steps = 0;
  do {
    p = int64_t(value(b, data, p));
    ++steps;
  } while (p != 0 && steps <= n);
  if (steps != n) return at(b, 0, double(steps), "steps back to place 0 (not one cycle of n)");
  return std::nullopt;
}

}  // namespace

std::optional<std::string> law_violation(const generators::ResolvedBuffer& b,
                                         const unsigned char* data) {
  const int64_t n = b.elements;
  if (n <= 0) return std::nullopt;
  const std::string& k = b.init.kind;
  auto v = [&](int64_t i) { return value(b, data, i); };
  if (k == "sorted")
    for (int64_t i = 1; i < n; ++i)
      if (!(v(i - 1) <= v(i))) return at(b, i, v(i), "below its left neighbour (not sorted)");
  if (!integer_dtype(b.dtype)) return std::nullopt;
  if (k == "randint" || k == "uniform" || k == "sorted") {
    // The randint range, which make_input and the timed perturbation share: [low, high).
    double lo = std::ceil(b.init.a), hi = std::ceil(b.init.b) - 1;
    if (hi < lo) hi = lo;
    char law[96];
    std::snprintf(law, sizeof law, "outside [%.17g, %.17g]", lo, hi);
    for (int64_t i = 0; i < n; ++i)
      if (!(v(i) >= lo && v(i) <= hi)) return at(b, i, v(i), law);
  } else if (k == "csr_rowptr") {
    const double nnz = double(int64_t(b.init.a));
    if (v(0) != 0) return at(b, 0, v(0), "is not 0 (the first row offset)");
    for (int64_t i = 1; i < n; ++i)
      if (v(i) < v(i - 1)) return at(b, i, v(i), "below the offset before it");
    if (v(n - 1) != nnz) return at(b, n - 1, v(n - 1), "is not nnz (the last row offset)");
  } else if (k == "permutation" || k == "cycle") {
    return bijection(b, data, k == "cycle");
  } else if (k == "mask") {
    for (int64_t i = 0; i < n; ++i)
      if (v(i) != 0 && v(i) != 1) return at(b, i, v(i), "is not 0 or 1");
  } else if (k == "arange") {
    for (int64_t i = 0; i < n; ++i)
      if (v(i) != double(std::llround(b.init.a + b.init.b * double(i))))
        return at(b, i, v(i), "is not start + step * i");
  }
  return std::nullopt;
}

}  // namespace solver::gpu
