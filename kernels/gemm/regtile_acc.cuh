// ACC_ZERO(acc): zeroes a thread's register tile of accumulators, float acc[TM][TN], both loops
// unrolled so every element stays a register. Shared by the register-tiled knob GEMMs of
// problems/matmul_1024 (knob) and problems/sgemm_2048 (tiled), which define TM and TN, declare
// acc[TM][TN] and write `ACC_ZERO(acc);` before their K loop.
//
// A statement macro, not a function: it expands to the very tokens the two kernels wrote out,
// so every recorded point compiles to the code it had (`solver recording rekey`). The same
// loops as a forced-inline template function changed the kernel attributes NVRTC emits
// (.nv.info) of 5 of matmul_1024's 144 recorded knob points. PC sampling charges the zeroing,
// which runs once per thread before the K loop, to the line of the call.
#pragma once

#define ACC_ZERO(acc)                                                                           \
  _Pragma("unroll") for (int i = 0; i < TM; ++i) _Pragma("unroll") for (int j = 0; j < TN; ++j) \
      acc[i][j] = 0.0f
