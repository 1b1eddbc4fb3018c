// The light part's class echoes in blocks of output elements (law_regions.h, P6k; the class
// echoes taken by Worker::class_light, lint_shares_op.cpp). An element's light share needs every
// class's share of that element at once (its median class), so a partition holds classes x
// elements doubles: 256 strided classes of knn_compute_distances' 64 M float64 outputs are
// 137 GB, more than the device or the host has (live on an H100, 2026-12-06: the worker killed
// by signal 9). So the elements are taken in blocks, each holding at most a budget's bytes of
// class shares, and every class echo is run once per block, its shares kept for that block's
// elements only. Exact: each element's light share is computed from the same class shares, and
// an output's weakest over its blocks' weakest (union_weakest) is weakest_shares' over all of
// its elements. The cost: blocks x classes reference runs (each echo's inputs are made on the
// device from set 0's pristine copy: no upload). No CUDA here (gpu_shares_emulation_test).
#pragma once
#include <cstddef>
#include <vector>

#include "engine/backend/gpu/host_data.h"

namespace solver::gpu {

// One block: output k's elements [first[k], first[k] + count[k]) (count 0: none of output k).
struct ClassBlock {
  std::vector<size_t> first, count;
  size_t elements() const;  // the sum of count
};

// The whole of each output (`elements` per output): one block.
ClassBlock whole_block(const std::vector<size_t>& elements);

// Blocks covering the outputs' elements (`elements` per output), taken as one sequence output
// after output and cut into the fewest blocks of equal size (the last one shorter) in which
// `classes` doubles an element take at most `budget` bytes; at least one element a block. One
// block (whole_block) where everything fits, or where there are no elements.
std::vector<ClassBlock> class_blocks(const std::vector<size_t>& elements, size_t classes,
                                     size_t budget);

// The bytes the host may hold of one partition's class shares: SOLVER_LINT_BLOCK_BYTES where
// set (a test's or a probe's small budget, to force many blocks), else the lesser of 8 GiB and
// a quarter of the host's physical memory (beside the reference cache's 8 GiB or an eighth and
// the block pool's 4 GiB or a sixteenth: worker.h, block_pool.h).
size_t host_class_budget();
// SOLVER_LINT_BLOCK_BYTES (a positive count of bytes), else 0: it caps the device's budget too.
size_t forced_class_budget();

// Output k of `outs` cut to `b`'s elements of it (clipped to what output k holds).
template <class V>
std::vector<V> block_slice(const std::vector<V>& outs, const ClassBlock& b) {
  std::vector<V> cut(outs.size());
  for (size_t k = 0; k < outs.size() && k < b.first.size(); ++k) {
    const size_t lo = b.first[k] < outs[k].size() ? b.first[k] : outs[k].size();
    const size_t hi = b.count[k] < outs[k].size() - lo ? lo + b.count[k] : outs[k].size();
    cut[k].assign(outs[k].begin() + long(lo), outs[k].begin() + long(hi));
  }
  return cut;
}

// weakest_shares (law_checks.h) over the union of two blocks' elements from each block's: NaN
// where either is NaN, 0 where neither moved (both 0), else the least of those above 0.
double union_weakest(double a, double b);

}  // namespace solver::gpu
