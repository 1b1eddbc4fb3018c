// Order-free outputs (issue 28, h28x; problem.yaml `order: free`, `order: {with: lead}`,
// `count:`): the view every comparison takes of them. Each row (the lead's last dimension) of a
// group is sorted, both the candidate's and the reference's, by one total order on the tuple
// (lead, followers in buffer order): integers by value (64-bit ones as integers, never through a
// double), floats by value with -0 = +0 and NaN above everything, a tie decided by the next
// member. Only a row's valid prefix moves (the count output's value for that row, clamped to
// [0, row]; every element without a count): the rest is never compared (RowValid, host_data.h).
// Then the comparison is the usual one, element by element, at the usual tolerance: an honest
// kernel's permutation cancels in the sort, and anything else (a value changed, dropped,
// duplicated, a count off by one) still differs. The reference is sorted where it is read back
// (Worker::run_reference), so the lint, the class bound and every check that reads it see this
// view; the device comparison sorts on the device by the same order (compare_source.h).
// Pure host code.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "generators/problem_spec.h"
#include "generators/variant_space.h"

namespace solver::gpu {

struct OrderGroup {
  std::vector<size_t> members;  // buffer indices: the lead, then its followers in buffer order
  int count = -1;               // the count output's buffer index, -1: every element valid
  int64_t row = 0;              // elements a row: the lead's last dimension
  int64_t rows = 0;
};
// The groups of `rv` (ResolvedBuffer::order_lead), leads in buffer order; empty for a problem
// without order-free outputs.
std::vector<OrderGroup> order_groups(const generators::ResolvedVariant& rv);
// How a side's column is stored: an output in its dtype, a reference output in float64 slots
// except 64-bit integers, whose slots hold their bits (reference_bits).
generators::DType reference_storage(generators::DType output);

// A row's valid length from its count's value: NaN or <= 0 -> 0, above `row` -> row, else the
// value (an integer: counts are integer outputs). The device reads counts by the same rule.
int64_t view_count(double value, int64_t row);
// Each row's valid length from a count column of `rows` elements stored as `stored`.
std::vector<int64_t> row_counts(const void* count, generators::DType stored, int64_t rows,
                                int64_t row);

struct OrderColumn {
  void* data = nullptr;
  generators::DType stored = generators::DType::F64;
};
// True when element a of the columns orders before element b (the tuple order above).
bool order_less(const std::vector<OrderColumn>& cols, int64_t a, int64_t b);
// Sorts the valid prefix of each of `rows` rows of `row` elements (counts: null = all valid) of
// the columns, in place, every column by the one permutation. Runs on `threads` threads (0: all
// cores); the result is a sorted row whatever the thread count.
void sort_rows(const std::vector<OrderColumn>& cols, int64_t rows, int64_t row,
               const int64_t* counts, int threads = 0);

// Each row's uncounted tail (positions [count, row)) of every column set to one value, the same
// on every reference: +infinity in float64 slots, all bits set in a 64-bit integer's. The gate's
// comparison never reads it (RowValid); every other reader of a reference compares element by
// element (the lint's echo shares, the class bound's sensitivity), and read back as the reference
// left it the tail was the 0xFF poison, NaN in float64, which is unequal to itself: each echo's
// share was infinite there, so an output with a count was told apart by its unwritten slots
// whatever its counted entries showed (red team 26, redteam26_counted_tail_sum). With one value,
// two tails agree (share 0) and an entry counted on one side only meets +infinity (share
// infinite), as compare() fails an element valid on one side only. (A counted 64-bit entry whose
// bits are all set, against the other side's tail, reads as equal: the count output, compared
// exactly, still differs there.)
void mark_uncounted(const std::vector<OrderColumn>& cols, int64_t rows, int64_t row,
                    const int64_t* counts);

// The reference's outputs (data[k]: buffer outputs[k]'s float64 slots, n elements of the
// buffer) sorted into the view, each group's rows by its own count output, and each row's
// uncounted tail marked (mark_uncounted). Outputs outside any group are untouched.
void order_reference(const generators::ResolvedVariant& rv, const std::vector<size_t>& outputs,
                     const std::vector<double*>& data);
// The same for a candidate's outputs in their dtypes (data[k]: buffer outputs[k]'s bytes).
void order_candidate(const generators::ResolvedVariant& rv, const std::vector<size_t>& outputs,
                     const std::vector<unsigned char*>& data);

}  // namespace solver::gpu
