// ACC_ZERO(acc): zeroes a thread's register tile of accumulators, float acc[TM][TN], both loops
// unrolled so every element stays a register. Shared by the register-tiled knob GEMMs of
// problems/matmul_1024 (knob) and problems/sgemm_2048 (tiled), which define TM and TN, declare
// acc[TM][TN] and write `ACC_ZERO(acc);` before their K loop.
//
// A statement macro, not a function: it expands to the tokens the two kernels wrote out, so
// each recorded point compiles as it did (`solver recording rekey`: the 144 knob and 1,084 tiled
// points, the same code). PC sampling charges the zeroing, which runs once per thread before
// the K loop, to the line of the call.
#pragma once

#define ACC_ZERO(acc)                                                                           \
  _Pragma("unroll") for (int i = 0; i < TM; ++i) _Pragma("unroll") for (int j = 0; j < TN; ++j) \
      acc[i][j] = 0.0f
