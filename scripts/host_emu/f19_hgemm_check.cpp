// Host emulation of tests/corpus_fresh19's two HGEMM folders (scripts/host_emu/run_fresh19.sh):
// each kernel text with its PTX wrappers (ldmatrix, mma.sync, cp.async) replaced by the host
// stand-ins of hgemm_ops.h -- the rest (tiles, the cp.async ring and its waits, the permuted
// shared layouts, the drain, the epilogue, the grid swizzle) is the folder's own text -- against
// the folder's reference on reduced shapes with the origin's launch: M = 512 (two row-tile
// blocks, so the odd z slice's reversed rows run), N = 2176 (a second z slice with one live
// column tile and fifteen empty blocks), K = 4 chunks (stage 3) and 6 chunks (stage 4), so the
// prologue, the steady state and the drain all run. ~7 minutes on this machine's 2 cores (the
// warp-collective stand-ins switch contexts twice per call), so it is a manual check, not CI.
#include <cuda_fp16.h>

#include <cstdint>

#include "emu.h"
// after emu.h (its generator)
#include "batch_check.h"

// the kernels' `extern __shared__` array is hgemm_ops.h's namespace-scope `smem` (__shared__
// empty); the references' tiles are block-shared statics (__shared__ static, as emu.h has it)
#undef __shared__
#define __shared__
namespace hg3 {
#include "f19/hgemm_mma_async_stage3_kernel.cu"
#undef __shared__
#define __shared__ static
#include "f19/hgemm_mma_async_stage3_reference.cu"
#undef __shared__
#define __shared__
}  // namespace hg3
// both references are extern "C" hgemm_nt_ref: the second one renamed for the link
#define hgemm_nt_ref hgemm_nt_ref_stage4
namespace hg4 {
#include "f19/hgemm_mma_async_stage4_tail_kernel.cu"
#undef __shared__
#define __shared__ static
#include "f19/hgemm_mma_async_stage4_tail_reference.cu"
}  // namespace hg4
#undef hgemm_nt_ref

template <class K, class R>
static void run(const char* name, K kernel, R ref, size_t M, size_t N, size_t Kd, double rtol,
                double atol) {
  std::vector<half> A(M * Kd), B(N * Kd), C(M * N);
  for (auto& v : A) v = __float2half_rn((float)(2 * rndu() - 1));
  for (auto& v : B) v = __float2half_rn((float)(2 * rndu() - 1));
  for (auto& v : C) v = __float2half_rn(777.f);
  std::vector<double> ref_out(M * N, -9.0);
  emu::launch(dim3(16, (unsigned)((M + 255) / 256), (unsigned)((N + 2047) / 2048)), dim3(256),
              [&] { kernel(A.data(), B.data(), C.data(), M, N, Kd); });
  emu::launch(dim3((unsigned)(N / 16), (unsigned)(M / 16)), dim3(16, 16), [&] {
    ref(A.data(), B.data(), ref_out.data(), (long long)M, (long long)N, (long long)Kd);
  });
  std::vector<float> out(M * N);
  for (size_t i = 0; i < out.size(); ++i) out[i] = __half2float(C[i]);
  compare(name, out, ref_out, rtol, atol);
}

int main() {
  run("hgemm_mma_async_stage3 (512 x 2176 x 128)", hg3::mmaAsyncStage3Kernel, hg3::hgemm_nt_ref,
      512, 2176, 128, 2e-2, 0.5);
  run("hgemm_mma_async_stage4_tail (512 x 2176 x 192)", hg4::mmaAsyncStage4Kernel,
      hg4::hgemm_nt_ref_stage4, 512, 2176, 192, 5e-2, 1.0);
  printf("f19_hgemm_check: %d of 2 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
