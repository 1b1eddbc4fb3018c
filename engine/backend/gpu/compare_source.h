// The NVRTC source of the audit's output comparison on the device (device_compare.h), and its
// host half: the element rule is compare()'s (host_data.h) written for the device, so the
// verdict, the failure count, the first failing index and the largest errors are the host
// walk's, field for field; only the values at the first failure are read back (and converted
// by the host's own code). Pure host code: the source compiles as C++ in a test without a GPU
// (gpu_compare_emulation_test), and with NVRTC where a toolkit is installed.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "generators/problem_spec.h"

namespace solver::gpu {

// extern "C" __global__ solver_compare(out, type, n, ref, magnitude, atol, rtol, mag_rtol,
// class_rtol, sums, row, out_count, out_count_type, ref_count, ref_count_type): a grid-stride walk
// of n elements of `out` (its format: compare_type) against the float64 `ref` (and `magnitude`, may
// be null), each block's sums merged into *sums with atomics; class_rtol > 0 also holds each finite
// element to the measured class bound. row > 0: an order-free output with a count (host_data.h's
// RowValid, the counts read from the two count outputs where they lie, in the compare_type formats
// given). solver_order_sort(c0, t0, .. c3, t3, members, rows, row, span, count, count_type, k, j):
// one step (k, j) of a bitonic sort of each row's counted prefix by order_view.h's tuple order;
// order_sort_steps lists the steps.
// Launch with a power-of-two block of at most kCompareBlock threads.
const char* compare_source();
constexpr int kCompareBlock = 256;

// The kernel's `type` argument for a dtype (the source's sc_load cases).
int compare_type(generators::DType d);

// The (k, j) steps of solver_order_sort for rows of `row` elements, in launch order, and the
// rows' power-of-two cover (`span`).
int64_t order_span(int64_t row);
std::vector<std::pair<int64_t, int64_t>> order_sort_steps(int64_t row);

// What the kernel accumulates (its sc_sums, field for field): the failures, the smallest failing
// index, the bit patterns of the largest absolute and relative errors over the finite elements
// (non-negative doubles order as their bits), and whether a non-finite element failed.
struct CompareSums {
  uint64_t failures = 0;
  uint64_t first_bad = ~uint64_t(0);
  uint64_t max_abs_bits = 0, max_rel_bits = 0;
  uint64_t nonfinite = 0;
  // The measured class bound (Tolerance::class_rtol): elements outside it, the smallest such
  // index, the bit pattern of the largest error / bound ratio.
  uint64_t class_failures = 0;
  uint64_t class_first_bad = ~uint64_t(0);
  uint64_t class_ratio_bits = 0;
};

// The Comparison the host walk would give (host_data.h), from the kernel's sums and the output
// and reference values at first_bad (`got`, `want`; ignored when nothing failed) and at
// class_first_bad (`class_got`, `class_want`; ignored when no element is outside the class bound).
Comparison comparison_from_sums(const CompareSums& s, double got, double want, double class_got = 0,
                                double class_want = 0);

}  // namespace solver::gpu
