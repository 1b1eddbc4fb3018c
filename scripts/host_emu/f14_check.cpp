// Host emulation checks of tests/corpus_fresh14 (scripts/host_emu/run_fresh14.sh): each kernel
// against its reference on reduced sizes with the kernels' launch shapes (a ragged 1024-thread
// block, a plane loop, ragged trips over a plane, several graphs racing for their rows), every
// reference called with the types the harness passes (float64 for each output), compared at the
// folder's tolerance. Each folder's two sources are included in a namespace of their own.
#include <algorithm>
#include <cstdint>

#include "emu.h"
#include "batch_check.h"

// What emu.h does not define and the batch uses: a 32-bit compare-and-swap.
static int atomicCAS(int* p, int c, int v) {
  int o = *p;
  if (o == c) *p = v;
  return o;
}

namespace ub {
#include "f14/pt_upsample_bilinear2d_kernel.cu"
#include "f14/pt_upsample_bilinear2d_reference.cu"
}
namespace gc {
#include "f14/pt_gcd_int32_kernel.cu"
#include "f14/pt_gcd_int32_reference.cu"
}
namespace fm {
#include "f14/darknet_fast_mean_kernel.cu"
#include "f14/darknet_fast_mean_reference.cu"
}
namespace sr {
#include "f14/pt_scatter_reduce_amax_kernel.cu"
#include "f14/pt_scatter_reduce_amax_reference.cu"
}

int main() {
  {  // bilinear: 1 x 3 planes of 5 x 7 to 10 x 14 (scale 2): 140 threads of one ragged block
    const long long P = 3, H1 = 5, W1 = 7, H2 = 10, W2 = 14;
    auto x = unif(P * H1 * W1, -2, 2);
    std::vector<float> y(P * H2 * W2, 7.f);
    std::vector<double> ref(P * H2 * W2, 9.0);
    emu::launch(dim3(1), dim3(1024), [&] {
      ub::upsample_bilinear2d_out_frame((int)(H2 * W2), 0.5f, 0.5f, x.data(), y.data(), 1, P, H1,
                                        W1, H2, W2);
    });
    emu::launch(dim3(2), dim3(64), [&] { ub::upsample_bilinear_ref(P, H1, W1, H2, W2, x.data(), ref.data()); });
    compare("pt_upsample_bilinear2d", y, ref, 1e-5, 1e-5);
  }
  {  // gcd: 1024 pairs (2 blocks of 128 x 4), zeros, negatives, equal values, shared factors
    const int n = 1024;
    std::vector<int> a(n), b(n), out(n, 7);
    for (int i = 0; i < n; ++i) {
      const int f = 1 + (int)(rndu() * 50);
      a[i] = (int)(rndu() * 2147483647.0);
      b[i] = (int)(rndu() * 2147483647.0);
      if (i % 7 == 0) a[i] = 0;
      if (i % 11 == 0) b[i] = -b[i];
      if (i % 13 == 0) a[i] = b[i];
      if (i % 5 == 0) a[i] = f * (a[i] / 64), b[i] = f * (b[i] / 64);
    }
    std::vector<double> ref(n, 9.0);
    emu::launch(dim3(2), dim3(128), [&] { gc::gcd_vectorized_elementwise(n, out.data(), a.data(), b.data()); });
    emu::launch(dim3(4), dim3(64), [&] { gc::gcd_ref(n, a.data(), b.data(), ref.data()); });
    compare("pt_gcd_int32", out, ref, 0, 0);
  }
  {  // fast_mean: 2 images x 3 filters x 1100 pixels (three trips of 512, the last ragged)
    const int B = 2, F = 3, S = 1100;
    std::vector<float> x(B * F * S);
    for (auto& v : x) v = (float)(0.5 + (rndu() - 0.5) * 3.4);
    std::vector<float> mean(F, 7.f);
    std::vector<double> ref(F, 9.0);
    emu::launch(dim3(F), dim3(512), [&] { fm::fast_mean_kernel(x.data(), B, F, S, mean.data()); });
    emu::launch(dim3(F), dim3(256), [&] { fm::fast_mean_ref(B, F, S, x.data(), ref.data()); });
    compare("darknet_fast_mean", mean, ref, 1e-4, 1e-5);
  }
  {  // scatter_reduce amax: 40 rows x 64 features into 5 graphs (sorted ids, one graph empty),
     // 5 blocks of 128 x 4; a graph whose values are all negative keeps the zero of self
    const long long rows = 40, D = 64, G = 5;
    std::vector<long long> batch(rows);
    for (long long r = 0; r < rows; ++r) batch[r] = r < 10 ? 0 : (r < 25 ? 1 : (r < 30 ? 3 : 4));
    auto src = unif(rows * D, -1, 1);
    for (long long r = 25; r < 30; ++r)
      for (long long d = 0; d < D; ++d) src[r * D + d] = -std::fabs(src[r * D + d]) - 0.1f;
    std::vector<float> out(G * D, 0.f);
    std::vector<double> ref(G * D, 9.0);
    emu::launch(dim3(5), dim3(128), [&] {
      sr::_scatter_gather_elementwise_kernel((int)(rows * D), out.data(), src.data(), batch.data(), (int)D, D);
    });
    emu::launch(dim3(G), dim3(1024), [&] { sr::scatter_amax_ref(rows, D, G, batch.data(), src.data(), ref.data()); });
    compare("pt_scatter_reduce_amax", out, ref, 0, 0);
  }
  printf("f14_check: %d of 4 comparisons failed\n", bad);
  return bad ? 1 : 0;
}
