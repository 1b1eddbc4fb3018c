// corpus_fresh14: pt_gcd_int32 -- PyTorch ATen, torch.gcd on int32 tensors: GcdLcmKernel.cu's
// gcd_kernel_cuda (jiterator string or gpu_kernel lambda, both calc_gcd of
// aten/src/ATen/native/Math.h: Euclid's loop on absolute values) through
// CUDALoops.cuh's vectorized_elementwise_kernel<vec_size = 4>: 128 threads, four elements per
// thread, one 16-byte load per input and one 16-byte store. Rewritten for the problem format
// (see README.md).

__device__ __forceinline__ int calc_gcd(int a_in, int b_in) {
  int a = abs(a_in);
  int b = abs(b_in);
  while (a != 0) {
    int c = a;
    a = b % a;
    b = c;
  }
  return b;
}

// every block of this instance is full (N is a multiple of 512), so the remainder path of
// vectorized_elementwise_kernel (an unrolled, element-at-a-time loop) is never taken and is
// dropped
extern "C" __global__ void __launch_bounds__(128)
gcd_vectorized_elementwise(int N, int* out, const int* self, const int* other) {
  constexpr int vec_size = 4, block_work_size = 128 * 4;
  const int idx = block_work_size * blockIdx.x;
  if (N - idx < block_work_size) return;
  const int4 va = reinterpret_cast<const int4*>(self + idx)[threadIdx.x];
  const int4 vb = reinterpret_cast<const int4*>(other + idx)[threadIdx.x];
  int4 r;
  r.x = calc_gcd(va.x, vb.x);
  r.y = calc_gcd(va.y, vb.y);
  r.z = calc_gcd(va.z, vb.z);
  r.w = calc_gcd(va.w, vb.w);
  reinterpret_cast<int4*>(out + idx)[threadIdx.x] = r;
  (void)vec_size;
}
