// The hostile-candidate half of the gate's inputs (DESIGN.md, measurement protocol: "a candidate
// is assumed hostile"), as pure host code so every rule is unit-tested without a GPU:
//  - digests of input bytes, compared with the device copy read back after a checked run
//    (a kernel that writes its `in` buffers is `input_mutated`);
//  - the garbage scratch buffers are filled with before every run (no cache survives in them);
//  - adversarial input sets derived from a regular one: the dtype's exponent range (scaled by
//    +-2^e, which an FP16 path overflows or flushes where TF32 and FP32 do not), heavy-tailed
//    random-sign values (skipped work no longer averages out), and the fresh set of the check
//    after timing (a few signs flipped: the same pointers and nearly the same values, so a
//    result cache keyed on either serves a stale answer);
//  - the test that makes an adversarial set checkable: the float64 reference on it must be the
//    regular set's reference times one constant +-2^k (the problem is homogeneous in its
//    inputs), so an honest kernel's rounding scales with it exactly.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/variant_space.h"

namespace solver::gpu {

// 64-bit digest of `n` bytes: 1 MiB chunks hashed on up to `threads` threads (0 = all cores)
// and combined in order, so the value never depends on the thread count.
uint64_t digest(const unsigned char* p, size_t n, int threads = 0);

// `bytes` of seeded garbage (splitmix64 words: all bit patterns, so mostly ordinary numbers of
// every magnitude, a few NaN/Inf, never a constant). The scratch of a run is a window of this
// source at garbage_offset(run, key): the pattern moves between runs, and with `key` a secret of
// the worker (drawn from std::random_device per set of buffers) the window's place says nothing
// about how many runs came before it, so it cannot tell a gate from paired runs or see whether
// another runner ran in between (red team 5, tests/cheats/redteam5_pair_sabotage).
void fill_garbage(unsigned char* out, size_t bytes, uint64_t seed);
inline constexpr size_t kGarbageSlack = 4096;  // the source is this much longer than the scratch
size_t garbage_offset(uint64_t run, uint64_t key);  // a multiple of 4 below kGarbageSlack

// HeavyMagnitude: the heavy-tailed set with every sign dropped (|x| of its values); its
// reference bounds the heavy set's conditioning (compare's `magnitude`), never run on by a
// candidate.
enum class SetKind { Regular, ExponentUp, ExponentDown, HeavySigned, Fresh, HeavyMagnitude };
const char* to_string(SetKind k);

// A float input the adversarial sets may change: f16/bf16/f32/f64, role in or inout, and its
// distribution not declared part of the problem's meaning (dist_fixed).
bool perturbable(const generators::ResolvedBuffer& b);

// The power of two e that moves the buffer's largest magnitude to about 2^kFullReach (up: over
// the FP16 maximum 65504) or 2^-kFullReach (down: FP16 subnormals); for an f16 buffer (its
// storage has FP16's range) or a variant declaring fp16 (its honest path would overflow too) to
// 2^+-kHalfReach instead, inside FP16's range but out of a [-1, 1] support. 0 where the set does
// not apply: an all-zero buffer, or values already that large (small).
// The largest magnitude an output buffer's reference may reach on an exponent-range set for an
// honest kernel to store it: an eighth of FP16's 65504 for an f16 output, or for any float
// output of a variant declaring fp16 (its code computes in FP16: partial results need room
// too); an eighth of FP32's range for f32 and bf16; unbounded for f64 and integers. Past it the
// set is skipped, not checked (gate_op.cpp): an FP16 GEMM's positive sums x 2^6 overflow.
double output_range_limit(const generators::ResolvedBuffer& b, const std::string& precision);

inline constexpr int kFullReach = 17;
inline constexpr int kHalfReach = 3;
int exponent_shift(const generators::ResolvedBuffer& b, const unsigned char* data, bool up,
                   const std::string& precision);

// In place on one buffer's host bytes (its dtype):
// every element times 2^e, negated when `negate` (exact in binary floating point while no
// element overflows or leaves the normal range).
void scale_pow2(const generators::ResolvedBuffer& b, unsigned char* data, int e, bool negate);
// every element's sign drawn at random and, except for 1 element in 16 (the spikes), its
// magnitude divided by 2^g, g uniform in 1..24: heavy-tailed, never larger than before.
void heavy_signed(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed);
// the absolute values of heavy_signed's result with the same seed (the same g draws), or with
// `sparse` > 0 of heavy_kept's (its bound: compare's `magnitude`).
void heavy_magnitude(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed,
                     int64_t sparse = 0);
// The heavy set of a law that does not hold -x (P6c): every value keeps its own sign.
// sparse == 0: heavy_signed's magnitudes (inside the support wherever it holds 0). sparse > 0
// (kept_sparsity: a uniform law whose support holds 0): 1 element in `sparse`, at seeded
// places, keeps its value and every other one is 0. Without random signs nothing cancels, so
// the dense draw could not expose skipped work: a 1-in-16 skip-and-rescale of a 2^26-element
// sum stayed within rtol 1e-4 and tests/cheats/cheat_skip_rescale was kept live (2026-12-03).
// On the sparse set the sum is K = n / sparse values, and a kernel that leaves out a share f
// of the elements misses about f K of them: an error of standard deviation about
// sqrt(f (1 - f) K) E|x|, against a tolerance atol + rtol K E|x| (the declared atol is not
// scaled: a running sum's residue after a kept value is an honest error of that value's size,
// and scaling atol refused the CUDA samples box filter live). For cheat_skip_rescale (2^26
// elements, sparse 4096: K = 16,384; f = 1/16, E|x| = 1/2, rtol 1e-4, atol 1) that is 15.7
// against 1.8: it passes about 9% of gates (0.8 x tolerance / sd), before the timed runs'
// checks. Zeros are exact in every format and absorb nothing, so an honest sum in any order
// stays within its class (a tiny-but-nonzero background would be rounded away by an in-order
// FP32 sum).
void heavy_kept(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed,
                int64_t sparse = 0);
// heavy_kept's `sparse` for `b`: 0 (dense) for a sign-symmetric law or one whose support does
// not hold 0, else a power of two from 16 to 4096, the largest leaving at least 256 elements
// kept (a small buffer still has several).
int64_t kept_sparsity(const generators::ResolvedBuffer& b);
// An integer `in` input whose values may trade places without leaving the problem's declared
// distribution: independent draws (uniform, normal, randint) not dist_fixed, or a mask or a
// permutation (dist_fixed or not: their perturbations keep the distribution, and the loader
// makes every structured input dist_fixed). Issue 28: integer-only problems are perturbed too.
bool swappable(const generators::ResolvedBuffer& b);
// The same kinds `in` or `inout`: what the timed perturbation redraws or exchanges (P6; an
// in-out buffer on its set's copy, which each run's working copy is restored from).
bool changeable_integer(const generators::ResolvedBuffer& b);
// about 1 element in 256, at seeded positions, exchanged with a seeded partner (at least one
// exchange of two different values where the buffer holds two); returns how many exchanges
// changed bytes.
int64_t sparse_swaps(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed);
// about 1 element in 256, at seeded positions, redrawn from the buffer's declared distribution
// (randint, uniform, mask: a histogram or a sum moves, issue 28) to a value that differs where
// one can; other kinds (permutation, normal) by sparse_swaps. Returns how many changed
// (TransformOp::Swaps).
int64_t sparse_redraws(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed);
// the signs of about 1 element in 256 flipped at seeded positions (at least one); returns
// how many.
int64_t sparse_sign_flips(const generators::ResolvedBuffer& b, unsigned char* data, uint64_t seed);

// c when scaled[i] == c * base[i] for every i, for one c = +-2^k (to 1e-9 of the largest
// |c * base|: a reference summing in another order is still recognised), else nullopt (also
// when either holds a non-finite value, or base is all zero).
std::optional<double> uniform_factor(const double* base, const double* scaled, int64_t n);

// What a derived set does to one buffer: the same plan is applied on the host (derived_set) or
// on the device (device_derive.h), so both paths give the same bytes by construction.
// Swaps: sparse_redraws, on the host only (no plan makes it now that the fresh set is Redrawn).
// HeavyKept: heavy_kept (P6c).
// Redrawn: the fresh set (P6, issue 28): the timed runs' perturbation from the set's seed
// (every position redrawn, a few planted: timed_perturbation.h), so the check inside the timed
// series sees inputs of the very kind every timed run sees, and is verified like the audit.
// Echo: one of the tolerance lint's echoes (echo_map.h) of set 0, any dtype; never a set a
// candidate runs on (the lint runs the reference alone on it).
enum class TransformOp {
  ScalePow2,
  HeavySigned,
  SignFlips,
  HeavyMagnitude,
  Swaps,
  Redrawn,
  HeavyKept,
  Echo
};
struct BufferTransform {
  size_t buffer = 0;  // index into the variant's buffers
  TransformOp op = TransformOp::ScalePow2;
  int e = 0;            // ScalePow2: the power of two
  bool negate = false;  // ScalePow2
  uint64_t seed = 0;    // HeavySigned, SignFlips: this buffer's draws
  int64_t sparse = 0;   // HeavyKept, HeavyMagnitude: heavy_kept's `sparse` (kept_sparsity)
  Perturbation redraw;  // Redrawn
  EchoMap echo;         // Echo
};
struct HostSet;
// The transforms a derived set `kind` makes of `base` (empty: it would change nothing).
// `homogeneous` (Fresh only): the timed runs' shrink of positive laws (timed_perturbations).
// `law` (Fresh only; law_checks.h, P6h): the timed runs' redraw i.i.d. from the declared law.
// `strata` (Fresh only; P6l, P8, helper fix38b): the timed runs' keyed position strata, so the
// fresh-set check's data are a timed run's by every statistic (red team 38b's
// redteam38b_fresh_strata_tell told them apart by an F test on the significands); false only
// for the tolerance lint's twin of it (same seed, same cells: sample_lint.h); scratch
// resolution's base takes them too since helper fix40s (resolution_sets.h: red team 39's child
// told the unstratified base from every timed run).
std::vector<BufferTransform> derive_plan(const generators::ResolvedVariant& variant,
                                         const HostSet& base, SetKind kind, uint64_t seed,
                                         bool homogeneous = false, bool law = false,
                                         bool strata = true);
// The key, kind and seed of the derived set, for the reference cache and the record.
std::string derived_key(const std::string& base_key, SetKind kind, uint64_t seed);

// One input set as the host generated it: the bytes of every input buffer (by buffer index;
// null for outputs and scratch) and the digest of every `in` buffer, which the device copy
// read back after a checked run must still match.
struct HostSet {
  std::string key;  // names the set for the reference cache ("<seed>", "<seed>/heavy-tailed...")
  uint64_t seed = 0;
  SetKind kind = SetKind::Regular;
  std::vector<std::shared_ptr<const HostInput>> inputs;
  std::vector<uint64_t> digests;  // by buffer index; 0 where not an input (`in`, `inout`)
  // The comparison's atol is multiplied by this (|c| of an exponent-range set, whose outputs
  // are the regular set's times c): an honest kernel's rounding scales with its inputs.
  double atol_scale = 1;
  // The set whose reference is this one's on |inputs| (HeavyMagnitude for HeavySigned), or -1:
  // the comparison's error scale (compare's `magnitude`).
  int magnitude_set = -1;
  // Derived on the device (DeviceBuffers::add_device_set): the buffers `plan` transforms have
  // no host bytes here (null inputs, digest 0) until materialise() makes them from set `base`
  // with the host path, which happens only where a check failed or a restore needs them.
  bool on_device = false;
  std::vector<BufferTransform> plan;
  // The set an on_device set is derived from: 0 (set 0's pristine copy), or the second look's
  // judging set (its keyed class echoes, helper h32fast); a host set, never itself on_device.
  int base = 0;
};
// The host bytes and digests of an on_device set, from `base` (its set `base`) by its plan.
void materialise(const generators::ResolvedVariant& variant, const HostSet& base, HostSet& set);

// The seeded set `seed` of `variant`'s inputs (from `cache` when given).
HostSet regular_set(const generators::ResolvedVariant& variant, uint64_t seed, InputCache* cache);
// `base` transformed into an adversarial `kind` (ExponentUp / ExponentDown / HeavySigned /
// Fresh) with draws from `seed`; buffers the kind leaves alone are shared with `base`. Empty
// when it would change no buffer (nothing perturbable; values already at the range's end).
// Exponent-range sets negate every other perturbable buffer whose law holds -x for every x
// (sign_symmetric, P6c), so signs are tested where the law has them.
std::optional<HostSet> derived_set(const generators::ResolvedVariant& variant, const HostSet& base,
                                   SetKind kind, uint64_t seed);
// The same from derive_plan's answer for (kind, seed), already computed.
std::optional<HostSet> derived_set(const generators::ResolvedVariant& variant, const HostSet& base,
                                   SetKind kind, uint64_t seed,
                                   const std::vector<BufferTransform>& plan);

// The other builder of a set from a host set: `base` with some inputs' bytes rewritten on the
// host by the caller (the class bound's |inputs|, sensitivity and noise moves, class_bound.h;
// P6p's fold about the law's centre, fold_bound.h). Key `<base key>/<suffix>`, base's seed, kind
// `kind`, base's inputs and digests; for every buffer i with host bytes in `base`,
// `rewrite(i, buffer, bytes)` returns input i's new bytes (digested anew), or nullptr to keep
// base's. nullopt where it rewrote none.
using InputRewrite = std::function<std::shared_ptr<HostInput>(
    size_t index, const generators::ResolvedBuffer& buffer, const HostInput& bytes)>;
std::optional<HostSet> rewritten_set(const generators::ResolvedVariant& variant,
                                     const HostSet& base, const std::string& suffix, SetKind kind,
                                     const InputRewrite& rewrite);
// A private copy of one input's bytes, for a rewrite to change.
std::shared_ptr<HostInput> copy_of(const HostInput& in);

// Whether one DeviceBuffers serves both variants: the same buffers in the same order, each with
// the same name, dtype, role, shape, initialisation and run preparation (so the same seeds give
// the same bytes, and a run of either leaves the other's inputs as they were meant to be).
bool same_buffer_layout(const generators::ResolvedVariant& a, const generators::ResolvedVariant& b);

}  // namespace solver::gpu
