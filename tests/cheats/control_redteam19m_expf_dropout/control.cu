// control_redteam19m_expf_dropout child: four elements a thread, 16-byte loads and stores, the
// seed's arithmetic per element (common.h); n % 4 == 0.
#include "common.h"
extern "C" __global__ void __launch_bounds__(256)
    gabor_dropout4(const float4* __restrict__ x, float4* __restrict__ y, int n4) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  const float4 v = __ldg(x + i);
  const unsigned e = 4u * unsigned(i);
  y[i] = make_float4(gabor_drop(v.x, e), gabor_drop(v.y, e + 1), gabor_drop(v.z, e + 2),
                     gabor_drop(v.w, e + 3));
}
