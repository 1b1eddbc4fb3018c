// control_hon22_sgd_momentum_inplace child: the fused SGD step (PyTorch's _fused_sgd /
// apex's multi_tensor_sgd shape; BSD-3; written here): one launch, float4, both in-out buffers
// updated in place in registers, the same operations in the same order.
extern "C" __global__ void __launch_bounds__(256)
    sgd_fused_x4(float* __restrict__ p, const float* __restrict__ grad, float* __restrict__ buf,
                 int n, float lr, float momentum, float wd) {
  const int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i >= n) return;
  float4 pv = *reinterpret_cast<float4*>(p + i);
  const float4 g = __ldg(reinterpret_cast<const float4*>(grad + i));
  float4 b = *reinterpret_cast<float4*>(buf + i);
  b.x = momentum * b.x + (g.x + wd * pv.x);
  b.y = momentum * b.y + (g.y + wd * pv.y);
  b.z = momentum * b.z + (g.z + wd * pv.z);
  b.w = momentum * b.w + (g.w + wd * pv.w);
  pv.x = pv.x - lr * b.x;
  pv.y = pv.y - lr * b.y;
  pv.z = pv.z - lr * b.z;
  pv.w = pv.w - lr * b.w;
  *reinterpret_cast<float4*>(buf + i) = b;
  *reinterpret_cast<float4*>(p + i) = pv;
}
