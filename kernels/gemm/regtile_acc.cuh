// acc_zero: zeroes a thread's register tile of accumulators, float acc[R][C], both loops
// unrolled so every element stays a register. Shared by the register-tiled knob GEMMs of
// problems/matmul_1024 (knob) and problems/sgemm_2048 (tiled), which declare acc[TM][TN] and
// call it before their K loop. Forced inline: each recorded point compiles to the code it had
// with the two loops written out in the kernel (`solver recording rekey`).
#pragma once

template <int R, int C>
__device__ __forceinline__ void acc_zero(float (&acc)[R][C]) {
#pragma unroll
  for (int i = 0; i < R; ++i)
#pragma unroll
    for (int j = 0; j < C; ++j) acc[i][j] = 0.0f;
}
