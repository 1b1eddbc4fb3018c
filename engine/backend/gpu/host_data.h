// Host side of the correctness gate: seeded random inputs in each buffer's dtype, conversion of
// device outputs to double, and the element-wise comparison with the float64 reference.
// Pure host code (no CUDA), so the comparison rules are the same wherever they run.
#pragma once
#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/backend/gpu/block_pool.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"

namespace solver::gpu {

// Bytes of `buffer` (elements in its dtype) drawn from its init distribution with
// std::mt19937_64, one generator per 2^20-element chunk seeded by (seed, buffer name, chunk),
// filled on all cores: the same seed gives the same inputs on any machine and thread count.
// `as_double` receives the same values as doubles (for float64 reference buffers).
std::vector<unsigned char> make_input(const generators::ResolvedBuffer& buffer, uint64_t seed,
                                      std::vector<double>* as_double = nullptr);
// make_input into caller memory: `out` holds elements * dtype_size bytes, `as_double` (may be
// null) elements doubles. The values never depend on `threads` (0 = all cores).
void fill_input(const generators::ResolvedBuffer& buffer, uint64_t seed, unsigned char* out,
                double* as_double, int threads = 0);

// A vector whose elements start uninitialised (resize does not zero them): for host copies of
// device memory that are overwritten at once, so their pages can be touched on all cores
// (touch_pages) instead of zeroed by one.
template <class T>
struct UninitAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitAllocator<U>;
  };
  UninitAllocator() = default;
  template <class U>
  UninitAllocator(const UninitAllocator<U>&) {}
  template <class U>
  void construct(U* p) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  // Large blocks are recycled within the process (block_pool.h): a freed reference output's
  // pages serve the next one instead of being faulted in again.
  T* allocate(size_t n) {
    if (n * sizeof(T) < kPooledBytes) return std::allocator<T>::allocate(n);
    return static_cast<T*>(host_block_pool().take(n * sizeof(T)));
  }
  void deallocate(T* p, size_t n) {
    if (n * sizeof(T) < kPooledBytes)
      std::allocator<T>::deallocate(p, n);
    else
      host_block_pool().give(p);
  }
};
using HostDoubles = std::vector<double, UninitAllocator<double>>;

// Writes zeros over `bytes` at `p` on all cores (first touch of fresh pages is the slow part of
// filling a large host buffer). Not needed for a block host_block_pool() recycled.
void touch_pages(void* p, size_t bytes);

// One buffer's seeded input bytes in host memory (left uninitialised until filled, so the
// threads that fill it also touch its pages).
struct HostInput {
  std::unique_ptr<unsigned char[]> data;
  size_t size = 0;
};
std::shared_ptr<const HostInput> generate_input(const generators::ResolvedBuffer& buffer,
                                                uint64_t seed);

// The key of one buffer's seeded inputs: everything make_input reads (name, dtype, element
// count, distribution, seed). The host cache below and the device cache (device_input_cache.h)
// both use it.
std::string input_key(const generators::ResolvedBuffer& buffer, uint64_t seed);

// Inputs kept between requests: profile, time and both members of time_pairs draw the same
// seeds, so their input sets are generated once. Keyed by everything make_input reads (name,
// dtype, element count, distribution, seed); bounded in bytes, least recently used out first.
// Not thread-safe (the worker handles one request at a time).
class InputCache {
 public:
  explicit InputCache(size_t max_bytes) : max_bytes_(max_bytes) {}
  // make_input(buffer, seed)'s bytes, generated on a miss.
  std::shared_ptr<const HostInput> get(const generators::ResolvedBuffer& buffer, uint64_t seed);
  size_t bytes() const { return bytes_; }
  size_t entries() const { return lru_.size(); }
  size_t hits() const { return hits_; }

 private:
  using Entry = std::pair<std::string, std::shared_ptr<const HostInput>>;
  size_t max_bytes_, bytes_ = 0, hits_ = 0;
  std::list<Entry> lru_;  // most recent first
  std::map<std::string, std::list<Entry>::iterator> index_;
};

// Device bytes of `dtype` to doubles.
std::vector<double> to_doubles(const std::vector<unsigned char>& bytes, generators::DType dtype);
void to_doubles(const unsigned char* bytes, int64_t n, generators::DType dtype, double* out,
                int threads = 0);

// Whether a reference output of `dtype` holds the integers' own bits in its 8-byte slots instead
// of doubles (I64, U64: a double keeps 53 bits, so above 2^53 the low bits of a 64-bit integer
// would go unchecked even at rtol 0, atol 0). The reference writes such an output in its own
// type (resolve_reference), the slots carry its bits, and compare() (and the device comparison)
// read them back as integers: exactly equal under an exact tolerance.
bool reference_bits(generators::DType dtype);
// The value of a 64-bit integer's bits (I64 or U64) as a double (rounded above 2^53), for the
// figures of a comparison.
double wide_int_value(generators::DType dtype, uint64_t bits);
// The values (rounded above 2^53) of `n` reference slots holding 64-bit integers' bits, for the
// checks that read a reference as numbers (homogeneity, the range limit).
std::vector<double> wide_int_values(generators::DType dtype, const double* slots, int64_t n);
// A reference output's `n` elements of `dtype` into its 8-byte slots: the bits for
// reference_bits, else to_doubles.
void reference_values(const unsigned char* bytes, int64_t n, generators::DType dtype, double* out);

// "buffer[i]", with its row-major coordinates for a buffer of more than one dimension
// ("out[37] (at 1 5)"): where a comparison's first failure is, for a detail line.
std::string element_place(const std::string& buffer, const std::vector<int64_t>& shape,
                          int64_t index);

struct Comparison {
  bool ok = true;  // no failure and no class failure
  int64_t failures = 0;
  int64_t first_bad = -1;    // first failing index
  double got = 0, want = 0;  // at first_bad
  double max_abs_err = 0, max_rel_err = 0;
  // The measured class bound (Tolerance::class_rtol > 0): finite elements outside
  // class_rtol * (atol + max(|r|, |magnitude|)), the first of them and its values, and the largest
  // |o - r| / that bound over the finite elements (infinite where the bound is 0 and o != r).
  int64_t class_failures = 0;
  int64_t class_first_bad = -1;
  double class_got = 0, class_want = 0;
  double class_ratio = 0;
  std::string describe(const std::string& buffer, const std::vector<int64_t>& shape) const;
};

// |o - r| <= atol + rtol*|r| for every element; an infinite reference is met by the same
// infinity and by nothing else (log 0, a masked logit's -inf: hon21); NaN never passes, in the
// output or the reference (an output's 0xFF fill is NaN, so an unwritten element never passes).
// A 64-bit integer output (reference_bits) is compared with its reference's integers: equal, bit
// for bit, under an exact tolerance (atol 0, rtol 0), else by the rule below on both as doubles.
Comparison compare(const std::vector<double>& out, const std::vector<double>& ref,
                   const generators::Tolerance& tol);
// The same comparison straight from `n` device elements of `dtype` (each read as a double, as
// to_doubles does) against `ref_n` reference values, on `threads` threads (0 = all cores): the
// result is the serial walk's, field for field, whatever the thread count.
// With `magnitude` (ref_n values: the reference computed on the inputs' absolute values), an
// element passes when |o - r| <= atol + rtol*max(|r|, |magnitude|): the error bound of a
// computation whose terms cancel scales with the sum of |terms| (its condition), not with
// its result, so an honest FP32 sum of random-sign values is judged on what it summed.
// With tol.class_rtol > 0 every finite element of a float64 output (the only format whose own
// rounding is below the class bound) is also held to the class's own bound
// |o - r| <= class_rtol*(atol + max(|r|, |magnitude|)) (|magnitude| 0 without it; the class's
// share of the problem's atol, not the atol: red team 39, redteam39_atol_class_exp): an element
// outside it is a class failure, not a failure (the worker's precision_mismatch).
// With `valid` (an order-free output with a count, order_view.h): element i, of row i / row, is
// valid on a side when i % row is below that side's count for the row; an element valid on
// neither side is skipped (no error, no failure), one valid on one side only is a failure (a
// count that differs, its values at first_bad as stored) that adds to neither maximum.
struct RowValid {
  int64_t row = 0;
  const int64_t* out = nullptr;  // the candidate's count per row (view_count)
  const int64_t* ref = nullptr;  // the reference's
};
Comparison compare(const unsigned char* out, generators::DType dtype, int64_t n, const double* ref,
                   int64_t ref_n, const generators::Tolerance& tol, int threads = 0,
                   const double* magnitude = nullptr, const RowValid* valid = nullptr);

// The rtol of compare()'s magnitude term (the reference on |inputs|): the declared rtol where it
// is loose (above 1e-3), else at most 256 ulps of FP32 (what an honest sum's rounding reaches).
double magnitude_rtol(double rtol);
// The failed Comparison of an output of `out` elements against a reference of `ref`.
Comparison size_mismatch(size_t out, size_t ref);

// Bit patterns of a value rounded to f16 / bf16 (round to nearest), for half scalars.
uint16_t half_bits(double v);
uint16_t bf16_bits(double v);
// The values of f16 / bf16 bit patterns.
double half_value(uint16_t h);
double bf16_value(uint16_t b);

// Seeds of `count` input sets derived from a base seed (splitmix64), recorded in GateResult.
std::vector<uint64_t> derive_seeds(uint64_t base, int count);

// The integers of a `[low, high)` law: [ceil(low), ceil(high) - 1] (one value where that is
// empty). make_input draws randint, integer uniform and integer sorted buffers from it, and the
// gate's redraws (input_sets.cpp) and the timed perturbation (range_law) stay in it;
// declared_law.cpp checks it with a computation of its own, so that a bug here cannot hide.
std::pair<int64_t, int64_t> integer_range(const generators::InitDist& d);

}  // namespace solver::gpu
