// The ON track's search beyond the fired rule (docs/loop.md, "Knob search" and "No premature
// stop"): what it measures when the rules have no untried variant left, when a stop rule fires
// or patience is spent while the pool still holds untried points.
//
//  knob_search  a first-improvement hill climb over the incumbent's own knob space (the local
//               search of the tuning literature, e.g. Kernel Tuner's greedy_mls): every one-knob
//               neighbour of the incumbent, over ALL of its variant's knobs, not one step of the
//               knobs the fired hypothesis tags. The rule steers the order: the knobs its
//               hypothesis tags come first, then the others in declaration order, the nearer
//               value first, up before down; a tried point is skipped, not a wall. A model of
//               the knobs from the points the track timed (the seed, every kept candidate) puts
//               last a move (knob K from a to b) timed slower between two points of the variant
//               that differ only in K: a kept move's reverse, a step that lost before.
//  pool_sweep   when no neighbour is left: the other variants at their default point from the
//               incumbent (file order), then every remaining untried point, nearest (in knob
//               octaves) to the fastest timed point of its own variant (the incumbent's knobs
//               for a variant not timed yet) first: the climb resumes where that variant was
//               best, and a point that beats the incumbent becomes the knob search's start.
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
};

struct SearchStep {
  generators::Candidate candidate;
  std::string hypothesis;  // what the step applies (the knob's or variant's `applies`; may be "")
};

std::optional<SearchStep> knob_search(const SearchRequest& r);
std::optional<SearchStep> pool_sweep(const SearchRequest& r);

// The variant below the incumbent, deepest generation first (file order within one), whose
// edge from its parent applies `hypothesis`, at its default point, untried and measurable.
std::optional<SearchStep> deepest_for(const SearchRequest& r);

// How many points of the pool the track could still measure.
int untried_points(const SearchRequest& r);

}  // namespace solver::engine
