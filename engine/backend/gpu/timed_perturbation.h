// What every timed run sees (docs/reliability.md P6, P6a-P6c, issue 28): before each timed run,
// on the device and outside the timed window, every input buffer drawn from a law (role `in` or
// `inout`; `dist_fixed` or not: a change inside the declared law keeps what dist_fixed promises,
// which narrows the adversarial sets only; such a buffer is redrawn i.i.d. from its law exactly,
// without the planted cells or the shrink below) is changed inside that law, from draws keyed
// on a run seed this process draws at random. Only `constant` and `arange` inputs have no law to
// draw from and stay as they are. Per kind:
//  - element-wise laws (uniform, normal, randint, mask) on every dtype, integers included:
//    every position redrawn from the declared law (uniform, randint exactly; normal through a
//    64-piece linear inverse CDF, tails cut at 3.5 sd; a mask with its probability), with
//    integer and correctly rounded double arithmetic only, so host and device give the same
//    bytes; then a quarter of a float buffer's positions, at seeded places, is reflected about
//    the centre of the law (centre2 - v: the law is symmetric about it, so the value stays in
//    the support; for a law centred on 0 this is the sign flip that makes a sum cancel). A
//    uniform law on [0, b) instead has 31 of 32 of its interior bulk positions shrunk to 0 by 2^-g
//    (g in 1..24: in the support, not the law; planted positions keep their cells), so its sums
//    have a larger spread relative to their size than the negated quarter gave. A
//    buffer declared non-negative (uniform [0, 1), a variance, a probability) never sees a
//    negative value from the harness; a mask is never reflected (1 - m would change p);
//  - planted values: the interior of the law's range (in probability u: [1/32, 31/32)) is cut
//    in 15 cells, turned by a random phase, and each run, per buffer, takes 12 of them at
//    random as "holes": the bulk of the positions is drawn from the other 3 cells and the two
//    tails only (1/4 of the law), and 1 position in 2^k (about n/4096 of them, at least 16),
//    at seeded places, is drawn from the holes. Every value stays in the declared support (an
//    honest kernel's domain and tolerance hold), but the inputs are not i.i.d.: whatever
//    output depends on a few extreme or rare inputs (a maximum, an argmax, a top-k, a winner)
//    is decided, with probability about 0.7 per run, by planted positions an estimator that
//    reads a sample of the inputs does not know;
//  - planted extremes (P13b, red teams 6 and 7): the bulk's two tails end 2^-12 of the law
//    short of its ends (squeezed, each at its own rate still), and two seeded positions per run
//    and buffer (dist_fixed too) hold the law's maximum and minimum, one of them (drawn) at u
//    uniform in the outermost 2^-13, the other uniform in [2^-13, 2^-12) from its end: a
//    maximum, a minimum or a largest |x| is decided by one place a sampler reading a fraction f
//    of the input holds with probability f only, and its value is drawn per run (a constant,
//    the law's bound, is off by up to 2^-12 of the range); the extremes are never reflected;
//  - position strata (P6l, red team 27's cv_residual_sum; timed runs and audits, not the fresh
//    set): every law input of every run (each its own keys) is split by position residue
//    modulo a keyed even stride into
//    two keyed halves drawing from complementary parts of its law (kStrataStrideMax below), so
//    a fixed sample of positions does not see the buffer's distribution;
//  - structured kinds, each by a change that keeps the structure valid and its law. Every
//    structured kind the loader knows (problem_spec.cpp: is_structured_init), with what a run
//    draws afresh relative to the standing data (issue 28, red team 23: the standing sets come
//    from public seeds, so a kernel may carry any function of them in its source):
//    permutations: p' = s o p o t, s a keyed pseudorandom involution of the values (pairs
//    {P(2j), P(2j+1)}, P a 6-round Feistel permutation of [0, n), fmix32 rounds, cycle-walked,
//    on a 64-bit key drawn from the run seed: pair_relabel.h) and t the exchange of a seeded
//    half of another keyed pairing's pairs: every position's value changes, the sign is a coin
//    per run, still a permutation (uniform if p was), and self-inverse;
//    cycles: conjugated by such an involution (s o c o s: still one cycle through all n, every
//    node relabelled), self-inverse. A relabelling by an affine pairing (main 509d247f:
//    s(v) = v +- m, ~log2 n bits) kept the standing cycle's order, recoverable from six steps
//    of a run's walk (redteam23_cycle_relabel_memo); a keyed pseudorandom one has 64 bits and no
//    few of its values tell the others, so the run's walk is the run's to compute;
//    sorted arrays (P6b, red team 6): anchors every B places (B seeded in 4..64) and at the
//    last place; each segment's places between two anchors redrawn as sorted uniform draws
//    between the anchors' values (given its anchors, a segment of sorted i.i.d. uniform keys
//    is exactly that; repeats of a discrete law included), so the set of run lengths changes
//    too (a mirror only reversed it); the first and last places stay;
//    csr_rowptr offsets (P6b, red team 6): in seeded blocks of 4..64 places, the places of a
//    parity drawn per block (never two neighbours; the first and last places excepted: 0 and
//    nnz, the law's constants) redrawn between their two neighbours, which stay, inside the
//    range of its two rows' degrees (x[k] - x[k-1] and x[k+1] - x[k] become d' and S - d',
//    d' uniform between the smaller and the larger: monotone, integer, their sum kept, each
//    degree inside the range the two had). So the multiset of degrees changes every run (a
//    mirror that reversed them kept it: a degree
//    histogram was the same in every run, red team 6's rowptr_degree_memo), while no degree
//    leaves the range of the rows it came from.
//    Relative to the standing data these two are partial: sorted keys keep their anchors (1
//    place in 4..64, at a seeded spacing) and csr offsets about half their places, each
//    redrawn place's range set by the standing neighbours (issue 28, open: a fresh sorted draw
//    or a fresh degree sequence per run would need a device scan); `arange` and `constant`
//    never change (input-independent work can be compiled into the image: the problem's call).
// So no value a kernel saw at a position in an earlier run is there again (but by chance: the
// law's own collision probability), and a memo keyed on positions, on values or on a
// fingerprint of a structure serves nothing.
// One definition, the host's (this file); the device kernels (derive_source.h) are held to it
// byte for byte by the worker's self-check at start (device_derive.cpp) and by a host test
// that runs their source as C++ (tests/engine/gpu_derive_emulation_test.cpp). The audit
// (run_audit.cpp) re-makes a run's perturbation from its seed: the same bytes by construction.
#pragma once
#include <cstdint>
#include <vector>

#include "generators/variant_space.h"

namespace solver::gpu {

// Redraw: every element from its law; Pairs: a permutation relabelled by a keyed involution and
// exchanged in a seeded half of keyed pairs; Conjugate: a cycle conjugated by a keyed involution;
// Segments: sorted arrays redrawn between anchors; Resample: about half the places, never two
// neighbours, redrawn between their two neighbours (csr row offsets).
enum class PerturbOp { Redraw, Pairs, Conjugate, Resample, Segments };

// What a Redraw draws (the kernel's `law` argument).
enum class PerturbLaw : int {
  Uniform = 0,  // a + scale * u                (float dtypes)
  Normal = 1,   // a + scale * z(u), z the knots' piecewise-linear inverse normal CDF
  Range = 2,    // lo + floor(u * range) as an integer (range 0: every 64-bit value, no cells)
  Mask = 3,     // 1 with probability threshold / 2^53, else 0 (no cells)
};

// The cells (in u, the law's probability, [0, 1)): the tails [0, 1/32) and [31/32, 1) always
// bulk (a threshold on the law's extremes keeps its rate: a search for the top 0.1%), and 15
// interior cells of 1/16, turned by a phase drawn per run inside the interior (no cell edge at
// a fixed place, such as the middle of a symmetric law); per run kCells - kHoles of them bulk
// (the first nibbles of `cells`) and kHoles holes (the nibbles after them).
inline constexpr int kCells = 15;
inline constexpr int kHoles = 12;
// Planted positions: 1 in 2^k with k = log2(n / 16) at most kPlantBits (n / 4096, >= 16).
inline constexpr int kPlantBits = 12;
// Planted extremes (P13b, issue 28 red teams 6 and 7): the outer 2^-kEdgeBits of the law's
// probability at each end (u in [0, 2^-12) and [1 - 2^-12, 1)) is left to two seeded positions,
// one per end: a bulk draw's tails end short of it. The end drawn "deep" gets u uniformly in its
// outer half (the outermost 2^-kBandBits, kBandBits = kEdgeBits + 1), the other uniformly in
// the inner half of its own edge: so the law's maximum and its minimum each sit at one seeded
// position beyond every other value, the largest |x| of a law centred on 0 at the deep one
// alone, and their values move by 2^-13 of the law a run (red team 7's amax_planted_bound:
// with the deep one within 2^-22 of the end, the law's bound was the answer in every run; now
// a constant is within rtol 1e-5 of a [-b, b) law's max |x| in ~8% of runs).
inline constexpr int kEdgeBits = 12;
inline constexpr int kBandBits = kEdgeBits + 1;
// Keyed position strata (P6l, red team 27's redteam27_cv_residual_sum; helper h28v): per run,
// on every law input redrawn through u but dist_fixed, each with its own keys (helper h30g, red
// team 30's redteam30_two_input_strata_cv: one input a run left the other unstratified), an
// even stride s in [2, kStrataStrideMax] and a phase; the residues of i + phase
// modulo s are split in two halves by a keyed mask (s / 2 each), and the halves draw their
// values from two complementary keyed parts of the law: on the law (an i.i.d. redraw) u from
// [lo, lo + 1/2) or its complement (cyclic), off it P13's bulk interior half-cells 3 and 3.
// The buffer's distribution (the law, or the run's P13 law) is unchanged; two inputs' values
// are tied only through the residues their strides share, by keys of either sign per run
// (timed_perturbations); the verified data are not exchangeable across positions: a fixed
// sample of positions whose residues modulo s fall unevenly in the halves sees another part of
// the law than the buffer holds. Planted values (P13) and extremes (P13b) keep theirs.
inline constexpr int64_t kStrataStrideMax = 64;

struct Perturbation {
  size_t buffer = 0;  // index into the variant's buffers
  PerturbOp op = PerturbOp::Redraw;
  uint64_t seed = 0;  // this buffer's draws
  PerturbLaw law = PerturbLaw::Uniform;
  double a = 0, scale = 1;  // Uniform, Normal
  int64_t lo = 0;           // Range
  uint64_t range = 0;
  uint64_t threshold = 0;   // Mask
  uint64_t cells = 0;       // the bulk cells, then the holes (a nibble each)
  uint64_t phase = 0;       // added to the interior place, modulo the interior
  uint64_t plant_mask = 0;  // position i planted where (draw & plant_mask) == 0
  // Redraw with a u (uniform, normal, a range): the positions of the planted extremes, the
  // top end's and the bottom end's (-1: none), and which end is deep (1 top, 2 bottom).
  int64_t top_at = -1, bottom_at = -1;
  int deep = 1;
  // Pairs, Conjugate (pair_relabel.h, structured_perturbation.h: relabel_pairs): pair j is
  // the places P(2j), P(2j+1), P the keyed Feistel permutation of [0, n) on `pair_key`; they
  // exchange their values (every pair, or where `subset` a seeded half), and every value v is
  // mapped through the involution of `value_key`'s pairs. A cycle: one key, every pair.
  uint64_t pair_key = 0, value_key = 0;
  int subset = 0;
  // Redraw of a float buffer: 1 when a quarter of the positions is reflected about the law's
  // centre (v -> centre2 - v; centre2 = low + high of the law's support, 2 * mean of a normal);
  // 2 (a uniform law on [0, b)) when 31 of 32 interior bulk positions are shrunk towards 0 by 2^-g,
  // g in 1..24.
  int reflect = 0;
  double centre2 = 0;
  // Redraw: 1 for a dist_fixed buffer: u straight from the value draw (the law i.i.d., no
  // cells, holes or planted places).
  int iid = 0;
  // Segments: anchors every `block` places (seeded, 4..64) and at the last place.
  // Resample: blocks of `block` places (seeded, 4..64), each redrawing the places of a parity
  // drawn per block (structured_perturbation.h: resampled); `degrees` (row offsets): inside
  // the range of the two rows' degrees, else (sorted keys) anywhere between the neighbours.
  int64_t block = 1;
  int degrees = 0;
  // Redraw through u, not dist_fixed (an integer normal off the law too, h29m): the keyed strata
  // (stride 0: none): position i is in half (cls_mask >> ((i + cls_phase) % cls_stride)) & 1;
  // cls_lo (53 bits): where the first half's part of the law starts on the law.
  int64_t cls_stride = 0, cls_phase = 0;
  uint64_t cls_mask = 0, cls_lo = 0;
};

// The perturbations of one timed run, one per input buffer that may change, with draws from
// `run_seed` (empty: nothing may change). `homogeneous`: the worker verified the problem's
// reference homogeneous in its float inputs (the gate's exponent-range set, gate_op.cpp), so
// its adversarial sets leave the declared support; then every positive uniform law (low >= 0,
// not only low == 0) gets the shrink towards 0 (reflect 2) in timed runs, the fresh set and the
// audit too, so a verified run is out of the support as the adversarial sets are and a kernel
// cannot route them apart by the support (P6c, red team 7's offlaw_detect_sum).
// `law` (P6d, red team 18: the law pairs of time_pairs, law_verdict.h): every element-wise law
// redrawn i.i.d. from the declared law exactly, as a dist_fixed buffer is (no planted cells,
// no shrink; the two planted extremes and a symmetric law's reflected quarter stay: both keep
// the law), structured kinds as always. Speed is decided on these too, correctness never.
// `strata` (P6l, h28v): the keyed position strata on every law input; false for the fresh set,
// whose echoes the tolerance lint measures (a 1-in-2 echo of stratified data is the biased sampler
// the strata exist to make, so its share would say nothing of the tolerance).
std::vector<Perturbation> timed_perturbations(const generators::ResolvedVariant& v,
                                              uint64_t run_seed, bool homogeneous = false,
                                              bool law = false, bool strata = true);
// Whether `b`'s law gets the shrink towards 0 (reflect 2) in a timed run: a uniform law on
// [0, b), or on [a, b) with a > 0 where the problem was verified homogeneous.
bool shrinks_to_zero(const generators::ResolvedBuffer& b, bool homogeneous);
// Pairs and Conjugate undo themselves when made again; a Redraw or a Resample needs the bytes
// it replaced.
bool self_inverse(PerturbOp op);
// Whether position i is a planted one under `p` (drawn from the holes).
bool perturb_planted(const Perturbation& p, int64_t i);
// Position i's stratum under `p` (0 or 1; -1 where `p` has none, P6l, h28v).
int perturb_stratum(const Perturbation& p, int64_t i);
// Whether position i is a planted extreme under `p` (P13b).
bool perturb_extreme(const Perturbation& p, int64_t i);
// `p` on one buffer's host bytes, in place. `as_double`: the bytes are the reference's float64
// copy of the buffer (an in-out buffer's): each element gets the value the buffer's own dtype
// holds, as a double.
void apply_perturbation(const generators::ResolvedBuffer& b, unsigned char* data,
                        const Perturbation& p, bool as_double = false);
// Whether the timed runs change buffer `b` (an input drawn from a law: every kind but constant
// and arange, dist_fixed or not).
bool timed_changeable(const generators::ResolvedBuffer& b);
// Whether -x is in the support of `b`'s declared law for every x in it (normal; uniform and
// randint symmetric about 0): the adversarial sets negate only such buffers (P6c).
bool sign_symmetric(const generators::ResolvedBuffer& b);
// The device kernels' `type` argument for a buffer: 0..3 the float formats (DeriveType), 16 +
// size a signed integer, 32 + size an unsigned one.
int perturb_type(generators::DType d);

}  // namespace solver::gpu
