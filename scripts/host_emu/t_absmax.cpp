// Host emulation check (scripts/host_emu/run_fresh8.sh): SGLang per_tensor_absmax_kernel<bf16>
// against its reference (shuffles, a shared tree, the atomic max).
#include "emu.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

// The folder's sources, unchanged (the emulator defines the CUDA keywords first).
#include "absmax_kernel_emu.cu"
#include "tests/corpus_fresh8/sgl_per_tensor_absmax_bf16/reference.cu"

static double gauss() {
  double u = rndu() + 1e-300, v = rndu();
  return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}
int main() {
  int bad = 0;
  {  // absmax: 3 blocks of 256 threads over 3*256*8*2 + 5 values (two vector trips and a scalar
     // tail)
    const long long n = 3 * 256 * 8 * 2 + 5;
    std::vector<__nv_bfloat16> x(n);
    for (auto& v : x) v = __float2bfloat16((float)gauss());
    x[n - 2] = __float2bfloat16(-9.5f);  // the largest |x| in the tail
    float s = 0.f;
    double sref = 0.0;
    emu::launch(dim3(3), dim3(256), [&] { per_tensor_absmax_kernel_bf16(x.data(), &s, n); });
    emu::launch(dim3(4), dim3(256), [&] { absmax_ref(x.data(), &sref, n); });
    int b = !close_to(s, sref, 1e-6, 0);
    printf("sgl absmax: kernel %.9g reference %.9g (%s)\n", s, sref, b ? "differ" : "agree");
    bad += b;
  }
  return bad != 0;
}
