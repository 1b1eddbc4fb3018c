// A problem is a folder: problem.yaml + kernel sources (docs/problem-format.md). This is the
// parsed spec. Shapes, grids, formulas and constraints are expressions in the rules module's
// safe expression language, over the problem's scalars and the variant's knobs.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rules/diagnostics.h"
#include "rules/expression.h"

namespace solver::generators {

enum class DType { F16, BF16, F32, F64, I32, U32, I64, U64 };
const char* to_string(DType d);
std::optional<DType> dtype_from_string(std::string_view s);
std::size_t dtype_size(DType d);

enum class BufferRole { In, Out, InOut, Scratch };
const char* to_string(BufferRole r);  // problem.yaml's word: in, out, inout, scratch

// How an input buffer is filled (docs/problem-format.md, "init"). The first four draw each
// element independently; the structured kinds define the whole buffer at once (an index
// structure, a mask) and are always dist_fixed: the gate's adversarial sets keep them.
struct InitDist {
  // uniform | normal | constant | randint | arange | permutation | cycle | mask | sorted |
  // csr_rowptr
  std::string kind = "uniform";
  // uniform, sorted: [a,b); normal: mean a, std b; constant: a; randint [a,b); arange: start a,
  // step b; mask: probability a of a 1; csr_rowptr: a nonzeros in all, degree skew b (0 =
  // uniform degrees, else a power-law exponent); permutation and cycle: unused.
  double a = -1.0, b = 1.0;
};
// The kinds that define a whole buffer rather than each element.
bool is_structured_init(const std::string& kind);
// Why the values `init` draws cannot be stored in `dtype` (an f16 buffer drawn from [-1e5, 1e5)
// holds infinities, an i32 one from randint [0, 1e12) wrapped numbers, a bound beyond 2^63 is
// undefined behaviour in the host generator's conversion), or nullopt when they fit: uniform,
// sorted and randint bounds, a constant, a normal law's mean +- 8 std, an arange's start. The
// largest finite f16 is 65504, bf16 and f32 about 3.4e38.
std::optional<std::string> init_dtype_problem(const InitDist& init, DType dtype);

struct Tolerance {
  double rtol = 1e-4;
  double atol = 1e-5;
  // The declared class's own error bound (docs/reliability.md, "a declared class is measured"):
  // besides |o - r| <= atol + rtol |r|, every output must meet
  // |o - r| <= class_rtol * (atol + max(|r|, |reference on |inputs||)). 0: the class is not
  // measured (only fp64 is: measured_class_rtol). Set by resolve_shapes, never read from YAML.
  double class_rtol = 0;
};

// c_class of the measured class bound for a declared precision class: 2^-32 for fp64 (about
// 2^21 ulps of slack: an honest FP64 sum of n terms errs by ~sqrt(n) 2^-53, n 2^-53 at worst),
// under every spelling the PTX scan judges as fp64 (judged_class: f64, float64, double, any
// case), 0 for every other class (their rounding is of the size of their tolerances: nothing finer
// to hold them to).
double measured_class_rtol(const std::string& precision);

// An expression kept with its text and location so errors point at the spec.
struct SpecExpr {
  std::string text;
  rules::SourceLocation where;
  std::optional<rules::Expression> expr;  // bound to the problem's scalar + knob symbols
};

struct BufferSpec {
  std::string name;
  DType dtype = DType::F32;
  std::vector<SpecExpr> shape;
  BufferRole role = BufferRole::In;
  InitDist init;                 // for inputs
  bool zero_before_run = false;  // outputs accumulated with atomics: zeroed instead of NaN-poisoned
  // The init distribution is part of the problem's meaning (indices, probabilities, a constant
  // the computation is defined for): the gate's adversarial input sets leave this buffer as
  // drawn, and the degenerate-constant lint stays quiet.
  bool dist_fixed = false;
  // `tolerance: {class: {rtol, atol}}` on an out/inout buffer: this output's own tolerance for
  // those precision classes (each among the problem's `tolerance:` classes), in place of the
  // problem's. Outputs that differ in kind (codes and scales, values and indices) cannot share
  // one: a bound loose enough for one admits anything for the other (issue 28, h28v). Classes
  // it leaves out keep the problem's tolerance (output_tolerance, variant_space.h).
  std::map<std::string, Tolerance> tolerances;
  // `order: free` on an output (issue 28, h28x): the elements of each row (the last dimension;
  // every index of the leading dimensions is a row of its own) are a multiset, in any order an
  // honest kernel writes them (an atomic compaction, an unstable argsort, an edge list). They
  // are compared sorted, both sides by one total order (order_view.h). `order: {with: lead}`:
  // this output is permuted together with `lead` (an `order: free` output of the same shape):
  // one sort of the tuples (lead, its followers in file order). `count: c` (on the lead): the
  // output `c` (an integer, one element per row) holds how many entries of each row are valid;
  // the rest are never compared, and `c` itself is compared exactly.
  bool order_free = false;
  std::string order_with;  // the lead's name, for a follower
  std::string count;       // the count output's name, on a lead
  rules::SourceLocation order_where, count_where;
  // `blind_to: [input, ...]` on an out/inout buffer: the author's declaration that this
  // output's tolerance cannot see each named input, i.e. that input's echo alone moves this
  // output by more than 0 and at most its tolerance on the set that tells it apart
  // (docs/reliability.md P6i, engine/backend/gpu/input_lint.h). It narrows the tolerance lint's
  // judgement of that (input, output) pair, which the gate detail, the ledger's narrowed checks
  // and the report then state; a declared input that the lint finds the output not blind to is
  // a refusal of the spec. Each name is an `in`/`inout` buffer of the problem drawn from an
  // element-wise law (uniform, normal, randint: the inputs the lint echoes), not dist_fixed.
  struct BlindTo {
    std::string input;
    rules::SourceLocation where;  // the list item
  };
  std::vector<BlindTo> blind_to;
  rules::SourceLocation where;
};

struct ScalarSpec {
  std::string name;
  DType dtype = DType::I32;
  double value = 0;
  rules::SourceLocation where;
};

struct LaunchSpec {
  std::string entry;              // kernel name (extern "C")
  std::vector<std::string> args;  // buffer or scalar names, in parameter order
  std::vector<SpecExpr> grid;     // 1..3 expressions
  std::vector<SpecExpr> block;    // 1..3 expressions
  std::optional<SpecExpr> smem;   // dynamic shared memory bytes
  rules::SourceLocation where;
};

// A TMA tensor map over one buffer (`tensor_maps: {name: {buffer, box, swizzle}}` of a variant):
// passed to the kernel by value (128 bytes, `const __grid_constant__`) where `name` appears in
// a launch's args. The worker encodes it at launch time from the device address of the buffer
// bound to that launch (docs/problem-format.md, "Tensor maps").
struct TensorMapSpec {
  std::string name;
  std::string buffer;
  std::vector<SpecExpr>
      box;                // box extent per dimension, in the buffer's shape order (outermost first)
  int swizzle_bytes = 0;  // 0 (none), 32, 64 or 128
  rules::SourceLocation where;
  rules::SourceLocation box_where;
};

struct KnobSpec {
  std::string name;
  std::vector<int64_t> values;
  // Hypotheses a move of this knob applies (`KNOB: {values: [...], applies: [...]}`). Empty
  // means the knob answers `tune_block_size` only (see docs/generators.md).
  std::vector<std::string> applies;
  // Where the seed starts and where a rewrite starts when its parent lacks this knob
  // (`default:`); without one, the first listed value.
  std::optional<int64_t> default_value;
  rules::SourceLocation where;
};

struct VariantSpec {
  std::string id;
  std::string source;  // file relative to the problem folder, or kernels:<file of the library>
  std::string precision = "fp32";  // key into ProblemSpec::tolerances
  std::vector<LaunchSpec> launches;
  std::vector<KnobSpec> knobs;
  std::vector<TensorMapSpec> tensor_maps;  // only with `chip: [tma]`
  std::vector<SpecExpr> constraints;       // boolean expressions over scalars + knobs
  // `algorithm_flops:` the arithmetic this variant's algorithm does (scalars + knobs), where it
  // does less than the problem's `flops` (Winograd, Strassen). Only the physical floor reads it,
  // and only down to the problem's flops / kMaxFlopReduction (engine/backend/gpu/floor_rate.h).
  std::optional<SpecExpr> algorithm_flops;
  std::vector<std::string> applies;  // hypothesis ids, on every parent edge
  // Hypotheses by parent edge (`applies: {tiled: [a], coalesced: [b]}`): the rewrite answers
  // `a` when reached from `tiled`, `b` from `coalesced`. Empty when `applies` is a plain list.
  std::map<std::string, std::vector<std::string>> applies_by_parent;
  // The hypotheses this variant answers when reached from `parent`.
  const std::vector<std::string>& applies_from(const std::string& parent) const;
  // The variants it rewrites (`parent: x` or `parent: [x, y]`); empty for the seed. A variant
  // that combines two lines of rewrites (cp.async + tensor cores) has both as parents, so the
  // generator reaches it from either (the pool is a DAG, not a tree).
  std::vector<std::string> parents;
  std::vector<std::string> compile_options;  // extra NVRTC options
  // Chip capabilities the kernel needs (`chip: [wgmma]`, names of rules::known_capabilities()).
  // On a chip that lacks one the variant is not in the pool: never compiled, proposed or run.
  std::vector<std::string> chip_requires;
  rules::SourceLocation chip_where;  // of the `chip:` list (or of the variant)
  std::string description;
  rules::SourceLocation where;
  rules::SourceLocation precision_where;  // of the `precision:` value (or of the variant)

  const KnobSpec* find_knob(const std::string& name) const;
  const TensorMapSpec* find_tensor_map(const std::string& name) const;
};

struct ReferenceSpec {
  std::string source;  // as VariantSpec::source
  LaunchSpec launch;   // writes float64 copies of every `out` buffer (same shapes)
};

struct ProblemSpec {
  int version = 1;
  std::string name;
  std::string dir;  // absolute folder
  // `kernels: [folder, ...]`: folders of the shared kernel library (kernel_library.h) on the
  // include path of every kernel of the problem, canonical absolute paths, in file order.
  std::vector<std::string> library_dirs;
  std::string description;
  std::vector<ScalarSpec> scalars;
  std::vector<BufferSpec> buffers;
  SpecExpr flops;
  SpecExpr bytes;
  std::map<std::string, Tolerance> tolerances;  // by precision class
  ReferenceSpec reference;
  std::vector<VariantSpec> variants;
  int timeout_ms = 10000;  // watchdog per kernel launch batch
  // `measured_class: off`: the problem opts out of the measured class bound (Tolerance::
  // class_rtol) for honest code whose error is not bounded by sum-of-|terms| scaling (a chaotic
  // iteration); a narrowed check, written in the gate detail, the ledger and the report.
  bool measured_class = true;
  rules::SourceLocation measured_class_where;
  std::string seed_variant;  // the variant the loop starts from (default: first)
  // `generator:` an external generator command for this problem ("" = none) and whether it
  // is asked before the pool; --generator on the command line takes precedence.
  std::string generator;
  bool generator_first = false;
  rules::SourceLocation generator_where;
  std::string file;  // path of problem.yaml (for diagnostics)
  // The bytes of problem.yaml this spec was parsed from (load_problem): whatever keys on the
  // spec's text (the lint's verdict cache) reads these, never the file again, which may have
  // changed since (red team 30's re-read race). Empty for a spec built in code.
  std::string text;
  // Every expression of the problem is bound to one slot layout: the scalars in file order,
  // then every knob name declared by any variant (first appearance). Fill slots with
  // generators::slot_values (variant_space.h).
  std::vector<std::string> slot_names;

  const VariantSpec* find_variant(const std::string& id) const;
  const BufferSpec* find_buffer(const std::string& name) const;
  const ScalarSpec* find_scalar(const std::string& name) const;
};

// One point of a variant's knob space.
using KnobValues = std::map<std::string, int64_t>;

// Canonical key of a variant at a knob point: "tiled[BM=64,BN=64]" ("naive" without knobs).
std::string variant_key(const std::string& variant_id, const KnobValues& knobs);
// Parses a key back (throws InputError on a malformed key).
std::pair<std::string, KnobValues> parse_variant_key(const std::string& key);
// True when `id` can stand before the '[' of a variant key: letters, digits, '_', '-' and '.'
// (what parse_variant_key reads back; the loader refuses any other variant id).
bool is_variant_id(const std::string& id);

// Loads problem.yaml from `dir`. Throws InputError with every located problem.
ProblemSpec load_problem(const std::string& dir);
// Loads every problem folder below `root` (folders holding problem.yaml), sorted by name.
std::vector<ProblemSpec> load_problems(const std::string& root);

}  // namespace solver::generators
