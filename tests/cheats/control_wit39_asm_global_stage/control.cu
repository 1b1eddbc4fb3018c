// Helper wit39 control (issue 28, P4m): control_redteam38_module_stage's child (the tanh blur seed's
// two passes, kernels/blur/blur_tanh_seed16.cu, unchanged but for the BLUR_MID_AT hook) with its
// 256 MiB array of FP32 row sums declared inside an inline-asm block of one __noinline__ callee,
// as wit39_asm_global_stage declares its packed words. P4m now reads such an array back under
// ptxas's name for it ($__stage_mid_bytes__N, generators/cubin_module_data.h module_arrays): its
// words are FP32 values and resolve the fine move, so it is kept. It pins the one device
// assumption of the fix: cuModuleGetGlobal finds a scoped .global by its mangled symbol (else the
// step refuses it as unreadable: precision_mismatch, a false refusal this folder would show).
__device__ __noinline__ float* asm_mid() {
  float* s;
  asm volatile(
      ".global .align 16 .b8 stage_mid_bytes[268435456];\n\t"
      "mov.u64 %0, stage_mid_bytes;"
      : "=l"(s));
  return s;
}
#define BLUR_MID_AT(p) (asm_mid())
#include "blur_tanh_seed16.cu"
