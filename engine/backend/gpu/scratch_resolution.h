// P4 measured in memory (issue 28, red team 33): a float kept in scratch at fewer bits than its
// declared class, whoever rounds it and however the bits are packed, resolves a small input
// change no better than its own quantum. The property, not a pattern: a word a kernel stores as
// FP32 holds a value rounded once to 24 bits, so where that value moves by a relative 2^-18
// (16-32 of its ulps: kFineBits) the word changes; a value kept as b-bit fixed point (or a
// b-bit mantissa) changes only where the move crosses one of its steps, with probability about
// 2^-18 / 2^-b. The gate runs the candidate three times at slot 0 on one fresh draw of the law
// that no kernel can have seen, made as a timed run's input is (P8: the adversarial checks'
// path; P6l's strata since helper fix40s, resolution_sets.h): A, every law float input
// moved by a relative 2^-18 x (1 +- 1/2) at seeded signs (fine), and by 2^8 times that
// (coarse, still inside the law's support: 2^-10 of each value), reading the scratch before
// each run (the garbage the worker filled it with) and after it. A scratch word is judged where
// every run wrote it (after != before) and the coarse move carried it >= kMinCoarseSteps FP32
// steps (it depends on the inputs enough that FP32 resolves the fine move: a value the inputs
// barely move, a saturated tanh, is left out), and unresolved where the fine move left it as it
// was. An FP32 scratch
// resolves nearly every judged word; a 16-bit image of it (red team 33's three fields in two words)
// leaves ~90% unresolved. Discrete words (counts, masks, indices held as floats) respond like a
// quantised value (a count moves where a value crosses a bin edge, linearly in the move), so the
// check applies only where the problem's reference itself responds to the fine move on most of its
// outputs (a smooth problem: its intermediates should be smooth too), decided once per problem from
// two reference runs. Red team 35: every scratch of 32 or 64 bits is read as the float format of
// its width whatever its declared dtype (a u32 scratch held FP32 words), and the smoothness is
// decided per output (a pooled share was diluted by a padded output). Helper scr38: a 16-bit
// scratch (f16, bf16) is measured too, as FP16 or BF16 words under moves scaled to their
// resolution (two more runs for each 16-bit format present), under an fp32/fp64 class and under
// an fp16/bf16 one (which admits 16-bit storage, not less). Red team 38 (helper fix38s): a word
// that changed must have changed in proportion to its coarse change (kProportionSteps), and
// module-scope .global arrays are judged as scratch (resolution_scope's module_arrays). Pure host
// code: the rule and the moves are unit-tested (tests/engine/scratch_resolution_test).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "generators/variant_space.h"

namespace solver::gpu {

// The fine move is a relative 2^-kFineBits, the coarse 2^-(kFineBits - kCoarseGap).
inline constexpr int kFineBits = 18;
inline constexpr int kCoarseGap = 8;
// Refused where more than this share of a scratch buffer's judged words is unresolved, over at
// least kMinJudgedWords judged words of that buffer (each scratch buffer on its own).
inline constexpr double kUnresolvedBar = 0.25;
inline constexpr int64_t kMinJudgedWords = 256;
// The reference is smooth where at least this share of one float output's own elements changes
// under the fine move (most_responsive: per output, never pooled).
inline constexpr double kSmoothShare = 0.5;
// A word is judged only where the coarse move carried it at least this many representable FP32
// steps (ulps; step_distance): the fine move is 2^-kCoarseGap of the coarse one, so an FP32 word
// then moves by >= 2 ulps under it. A word the coarse move carried fewer steps is a value its
// inputs barely move (tanh or a sigmoid near saturation, 1 + a small term: a condition number
// below ~2^-4.5), which FP32 does not resolve under the fine move either: it says nothing of the
// format. A packed word's fields move by whole steps of >= 2^-16 of their range at the top bits
// of the word, which the coarse move carries 2^9 steps or more (issue 28, helper p4audit).
inline constexpr int64_t kMinCoarseSteps = 512;
// A word whose value is a whole number of magnitude at most this in the base run and in the
// coarse one is a count, a code or an index (an int8 fake-quant code, a pooling window's winner,
// a bucket id, a small histogram's bin): it changes where a value crosses a step, as a field
// does, and is not judged. No packing fits in it: two fields under 256 hold 4 bits each, far
// short of any FP32 tolerance (issue 28, helper p4audit).
inline constexpr float kMaxDiscreteWord = 256.f;

// Red team 38: a word that changes under the fine move is not thereby resolved (a rounding
// jittered by the value's own low bits changes under every move while the word keeps 16 bits).
// The two moves are one move at two sizes (the same seeded signs, the fine 2^-(fine - coarse) =
// `ratio` times the coarse), so a word that carries its value (a smooth function of the inputs
// rounded once to its format) moves under the fine move by `ratio` times its coarse change in
// steps, up to its own rounding (1 step), the inputs' rounding of the fine move (at most 1/16 of
// it for FP32 inputs), the curvature over the coarse move (2^-10 relative) and the noise of its
// computation's own FP32 roundings (a sum's few ulps, ~1/4-1 of the fine move's 16-48 ulps of an
// intermediate). A word kept at a quantum Q coarser than the fine move moves by whole quanta:
// unchanged (unresolved as before) or off the proportional change by about Q. A judged word that
// changed is unresolved where it is off by more than kProportionSteps + kProportionSlack times the
// proportional change: a value at a quantum over ~3 fine moves (~16.4 bits under FP32's moves),
// jittered or not, fails on most of its changes.
inline constexpr int64_t kProportionSteps = 4;
inline constexpr double kProportionSlack = 2.0;

// The float format a scratch word of `dtype` is judged as: its width's (red team 35: a scratch's
// dtype is the problem's word, and nothing ties it to what kernels store there, so a u32 or i32
// scratch is read as FP32 words and a u64, i64 or f64 one as FP64 words). A 16-bit scratch (f16,
// bf16) is read as its own format, FP16 or BF16, under moves of its own (helper scr38: a relative
// 2^-18 is below their resolution, so the FP32 moves say nothing of them): resolution_moves.
int resolution_word_bytes(generators::DType dtype);      // 2, 4 or 8
const char* resolution_format(generators::DType dtype);  // "FP16", "BF16", "FP32" or "FP64"

// The format a scratch buffer of `dtype` is read as where its code stores words of
// `stored_bytes` (generators/ptx_store_words.h stored_word_bytes; 0: no typed store): a 32- or
// 64-bit dtype as FP32 (4) or FP64 (8) by its stores, not by its width (red team 39,
// redteam39_wide_word_fields: FP32 values and 16-bit fields stored with st.global.v2.f32 into a
// u64 scratch were read as FP64 words, whose low ~35 bits no move tests); a 16-bit dtype as its
// own format (scr38's moves and wit39's witness decide what it holds).
generators::DType stored_format(generators::DType dtype, int stored_bytes);

// The "not judged" part naming the scratch buffers and module arrays the code only writes
// (generators/ptx_store_words.h write_only; honest controls 39: a profiler's timestamps), empty
// where there are none.
std::string write_only_left_out(const std::vector<std::string>& names);

// The moves a word format is judged by: the fine move a relative 2^-fine_bits, the coarse one
// 2^-coarse_bits, a word judged where the coarse move carried it at least min_coarse_steps steps
// of its format (so that the fine move, 2^(fine_bits - coarse_bits) times smaller, carries an
// honest word of the format >= 2 steps). FP32 and FP64: kFineBits, kFineBits - kCoarseGap,
// kMinCoarseSteps (the same three runs). FP16 (11 significant bits) and BF16 (8): a fine move of
// 1-6 of the format's ulps (2^-kFineBitsFP16, 2^-kFineBitsBF16), the coarse one 2^kCoarseGap16
// times larger, kMinCoarseSteps16 = 2^(kCoarseGap16 + 1) steps: a value kept at b bits fewer than
// the format (two 8-bit fields in an FP16 word, FP8 in a BF16 one) resolves the fine move with
// probability about 2^-b, as the FP32 measurement reads a 16-bit image of an FP32 value.
inline constexpr int kFineBitsFP16 = 9;
inline constexpr int kFineBitsBF16 = 6;
inline constexpr int kCoarseGap16 = 3;
inline constexpr int64_t kMinCoarseSteps16 = 16;
// Under a bf16 class a 16-bit scratch is judged at BF16's resolution whatever its dtype (the
// class admits BF16 rounding; an f16 scratch holding BF16-rounded values is honest there).
// FP64 words under an fp64 class (helper fix40s, red team 39's redteam39_wide_word_fields, second
// half): judged at FP64's own resolution, a fine move of 2^-kFineBitsFP64 (16-32 ulps of an FP64
// value, as 2^-18 is of an FP32 one) against FP32's coarse move 2^-(kFineBits - kCoarseGap) (one
// move at two sizes, `ratio` 2^-37: a word kept at b < 53 bits resolves it with probability about
// 2^(b - 47), and bits packed below the value's own move by whole fields, out of proportion),
// judged where the coarse move carried the word 2^38 FP64 steps (2^(1 + 47 - 10): the fine move
// then carries an honest word >= 2 steps, as 512 FP32 steps do at FP32's moves). FP32's moves
// (2^-18, about 2^34 FP64 steps) never tested the low ~35 bits of a 64-bit word. One run more
// than FP32's moves where FP32 words are judged too (the 2^-18 run is then the FP32 words'),
// none where only FP64 words are. The move reaches an f64 input only (2^-47 rounds away in an
// f32 one), so the step makes it only where every movable input is f64 (a mixed set would move
// the f32 inputs under the coarse move and not under the fine one: out of proportion by
// construction); elsewhere FP64 words keep FP32's moves and the step says so. Under an fp32
// class an FP64 word keeps FP32's moves: the class admits FP32 rounding anywhere (an f64 input
// converted to FP32 and summed in FP64 is honest there and resolves no 2^-47 move).
inline constexpr int kFineBitsFP64 = 47;
struct ResolutionMoves {
  int fine_bits = kFineBits;
  int coarse_bits = kFineBits - kCoarseGap;
  int64_t min_coarse_steps = kMinCoarseSteps;
  int significand_bits = 24;    // the format's (the resolved bits said are at most this)
  const char* format = "FP32";  // the resolution judged: "FP16", "BF16", "FP32" or "FP64"
};
// `judged_class`: generators::judged_class of the variant's precision ("fp32" where unsaid); a
// 64-bit format under "fp64" gets FP64's own moves (kFineBitsFP64).
ResolutionMoves resolution_moves(generators::DType dtype, const std::string& judged_class = "fp32");

// What the step does on `v`. `claims`: the class is judged fp32 or fp64 and `v` has a scratch
// buffer, or the class is fp16 or bf16 and `v` has a 16-bit scratch (helper scr38: the class
// admits 16-bit storage, not less), so P4m says something (a 32-bit scratch under a 16-bit class
// may hold values of the class's precision; without a scratch nothing is kept between launches
// but the outputs, which are compared). `measured`:
// every scratch buffer the class claims (16, 32 or 64 bits: every dtype has a format), whatever
// the variant's launches name (a kernel can reach a buffer it is not passed). `left_out`: why
// nothing is judged (no movable input), empty where nothing is left out; the gate says it (P5).
struct ResolutionScope {
  bool claims = false;
  bool movable = false;          // some input movable_input() accepts
  std::vector<size_t> measured;  // indices into v.buffers
  std::string left_out;
};
// `module_arrays`: how many module-scope .global variables the variant's PTX declares (red team
// 38: a run's launches keep intermediates there as well as in a declared scratch, the step reads
// them back as FP32 words under an fp32 or fp64 class: they claim as a scratch does).
ResolutionScope resolution_scope(const generators::ResolvedVariant& v, size_t module_arrays = 0);
// Whether the three runs are made on `v`: it claims, has a movable input and a measured scratch.
bool resolution_applies(const generators::ResolvedVariant& v);
// A law float input the moves change: f32 or f64 (a relative 2^-18 is below f16's and bf16's
// resolution; the 16-bit scratch's moves are made on the same inputs), role in or inout, not
// dist_fixed, drawn uniform or normal element by element.
bool movable_input(const generators::ResolvedBuffer& b);
// In place on one movable buffer's host bytes: every element x becomes x (1 + 2^-bits c), c =
// 1 +- 1/2 at seeded signs (a coherent part, so a mean moves, and a random one, so a
// scale-free quantity moves too), rounded to the dtype and kept inside a uniform law's
// [a, b) (the largest value below b). Other buffers are left alone.
void relative_move(const generators::ResolvedBuffer& b, unsigned char* data, int bits,
                   uint64_t seed);

// The words of one scratch buffer over the three runs (each `bytes` long), each run's words as
// the worker filled them before it (`*_pre`: the run's garbage) and after it, read as the float
// format of `word_bytes` (4: FP32, 8: FP64; resolution_word_bytes) or of `as` (its dtype's
// format, resolution_format, with its moves' min_coarse_steps: the runs are its fine and coarse
// moves, resolution_moves).
struct ResolutionCounts {
  int64_t words = 0;   // words read
  int64_t judged = 0;  // written in all three runs (after != before), A, coarse >= 512 steps apart
  // judged and A == fine, or judged and its fine move not in proportion to its coarse one
  // (`disproportionate` of them: |fine - A - ratio (coarse - A)| in steps above kProportionSteps
  // + kProportionSlack |ratio (coarse - A)|)
  int64_t unresolved = 0, disproportionate = 0;
  // written in all three runs and A != coarse, but by fewer than kMinCoarseSteps steps: not
  // judged (`still_unresolved` of them A == fine, for the detail and the host emulations)
  int64_t still = 0, still_unresolved = 0;
  // written in all three runs, A != coarse, both whole numbers within kMaxDiscreteWord: not
  // judged (`discrete_unresolved` of them A == fine)
  int64_t discrete = 0, discrete_unresolved = 0;
  void add(const ResolutionCounts& o) {
    words += o.words, judged += o.judged, unresolved += o.unresolved;
    disproportionate += o.disproportionate;
    still += o.still, still_unresolved += o.still_unresolved;
    discrete += o.discrete, discrete_unresolved += o.discrete_unresolved;
  }
};
ResolutionCounts count_resolution(const unsigned char* a_pre, const unsigned char* a,
                                  const unsigned char* fine_pre, const unsigned char* fine,
                                  const unsigned char* coarse_pre, const unsigned char* coarse,
                                  size_t bytes, int word_bytes = 4);
ResolutionCounts count_resolution(const unsigned char* a_pre, const unsigned char* a,
                                  const unsigned char* fine_pre, const unsigned char* fine,
                                  const unsigned char* coarse_pre, const unsigned char* coarse,
                                  size_t bytes, generators::DType as);
// The same at the moves `m` (resolution_moves(as, class): FP64's own under an fp64 class).
ResolutionCounts count_resolution(const unsigned char* a_pre, const unsigned char* a,
                                  const unsigned char* fine_pre, const unsigned char* fine,
                                  const unsigned char* coarse_pre, const unsigned char* coarse,
                                  size_t bytes, generators::DType as, const ResolutionMoves& m);

// The number of FP32 values between the words a and b read as floats (sign-magnitude words mapped
// onto a line: ulps for same-sign finite values, the integer difference of the bits for
// subnormals and packed words); step_distance64 the same for FP64 words (saturating),
// step_distance16 for FP16 and BF16 words (both sign-magnitude, one line).
int64_t step_distance(uint32_t a, uint32_t b);
int64_t step_distance16(uint16_t a, uint16_t b);
int64_t step_distance64(uint64_t a, uint64_t b);

// The share of float output elements that changed between the reference on the base draw and
// on its fine move (float64 values compared exactly; non-finite pairs left out).
double changed_share(const double* base, const double* moved, size_t n);

// The problem's side, decided per output (red team 35: a share pooled over the outputs is
// diluted under kSmoothShare by an output no movable input reaches, an f16 tag beside the smooth
// one): the float output whose own elements respond most to the fine move. The problem is smooth
// (its scratch is judged) where that output's share reaches kSmoothShare.
struct OutputResponse {
  std::string output;  // empty: no float output
  double share = 0;
};
OutputResponse most_responsive(const std::vector<OutputResponse>& outputs);
bool smooth_problem(const OutputResponse& r);

// Empty where the counts pass (or judge too few words), else the precision_mismatch detail
// naming the buffer, its dtype and the format its words were judged as, the shares, the bits
// the unresolved share stands for and what to declare.
std::string resolution_verdict(const ResolutionCounts& c, const std::string& buffers,
                               const std::string& declared,
                               generators::DType dtype = generators::DType::F32);
// The same for counts made at the moves `m` (the moves the step judged the words by: FP64 words
// under an fp64 class at FP32's where no f64 input carried FP64's own).
std::string resolution_verdict(const ResolutionCounts& c, const std::string& buffers,
                               const std::string& declared, generators::DType dtype,
                               const ResolutionMoves& m);
// The stored bits an unresolved share u stands for (a quantum q resolves a move m with
// probability about m / q): log2((1 - u) / 2^-fine_bits), at most `significand_bits`.
double resolved_bits(double unresolved_share, int fine_bits = kFineBits, int significand_bits = 24);

// The seed as the witness of a 16-bit scratch's words (helper wit39, red team 38's
// redteam38_half_word_scratch): true where `wide`, the seed's scratch counted as FP32 words under
// FP32's moves, judges at least kMinJudgedWords and passes resolution_verdict (its words are
// FP32 values kept in the bytes of halves). Honest halves read as FP32 words leave most judged
// words unresolved (a 2^-18 move is below FP16's step), or judge too few.
bool scratch_holds_fp32(const ResolutionCounts& wide);

// The refusal of a module array the loaded module does not give back by the name the scans found
// (issue 28, helper wit39): a `.global` declared inside a function body (an inline-asm block) is
// ptxas's `$__<name>__<N>` in the CUBIN, found there (generators/cubin_module_data.h); where it is
// not, the step cannot read what the run kept there, and a check not made is not a pass.
std::string module_array_unreadable(const std::string& name, const std::string& declared);

}  // namespace solver::gpu
