// What every timed run sees (docs/reliability.md P6, issue 28): before each timed run, on the
// device and outside the timed window, EVERY position of every input buffer that may change is
// given a new value, from draws keyed on a run seed this process draws at random:
//  - float inputs (f16/bf16/f32/f64, `in` or `inout`, not dist_fixed) and integer inputs drawn
//    element by element (randint, uniform, mask; `in` or `inout`: an in-out buffer's set copy,
//    which the run's working copy is restored from): each element redrawn from the declared
//    distribution (uniform, randint exactly; normal through a 64-piece linear inverse CDF,
//    tails cut at 3.5 sd; a mask with its probability), with integer and correctly rounded
//    double arithmetic only, so host and device give the same bytes; a float input then has
//    a quarter of its positions negated at seeded places (mixed signs: a sum of a positive law
//    cancels, so a sampling estimator's error shows against the tolerance);
//  - planted values: the interior of the law's range (in probability u: [1/32, 31/32)) is cut
//    in 15 cells, turned by a random phase, and each run, per buffer, takes 12 of them at
//    random as "holes": the bulk of the positions is drawn from the other 3 cells and the two
//    tails only (1/4 of the law), and 1 position in 2^k (about n/4096 of them, at least 16),
//    at seeded places, is drawn from the holes. Every value stays in the declared support (an
//    honest kernel's domain and tolerance hold), but the inputs are not i.i.d.: whatever
//    output depends on a few extreme or rare inputs (a maximum, an argmax, a top-k, a winner)
//    is decided, with probability about 0.7 per run, by planted positions an estimator that
//    reads a sample of the inputs does not know;
//  - permutations (only an exchange keeps one a permutation) and integer normals: every
//    position exchanged, in disjoint seeded pairs. A permutation-invariant output of a
//    permutation input cannot be perturbed at all.
// So no value a kernel saw at a position in an earlier run is there again (but by chance: the
// law's own collision probability), and a memo keyed on positions or on values (a float's value
// repeats with probability ~2^-20 at most) serves nothing.
// One definition, the host's (this file); the device kernels (derive_source.h) are held to it
// byte for byte by the worker's self-check at start (device_derive.cpp) and by a host test
// that runs their source as C++ (tests/engine/gpu_derive_emulation_test.cpp). The audit
// (run_audit.cpp) re-makes a run's perturbation from its seed: the same bytes by construction.
#pragma once
#include <cstdint>
#include <vector>

#include "generators/variant_space.h"

namespace solver::gpu {

enum class PerturbOp { Redraw, Pairs };

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
  // Pairs: pair j exchanges the elements at p(2j) and p(2j+1), p(t) = (mult * t + add) % n, a
  // bijection (mult coprime to n), so the pairs are disjoint.
  uint64_t mult = 1, add = 0;
};

// The perturbations of one timed run, one per input buffer that may change, with draws from
// `run_seed` (empty: nothing may change).
std::vector<Perturbation> timed_perturbations(const generators::ResolvedVariant& v,
                                              uint64_t run_seed);
// Pairs undo themselves when made again; a Redraw needs the bytes it replaced.
bool self_inverse(PerturbOp op);
// Whether position i is a planted one under `p` (drawn from the holes).
bool perturb_planted(const Perturbation& p, int64_t i);
// `p` on one buffer's host bytes, in place. `as_double`: the bytes are the reference's float64
// copy of the buffer (an in-out buffer's): each element gets the value the buffer's own dtype
// holds, as a double.
void apply_perturbation(const generators::ResolvedBuffer& b, unsigned char* data,
                        const Perturbation& p, bool as_double = false);
// The device kernels' `type` argument for a buffer: 0..3 the float formats (DeriveType), 16 +
// size a signed integer, 32 + size an unsigned one.
int perturb_type(generators::DType d);

}  // namespace solver::gpu
