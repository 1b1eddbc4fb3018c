// corpus_fresh11: darknet_leaky_activate -- pjreddie/darknet, src/activation_kernels.cu,
// activate_array_kernel with activate_kernel's switch over darknet's activations: one thread
// per element, in place, on a flat index over a 2-D grid (cuda_gridsize). Here LEAKY (YOLOv3's
// activation after every convolution but the three before the detection heads) on the first
// convolution's output at a 608 x 608 input: 32 x 608 x 608 at batch 4. Rewritten for the
// problem format (see README.md).

typedef enum {
  LOGISTIC, RELU, RELIE, LINEAR, RAMP, TANH, PLSE, LEAKY, ELU, LOGGY, STAIR, HARDTAN, LHTAN, SELU
} ACTIVATION;

__device__ float lhtan_activate_kernel(float x) {
  if (x < 0) return .001f * x;
  if (x > 1) return .001f * (x - 1.f) + 1.f;
  return x;
}
__device__ float hardtan_activate_kernel(float x) {
  if (x < -1) return -1;
  if (x > 1) return 1;
  return x;
}
__device__ float linear_activate_kernel(float x) { return x; }
__device__ float logistic_activate_kernel(float x) { return 1.f / (1.f + expf(-x)); }
__device__ float loggy_activate_kernel(float x) { return 2.f / (1.f + expf(-x)) - 1; }
__device__ float relu_activate_kernel(float x) { return x * (x > 0); }
__device__ float elu_activate_kernel(float x) { return (x >= 0) * x + (x < 0) * (expf(x) - 1); }
__device__ float selu_activate_kernel(float x) {
  return (x >= 0) * 1.0507f * x + (x < 0) * 1.0507f * 1.6732f * (expf(x) - 1);
}
__device__ float relie_activate_kernel(float x) { return (x > 0) ? x : .01f * x; }
__device__ float ramp_activate_kernel(float x) { return x * (x > 0) + .1f * x; }
__device__ float leaky_activate_kernel(float x) { return (x > 0) ? x : .1f * x; }
__device__ float tanh_activate_kernel(float x) { return (2.f / (1 + expf(-2 * x)) - 1); }
__device__ float plse_activate_kernel(float x) {
  if (x < -4) return .01f * (x + 4);
  if (x > 4) return .01f * (x - 4) + 1;
  return .125f * x + .5f;
}
__device__ float stair_activate_kernel(float x) {
  int n = floorf(x);
  if (n % 2 == 0) return floorf(x / 2);
  return (x - n) + floorf(x / 2);
}

__device__ float activate_kernel(float x, ACTIVATION a) {
  switch (a) {
    case LINEAR: return linear_activate_kernel(x);
    case LOGISTIC: return logistic_activate_kernel(x);
    case LOGGY: return loggy_activate_kernel(x);
    case RELU: return relu_activate_kernel(x);
    case ELU: return elu_activate_kernel(x);
    case SELU: return selu_activate_kernel(x);
    case RELIE: return relie_activate_kernel(x);
    case RAMP: return ramp_activate_kernel(x);
    case LEAKY: return leaky_activate_kernel(x);
    case TANH: return tanh_activate_kernel(x);
    case PLSE: return plse_activate_kernel(x);
    case STAIR: return stair_activate_kernel(x);
    case HARDTAN: return hardtan_activate_kernel(x);
    case LHTAN: return lhtan_activate_kernel(x);
  }
  return 0;
}

extern "C" __global__ void activate_array_kernel(float* x, int n, ACTIVATION a) {
  int i = (blockIdx.x + blockIdx.y * gridDim.x) * blockDim.x + threadIdx.x;
  if (i < n) x[i] = activate_kernel(x[i], a);
}
