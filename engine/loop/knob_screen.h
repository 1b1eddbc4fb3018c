// The screening batch (docs/loop.md, "Screening a large knob space"): when a round's candidate
// is a point of a variant whose knob space is large, the ON track gates a few more untried
// points of that variant in the same round and pair-times the fastest of them all. One point a
// round cannot cross a space of 10^3 points in a dozen rounds; a small batch can, and every
// point of it is counted as a measurement (its gate compiles, checks and times it).
//
// The extra points come from a model of the variant's knobs fitted on every point of it the
// track timed: a Gaussian process over the knobs (each knob's values on a log2 scale, scaled to
// [0, 1]; Matern 5/2 kernel, the length scale chosen by marginal likelihood from a short list)
// on log time, and the points with the largest expected improvement over the fastest timed
// one, one at a time, each chosen point added to the model at its predicted time before the
// next is chosen ("kriging believer"), so a batch spreads instead of piling onto one optimum.
// Unlike the additive knob model (knob_model.h) it models interactions: a tile that pays only
// with a wide register tile, a vector width that pays only with a wide tile.
//
// Where: a trust region around the fastest timed point of the variant (at most two knobs
// moved, each to any of its values), so the model is asked near where it has data; the
// whole variant when the region is spent. A move to a settled knob value (every one-knob
// comparison of it against the centre's value timed it slower) leaves the region while the
// region has other points: the GP's one length scale does not learn that a value always lost.
// The rule's own candidate is the batch's first member (the profile's choice: which knob to
// move); the model adds the rest.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <functional>

#include "engine/backend/backend.h"
#include "engine/backend/paired_verdict.h"
#include "engine/loop/ledger.h"
#include "engine/loop/pool_search.h"

namespace solver::engine {

struct ScreenSizes {
  int batch = 2;              // points a round gates in all (the rule's candidate included)
  uint64_t min_points = 256;  // a pool with fewer admitted points is not screened
  std::string past_rules;     // why the round explores past the rules ("" when it does not)
  int local = 1;  // past the rules: picks by the lowest prediction one knob away (screen_batch)
  // The part of the gate every point gets (the regular part by default: gate_parts.h); the
  // point pair-timed gets the rest only once the verdict would keep it (round_loop.cpp 7b).
  GatePart part = GatePart::Full;
};

// A point's coordinates for the knob models: each knob's value on a log2 scale where every
// value of the knob is positive (tile sizes, widths), the value itself otherwise (0/1
// switches), scaled so the knob's range is [0, 1]; in the variant's knob order.
std::vector<double> knob_coords(const generators::VariantSpec& v, const generators::KnobValues& k);

// How many points of `variant` its constraints and the chip admit (tried or not).
uint64_t admitted_points(const SearchRequest& r, const generators::VariantSpec& variant);

// How many points of the request's pool (every variant in_pool admits) its constraints and
// the chip admit, tried or not.
uint64_t pool_points(const SearchRequest& r);

// Up to `extra` untried points of `variant` (other than the key `besides`) by expected
// improvement (above); the first `local` of them instead by the lowest predicted time among the
// untried points one knob from the fastest timed point (while there are any): a model-ordered
// hill-climb step beside the exploring picks. Empty when the variant has fewer than two timed
// points: the model has nothing to learn from, and the rule's candidate alone is measured.
std::vector<SearchStep> screen_batch(const SearchRequest& r, const generators::VariantSpec& variant,
                                     const std::string& besides, int extra, int radius = 2,
                                     int local = 0);

// The round's gate, with the screening batch (ON track), in a pool of `sizes.min_points`+
// admitted points (pool_points: the search the track faces, whichever variant holds the
// points). A step into another variant (not a knob move) none of whose points was timed is
// moved to the variant's centre first (knob_start.h: centre_start). Then, when the model has
// data, gates the candidate and `sizes.batch - 1` points screen_batch picks, or, in a round
// past the rules (`sizes.past_rules` non-empty: patience spent or a stop rule weighed against
// what is left), `sizes.batch` picks instead of the sweep's candidate (the rules have had their
// rounds; the model has seen every point timed, the sweep's fixed order has not). The fastest
// that passed (median of its gate's timed runs) becomes the round's candidate: `cand` and the
// record's candidate fields name it, every other point gated goes to `rec.screened`, and its
// gate is returned. Otherwise: the candidate's own gate. `ref` turns a point into the backend's.
GateResult screen_round(Backend& backend, const SearchRequest& search, const ScreenSizes& sizes,
                        const std::function<VariantRef(const generators::Incumbent&)>& ref,
                        generators::Candidate& cand, RoundRecord& rec);

// Whether a round of a large search (`large`: the screening batch applies to the pool,
// pool_points of `sizes.min_points`+, whether or not this round screened; so the pools of
// h200.json never reach it) keeps its candidate on a tie: the paired verdict is same or
// ambiguous, yet the paired median ratio (incumbent / candidate) is above 1 and the median of
// the candidate's gate times is below the incumbent's paired median: two estimates agree that
// the candidate is the faster. Near a large pool's best the differences are at the paired
// timing's noise (docs/benchmarks.md: transpose_4096), and the track's answer should be the
// faster of two points the verdict alone cannot tell apart, not the older one. A round that
// gated one point only (the model had too few timed points to pick, or the region was spent)
// faces the same noise (transpose_4096 seed 3, round 2: VIN 2 -> 4 at ratio 1.016 over 128
// pairs, CI [1.000, 1.029], the gate 2.8% faster). The record is marked (`tie_kept`) and
// teaches the evolver nothing.
bool tie_keep(bool large, const PairedDecision& verdict, const GateResult& gate);

// Whether the screening batch applies to the request's pool (`sizes.batch` above 1 and
// pool_points of `sizes.min_points`+): the large search of screen_round and tie_keep.
bool large_search(const SearchRequest& r, const ScreenSizes& sizes);
// Whether a candidate rejected in a round of a large search is a lead on a tie (a plateau
// move: TrackState::leads, the knob climb's centre): the paired verdict is same or ambiguous
// and the paired median ratio (incumbent / candidate) is above 1, though the gate's times did
// not agree (else tie_keep keeps it). Keeping stays as strict; the climb continues from the
// point the timing cannot tell from the incumbent and whose median is the faster, as a local
// search takes a sideways step on a plateau (layernorm_4096 seed 1, round 3: RPT 2 -> 1 at
// ratio 1.003; from it VEC 2 -> 4 is 4.5% faster, from the incumbent 3.6% slower).
bool tie_lead(bool large, const PairedDecision& verdict);
// Marks a kept record as kept on a tie: `tie_kept`, no credited rule, the detail says why.
void mark_tie_kept(RoundRecord& rec);

}  // namespace solver::engine
