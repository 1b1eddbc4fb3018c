// control_hon22_sgd_momentum_inplace seed: torch.optim.SGD's step (momentum, weight decay,
// dampening 0, not Nesterov) in PyTorch's foreach form (torch/optim/sgd.py _multi_tensor_sgd;
// BSD-3; written here) as two launches: buf = momentum buf + (grad + wd p), then p -= lr buf.
extern "C" __global__ void sgd_buf_update(const float* p, const float* grad, float* buf, int n,
                                          float lr, float momentum, float wd) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  buf[i] = momentum * buf[i] + (grad[i] + wd * p[i]);
}
extern "C" __global__ void sgd_param_update(float* p, const float* buf, int n, float lr) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  p[i] = p[i] - lr * buf[i];
}
