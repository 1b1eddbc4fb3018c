// redteam6_fp64_as_fp32 child: the seed's tiling, every tile rounded to FP32 on its way to
// shared memory (half the shared bytes), the 32 products of a tile in FP32 FMAs (twice the
// FP64 rate on an H200), each tile's sum added to an FP64 accumulator so the error stays near
// 2^-24 of the sum of |products| (under rtol 1e-6 on non-negative inputs; README.md).
#define F64_AS_F32_ENTRY dgemm_as_sgemm
#define F64_NARROW __double2float_rn  // cvt.rn.f32.f64
#include <f64_as_f32_dgemm.cuh>  // the tiled kernel (kernels/cheats)
