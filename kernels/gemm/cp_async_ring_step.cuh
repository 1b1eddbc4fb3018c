// One step of the cp.async ring's K loop (cp_async_ring.cuh): wait for slab `it`, issue slab
// `it + STAGES - 1` into the slot step it - 1 freed, commit. A statement fragment, not a
// function: the kernel writes `#include <cp_async_ring_step.cuh>` first in its loop body, where
// `it` is the step, `tiles` the slab count and `load(slot, k0)` its copy issue (problems/conv2d
// mma_tf32, problems/triangle_contraction ctile; issue 33: both wrote these lines out). These
// are the tokens the kernels had, so the code is the same; the issue in a forced-inline helper
// compiled conv2d mma_tf32[BM=64,STAGES=3] to other code (cp_async_ring.cuh says how). No
// include guard: one inclusion per loop. The text keeps the loop body's indentation.
// clang-format off
    ring_wait();
    const int nx = it + STAGES - 1;
    if (nx < tiles) load(nx % STAGES, nx * BK);
    ring_commit();
// clang-format on
