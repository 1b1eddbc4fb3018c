// Host side of the correctness gate: seeded random inputs in each buffer's dtype, conversion of
// device outputs to double, and the element-wise comparison with the float64 reference.
// Pure host code (no CUDA), so the comparison rules are the same wherever they run.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "generators/problem_spec.h"
#include "generators/variant_space.h"

namespace solver::gpu {

// Bytes of `buffer` (elements in its dtype) drawn from its init distribution with
// std::mt19937_64, one generator per 2^20-element chunk seeded by (seed, buffer name, chunk),
// filled on all cores: the same seed gives the same inputs on any machine and thread count. `as_double` receives the same values as doubles (for float64 reference buffers).
std::vector<unsigned char> make_input(const generators::ResolvedBuffer& buffer, uint64_t seed,
                                      std::vector<double>* as_double = nullptr);

// Device bytes of `dtype` to doubles.
std::vector<double> to_doubles(const std::vector<unsigned char>& bytes, generators::DType dtype);

struct Comparison {
  bool ok = true;
  int64_t failures = 0;
  int64_t first_bad = -1;        // first failing index
  double got = 0, want = 0;      // at first_bad
  double max_abs_err = 0, max_rel_err = 0;
  std::string describe(const std::string& buffer, const std::vector<int64_t>& shape) const;
};

// |o - r| <= atol + rtol*|r| for every element; NaN or Inf in the output never passes (nor a
// NaN reference: the reference must be finite).
Comparison compare(const std::vector<double>& out, const std::vector<double>& ref,
                   const generators::Tolerance& tol);

// Bit patterns of a value rounded to f16 / bf16 (round to nearest), for half scalars.
uint16_t half_bits(double v);
uint16_t bf16_bits(double v);

// Seeds of `count` input sets derived from a base seed (splitmix64), recorded in GateResult.
std::vector<uint64_t> derive_seeds(uint64_t base, int count);

}  // namespace solver::gpu
