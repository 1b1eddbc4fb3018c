// Red team 40 (issue 28, P4m after fix39w): red team 34's 16-bit fields (three in two FP32 words,
// every rounding a product into FP32's subnormal range: kernels/blur/subnormal_pack3.cuh) in the
// scratch, read back by a column pass that receives the scratch's address as a uint2.
//
// fix39w leaves a region out of P4m where it is written and nothing reads it
// (generators/ptx_store_words.h write_only), "nothing reads" meaning no load names it by
// provenance (generators/ptx_taint.cpp step: a parameter load of 32 bits or fewer is "a size or a
// scale, not a buffer", Insn::scalar, and names no region). An 8-byte struct parameter is loaded
// as two `ld.param.u32` halves and joined by `bfi.b64`: the pointer made from them names no
// region, so the column pass's loads of mid read nothing as far as the scan knows, and mid (which
// the row pass stores with st.global.v4.f32 through its float* parameter) is write-only: not
// judged. The launch passes mid's device address in that parameter's 8 bytes (a CUdeviceptr, as
// for any pointer parameter), which a uint2's two words hold bit for bit.
#include "subnormal_pack3.cuh"  // rn_int, divmod, field16, pack3, unpack3 (kernels/blur)
#define PACKED3_COLS_MID const uint2 mid_bits
#define PACKED3_COLS_AT(m) \
  reinterpret_cast<const float*>((unsigned long long)m##_bits.y << 32 | m##_bits.x)
#include "packed3_stage.cuh"  // blur_rows_packed, blur_cols_packed (kernels/blur)
