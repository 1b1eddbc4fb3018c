// The ON track's search beyond the fired rule (docs/loop.md, "Knob search" and "No premature
// stop"): what it measures when the rules have no untried variant left, when a stop rule fires
// or patience is spent while the pool still holds untried points.
//
//  knob_search  over the incumbent's own knob space, with a model of its knobs learned from
//               every point of the variant the track timed (knob_model.h: additive in log
//               time). First the model's jump: the untried combination of measured values it
//               predicts more than 2% faster than the incumbent. Else a first-improvement hill
//               climb (the local search of the tuning literature, e.g. Kernel Tuner's
//               greedy_mls): every one-knob neighbour over ALL of the variant's knobs, the
//               knobs the fired hypothesis tags first, then declaration order, the nearer value
//               first, up before down; a tried point is skipped, not a wall. Then coupled steps
//               (two knobs one value each, once each part was tried, is refused alone or is
//               predicted slower). Last, the moves the measurements say lose: timed slower
//               between two points that differ only in that knob, or modelled slower. The
//               climb's centre is the best lead of the variant (SearchRequest::leads: a point
//               the paired timing resolved faster than the incumbent, under the keep rule's
//               minimum gain, or a tie of a large search: tie_lead) when there is one, else
//               the incumbent.
//  pool_sweep   when no neighbour is left, or only one-knob moves the measurements say lose
//               (those wait for the points below that nothing speaks against): the other variants
//               at their default point from the incumbent (file order), then every remaining
//               untried point, nearest (in knob octaves) to the fastest timed point of its own
//               variant (the incumbent's knobs for a variant not timed yet) first: the climb
//               resumes where that variant was best, and a point that beats the incumbent becomes
//               the knob search's start; the knob model orders them (predicted faster first,
//               predicted slower last).
//  deepest_for  the deepest variant below the incumbent whose own edge applies the fired
//               hypothesis (the ON track's choice among the generator's answers).
//
// Both skip tried keys, points the constraints or the chip refuse, variants the chip lacks and,
// with `same_class`, other precision classes than `same_class`. Deterministic: the same track
// state gives the same candidate (resume and replay depend on it).
#pragma once
#include <map>
#include <optional>
#include <set>
#include <string>

#include "generators/candidate.h"
#include "generators/problem_spec.h"
#include "rules/chips.h"

namespace solver::engine {

struct SearchRequest {
  const generators::ProblemSpec* spec = nullptr;
  generators::Incumbent incumbent;
  std::string hypothesis;  // the fired rule's (orders the knobs); may be empty
  const std::set<std::string>* tried = nullptr;
  const rules::ChipProfile* chip = nullptr;
  const std::map<std::string, double>* timed_us = nullptr;  // key -> time of points profiled
  std::string same_class;  // non-empty: only this precision class (--precision same)
  // Points the paired timing resolved faster than the incumbent yet under the keep rule's
  // minimum gain, and in a large search ties with the paired median ratio above 1
  // (TrackState::leads): key -> paired median ratio incumbent / point. May be null.
  const std::map<std::string, double>* leads = nullptr;
};

struct SearchStep {
  generators::Candidate candidate;
  std::string hypothesis;  // what the step applies (the knob's or variant's `applies`; may be "")
  bool losing = false;     // a one-knob move the measurements say loses (timed or modelled slower)
};

std::optional<SearchStep> knob_search(const SearchRequest& r);
std::optional<SearchStep> pool_sweep(const SearchRequest& r);

// The variant below the incumbent, deepest generation first (file order within one), whose
// edge from its parent applies `hypothesis`, at its default point, untried and measurable.
std::optional<SearchStep> deepest_for(const SearchRequest& r);

// Whether variant `v` is in the request's pool (the chip has its capabilities; the precision
// class), and whether its point `k` is untried, admitted by the constraints and valid on the chip.
bool in_pool(const SearchRequest& r, const generators::VariantSpec& v);
bool measurable(const SearchRequest& r, const generators::VariantSpec& v,
                const generators::KnobValues& k);

// Once the rules have had their rounds (patience spent, or a stop rule with points left): a
// variant of the pool no point of which the track measured, nearest the incumbent in the pool's
// rewrite tree (steps up to a common ancestor plus steps down), file order among equals, at its
// default point from the incumbent (a large one is entered at its centre by the screen). A
// family's first point says more than one more knob step of a family already measured: the
// stencil pool's `vec_star` (six points, 1.7x the best of `march`'s 1,200) was never reached while
// the knob search had march's neighbours left (docs/results/h200-2026-12-04d/call4).
std::optional<SearchStep> untried_family(const SearchRequest& r);

// How many points of the pool the track could still measure.
int untried_points(const SearchRequest& r);

}  // namespace solver::engine
