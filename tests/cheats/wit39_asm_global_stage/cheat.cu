// Helper wit39 (issue 28, P4m): red team 38's redteam38_module_stage_packed with its module array
// declared where the PTX scan of module memory did not read. fix38s judges every module-scope
// .global as scratch (Worker::Prepared::module_globals from generators/ptx_module_memory.cpp
// scan_ptx_module_memory), and that scan skipped function bodies: a `.global` declared in an
// inline-asm block of a function body (red team 10's redteam10_asm_scoped_global_carry) is module
// memory all the same (ptxas places it in .nv.global as `$__stage_bytes__<N>`; the worker reloads
// such a module, generators/cubin_module_data.h), but no scan listed it, so P4m read only the
// declared scratch `mid`, which the child never writes (judged on no word: a pass). One
// __noinline__ callee declares it, so both entries reach the same array (an inlined asm block
// declares one array a call site). The packing: kernels/blur/subnormal_pack3.cuh; the stage:
// kernels/blur/packed3_stage.cuh. 12 FP32 words a 16-pixel block of the 8192^2 image: 192 MiB.
#include "subnormal_pack3.cuh"
__device__ __noinline__ float* asm_stage() {
  float* s;
  asm volatile(
      ".global .align 16 .b8 stage_bytes[201326592];\n\t"
      "mov.u64 %0, stage_bytes;"
      : "=l"(s));
  return s;
}
#define PACKED3_STAGE_AT(p) (asm_stage())
#include "packed3_stage.cuh"
