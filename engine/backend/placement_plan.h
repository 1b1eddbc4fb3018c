// Where the two members of a paired timing run when they cannot share one set of buffers
// (docs/reliability.md, red team 34 closed by place35): their layouts differ (a knob-sized
// scratch, which the candidate chooses), so each has an allocation of its own, and the place an
// allocation lands (its physical pages, L2 slices, DRAM channels, its virtual base) is a bias
// between the members that A B B A does not cancel: two identical arms on two allocations were
// called "faster" in 41 of 208 live trials (docs/benchmarks.md, 2026-12-01). The cure is the
// one A B B A applies to order: the two allocations (X, the incumbent's first, and Y) are
// exchanged between the members on a fixed schedule, so each member runs as often on X as on Y
// and any per-allocation bias enters both members' times alike.
//
// The schedule, over timed pairs i = 0, 1, 2, ... (pair i = timed entries 2i, 2i + 1 of
// paired_order): the allocations are exchanged before every odd pair, so the sides go
// X Y | Y X | Y X | X Y | X Y | Y X ... (incumbent's allocation first):
//  - balanced at every look: after any number of pairs, each member's pairs on X and on Y
//    differ by at most one, whichever look stops the timing;
//  - crossed with the order: every four pairs hold each (who goes first, which side) once;
//  - between pairs only: no exchange falls between the two runs of a pair.
// The warm-ups and the untimed traced runs precede pair 0 (the incumbent on X). Pure host code,
// used by the worker (engine/backend/gpu/timing.cpp, arena_exchange.cpp) and tested without a
// GPU (tests/engine/placement_plan_test.cpp).
#pragma once
#include <vector>

namespace solver::engine {

// The side of timed pair `pair`: false where each member is on its own allocation (the
// incumbent on X), true where they are exchanged (the incumbent on Y).
bool placement_exchanged(int pair);

// The timed entries of `order` (two runners, two entries a pair: paired_order) before which
// the two members exchange their allocations: entry 2i for every odd pair i. Empty where
// `order` is not a paired order of two runners (one runner: nothing to exchange).
std::vector<int> placement_exchanges(const std::vector<int>& order);

}  // namespace solver::engine
