// corpus_fresh7: numba_increment_2d -- the Numba CUDA documentation's increment_a_2D_array
// ("Writing CUDA Kernels", absolute positions): x, y = cuda.grid(2); an_array[x, y] += 1 with
// threadsperblock = (16, 16). Rewritten as the CUDA C that kernel amounts to (see README.md):
// x (the fast thread index) selects the ROW of a row-major (C-order) array, so the 16 lanes of
// a half-warp touch 16 different rows.
extern "C" __global__ void increment_a_2D_array(float* an_array, long long shape0,
                                                long long shape1) {
  // cuda.grid(2)
  const long long x = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long y = (long long)blockIdx.y * blockDim.y + threadIdx.y;
  if (x < shape0 && y < shape1) an_array[x * shape1 + y] += 1.0f;
}
