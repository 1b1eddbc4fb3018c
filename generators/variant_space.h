// A variant's knob space and its resolution at one knob point on one chip: everything the GPU
// worker needs to compile, launch and check it, with every expression evaluated to a number.
// Pure host code: no CUDA header here (docs/architecture.md: they stay below the GPU boundary).
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "generators/problem_spec.h"
#include "generators/toolkit_dirs.h"  // cuda_include_dir, cccl_include_dir
#include "rules/chips.h"
#include "rules/outcome.h"
#include "rules/value.h"

namespace solver::generators {

// Slot values for evaluating the problem's expressions: scalars, then the knobs in `knobs`
// (slots of knobs not given stay missing).
std::vector<rules::Value> slot_values(const ProblemSpec& spec, const KnobValues& knobs);

// Every knob point of `variant` that satisfies its constraints: the cartesian product of the
// knob value lists, first knob slowest, values in file order. A variant without knobs has one
// point (the empty map). Constraints that evaluate to false or missing drop the point.
// Materialises every point: only for spaces the loader admitted (<= kMaxKnobPoints).
std::vector<KnobValues> enumerate_knobs(const ProblemSpec& spec, const VariantSpec& variant);

// The largest knob space (product of the value counts) a problem.yaml may declare per variant:
// the loader refuses a bigger one, naming its size, before anything walks it.
inline constexpr uint64_t kMaxKnobPoints = 100000;
// The product of the variant's value counts, saturating at UINT64_MAX (never overflows).
uint64_t knob_space_size(const VariantSpec& variant);
// The same walk as enumerate_knobs, one point at a time, in the same order, holding only the
// current point: `visit` returns false to stop early.
void for_each_knob_point(const ProblemSpec& spec, const VariantSpec& variant,
                         const std::function<bool(const KnobValues&)>& visit);

// Success if `knobs` names exactly the variant's knobs, each with a declared value, and the
// constraints hold; else the first reason it does not.
rules::Outcome<> knob_point_allowed(const ProblemSpec& spec, const VariantSpec& variant,
                                    const KnobValues& knobs);

struct ResolvedArg {
  enum class Kind { Buffer, Scalar, TensorMap };
  Kind kind = Kind::Buffer;
  std::string name;
  int index = -1;  // into ResolvedVariant::buffers, ::scalars or ::tensor_maps
};

// A tensor map at one knob point, in the driver's order (dimension 0 innermost): everything
// cuTensorMapEncodeTiled needs except the buffer's device address, which the worker takes from
// the buffer bound to each launch.
struct ResolvedTensorMap {
  std::string name;
  int buffer = -1;               // into ResolvedVariant::buffers
  DType dtype = DType::F32;      // the buffer's
  std::vector<int64_t> dims;     // elements per dimension, innermost first
  std::vector<int64_t> strides;  // bytes between consecutive indices of dimensions 1..rank-1
  std::vector<int64_t> box;      // box extents, innermost first
  int swizzle_bytes = 0;         // 0, 32, 64, 128
  int64_t box_bytes() const;     // bytes one box copies (the mbarrier transaction count)
};

struct ResolvedLaunch {
  std::string entry;
  std::vector<ResolvedArg> args;
  std::array<int64_t, 3> grid{1, 1, 1};
  std::array<int64_t, 3> block{1, 1, 1};
  int64_t smem_bytes = 0;  // dynamic shared memory
  // Saturates at INT64_MAX (the dims come from user expressions; the product never wraps).
  int64_t threads_per_block() const {
    int64_t t = 1;
    for (int64_t d : block)
      if (d < 0 || __builtin_mul_overflow(t, d, &t)) return INT64_MAX;
    return t;
  }
};

// The largest buffer a spec may ask for (1 TiB, far beyond any GPU): sizes are checked against
// it with overflow-checked products, so a huge shape is an issue, never a wrapped number.
inline constexpr int64_t kMaxBufferBytes = int64_t{1} << 40;

struct ResolvedBuffer {
  std::string name;
  DType dtype = DType::F32;
  BufferRole role = BufferRole::In;
  InitDist init;
  bool zero_before_run = false;
  std::vector<int64_t> shape;
  int64_t elements = 0;
  int64_t bytes = 0;        // elements * dtype_size (both at most kMaxBufferBytes)
  bool dist_fixed = false;  // BufferSpec::dist_fixed
  // The output's own tolerance for the variant's precision class (BufferSpec::tolerances, with
  // the class's class_rtol), where the problem gives this buffer one; else the variant's.
  std::optional<Tolerance> tolerance = std::nullopt;
  // BufferSpec::order_free / order_with / count as indices into ResolvedVariant::buffers:
  // `order_lead` is this output's group lead (itself for a lead, -1 for an ordered output),
  // `order_count` the lead's count output (-1: every element valid), `is_count` whether some
  // group counts with this output (compared exactly: output_tolerance).
  int order_lead = -1;
  int order_count = -1;
  bool is_count = false;
};

struct ResolvedScalar {
  std::string name;
  DType dtype = DType::I32;
  double value = 0;
};

struct ResolvedVariant {
  std::string problem;
  std::string variant;  // variant id ("__reference__" for the reference)
  KnobValues knobs;
  std::string key;          // variant_key(variant, knobs)
  std::string source_path;  // absolute
  std::string source_text;  // empty if unreadable (see issues)
  std::string arch;         // "sm_90"
  // Full NVRTC options: --gpu-architecture=sm_XY, --std=c++17, -I<cuda include> when the
  // toolkit's headers are found, -DKNOB=value (sorted by name), then the variant's options.
  std::vector<std::string> nvrtc_options;
  std::vector<ResolvedLaunch> launches;
  std::vector<ResolvedBuffer> buffers;         // in spec order
  std::vector<ResolvedScalar> scalars;         // in spec order
  std::vector<ResolvedTensorMap> tensor_maps;  // in spec order
  std::string precision;  // tolerance class ("fp32", "tf32"; "fp64" for the reference)
  Tolerance tolerance;
  double flops = 0;
  double bytes = 0;
  // The variant's `algorithm_flops` at this point (0: it declares none, the problem's flops
  // stand). Read by the physical floor only (engine/backend/gpu/floor_rate.h).
  double algorithm_flops = 0;
  int timeout_ms = 10000;
  // sha256 of source text + options without machine-specific ones (-I paths), so the same
  // variant hashes the same on the H200 and in CI.
  std::string source_hash;
  // sha256 of the local headers the source includes (problem include/, shared include/, the
  // folder's own): part of source_hash and of the compile cache key. Empty without any.
  std::string headers_digest;
  // Problems met while evaluating (non-integral shape, missing value, unreadable source...).
  // Non-empty means the variant is not launchable; validate() reports these too.
  std::vector<rules::Diagnostic> issues;

  const ResolvedBuffer* find_buffer(const std::string& name) const;
  bool ok() const { return issues.empty(); }
};

// The tolerance output `buffer` (an index into rv.buffers) is compared and judged at: its own
// (ResolvedBuffer::tolerance, a per-buffer `tolerance:` for rv's precision class), else the
// variant's class tolerance (ResolvedVariant::tolerance). Every comparison, the tolerance lint
// and what prints a tolerance read this, never rv.tolerance alone (h28v). Out of range: rv's.
// A count output (ResolvedBuffer::is_count) is exact whatever is declared: rtol 0, atol 0 (a
// count of 10^6 off by one is inside rtol 1e-5, and every row's valid length hangs on it).
Tolerance output_tolerance(const ResolvedVariant& rv, std::size_t buffer);

// Evaluates `variant` at `knobs` for `chip` and reads its source. Never throws: problems land
// in ResolvedVariant::issues.
ResolvedVariant resolve(const ProblemSpec& spec, const VariantSpec& variant,
                        const KnobValues& knobs, const rules::ChipProfile& chip);
// The reference kernel, resolved like a variant (no knobs; precision "fp64"; its `out`
// arguments are float64 buffers of the same shapes).
ResolvedVariant resolve_reference(const ProblemSpec& spec, const rules::ChipProfile& chip);
// Evaluates only buffers, scalars, launches, flops and bytes (no source read, no options):
// what static validation and the candidate policy need.
ResolvedVariant resolve_shapes(const ProblemSpec& spec, const VariantSpec& variant,
                               const KnobValues& knobs);

// "sm_90" from the chip's compute capability.
std::string chip_arch(const rules::ChipProfile& chip);
// The capabilities of `variant.chip_requires` that `chip` lacks (empty: the variant is in the
// chip's pool).
std::vector<std::string> missing_capabilities(const VariantSpec& variant,
                                              const rules::ChipProfile& chip);
// What NVRTC compiles the variant for: chip_arch, with the architecture-specific suffix
// ("sm_90a") when the variant needs a capability that only that target has (wgmma,
// and the setmaxnreg that warp-specialised wgmma kernels use with it).
std::string variant_arch(const VariantSpec& variant, const rules::ChipProfile& chip);
// The options that go into source_hash: all but -I / --include-path ones.
std::vector<std::string> portable_options(const std::vector<std::string>& options);
std::string hash_source(const std::string& source_text, const std::vector<std::string>& options);

}  // namespace solver::generators
