// corpus_fresh18: npb_ep_gaussian -- NAS Parallel Benchmarks EP (Embarrassingly Parallel) in the
// CUDA port of GMAP/NPB-GPU, CUDA/EP/ep.cu: gpu_kernel, class C (M = 32: 2^32 Gaussian pairs from
// 2^33 uniform numbers of NPB's 46-bit linear congruential generator). Each thread jumps its seed
// ahead to its own 2^17-number stretch (randlc on the binary digits of its index), then, 128 pairs
// at a time, fills a 256-double array with vranlc and turns accepted pairs into Gaussian deviates
// (Marsaglia's polar method), counting them in ten square annuli; the block reduces its threads'
// counts and sums in shared memory. Rewritten for the problem format (see README.md): extern "C";
// the constants of npbparams.hpp (class C: M = 32) and npb-CPP.hpp fixed here; the host code
// dropped; the kernel, its 256-double per-thread array, the loops and the launch as the origin's.

#define M 32
#define MK (16)
#define MM (M - MK)
#define NN (1 << MM)
#define NK (1 << MK)
#define NQ (10)
#define A (1220703125.0)
#define S (271828183.0)
#define THREADS_PER_BLOCK (64)
#define COALESCED_COMPUTATION (2 * THREADS_PER_BLOCK)
#define SHARE_MEMORY_Q (NQ * THREADS_PER_BLOCK)
#define SHARE_MEMORY_SX (THREADS_PER_BLOCK)
#define SHARE_MEMORY_SY (THREADS_PER_BLOCK)

// 2^-23, 2^23, 2^-46, 2^46: the generator splits its 46-bit state into 23-bit halves
#define R23 (1.1920928955078125e-07)
#define T23 (8388608.0)
#define R46 (1.4210854715202004e-14)
#define T46 (70368744177664.0)

// x <- a * x mod 2^46, returned scaled to (0, 1)
__device__ double randlc_device(double* x, double a) {
  double t1, t2, t3, t4, a1, a2, x1, x2, z;
  t1 = R23 * a;
  a1 = (int)t1;
  a2 = a - T23 * a1;
  t1 = R23 * (*x);
  x1 = (int)t1;
  x2 = (*x) - T23 * x1;
  t1 = a1 * x2 + a2 * x1;
  t2 = (int)(R23 * t1);
  z = t1 - T23 * t2;
  t3 = T23 * z + a2 * x2;
  t4 = (int)(R46 * t3);
  (*x) = t3 - T46 * t4;
  return (R46 * (*x));
}

// n successive numbers of the generator into y
__device__ void vranlc_device(int n, double* x_seed, double a, double y[]) {
  int i;
  double x, t1, t2, t3, t4, a1, a2, x1, x2, z;
  t1 = R23 * a;
  a1 = (int)t1;
  a2 = a - T23 * a1;
  x = *x_seed;
  for (i = 0; i < n; i++) {
    t1 = R23 * x;
    x1 = (int)t1;
    x2 = x - T23 * x1;
    t1 = a1 * x2 + a2 * x1;
    t2 = (int)(R23 * t1);
    z = t1 - T23 * t2;
    t3 = T23 * z + a2 * x2;
    t4 = (int)(R46 * t3);
    x = t3 - T46 * t4;
    y[i] = R46 * x;
  }
  *x_seed = x;
}

extern "C" __global__ void gpu_kernel(double* q_global, double* sx_global, double* sy_global, int k_offset,
                                      double an) {
  __shared__ double q_shared[SHARE_MEMORY_Q];
  __shared__ double sx_shared[SHARE_MEMORY_SX];
  __shared__ double sy_shared[SHARE_MEMORY_SY];
  int i, j, ii, ik, kk, l;
  double t1, t2, t3, t4, x1, x2, seed;

  // the thread's 128 pairs of uniform numbers per pass
  double x[2 * COALESCED_COMPUTATION];

  int k = blockIdx.x * blockDim.x + threadIdx.x;

  double sx_local = 0.0;
  double sy_local = 0.0;
  for (j = 0; j < NQ; j++) {
    q_shared[j * blockDim.x + threadIdx.x] = 0.0;
  }

  kk = k_offset + k + 1;
  t1 = S;
  t2 = an;

  // the starting seed of this thread's stretch: multiply by an^kk, one bit of kk at a time
  for (i = 1; i <= 100; i++) {
    ik = kk / 2;
    if ((2 * ik) != kk) {
      t3 = randlc_device(&t1, t2);
    }
    if (ik == 0) {
      break;
    }
    t3 = randlc_device(&t2, t2);
    kk = ik;
  }

  seed = t1;
  for (ii = 0; ii < NK; ii = ii + COALESCED_COMPUTATION) {
    // 256 uniform numbers
    vranlc_device(2 * COALESCED_COMPUTATION, &seed, A, x);
    // Gaussian deviates by acceptance-rejection, counted in concentric square annuli
    for (i = 0; i < COALESCED_COMPUTATION; i++) {
      x1 = 2.0 * x[2 * i] - 1.0;
      x2 = 2.0 * x[2 * i + 1] - 1.0;
      t1 = x1 * x1 + x2 * x2;
      if (t1 <= 1.0) {
        t2 = sqrt(-2.0 * log(t1) / t1);
        t3 = (x1 * t2);
        t4 = (x2 * t2);
        l = max(fabs(t3), fabs(t4));
        q_shared[l * blockDim.x + threadIdx.x] += 1.0;
        sx_local += t3;
        sy_local += t4;
      }
    }
  }
  sx_shared[threadIdx.x] = sx_local;
  sy_shared[threadIdx.x] = sy_local;

  __syncthreads();

  // the block's counts, one annulus at a time
  for (j = 0; j < NQ; j++) {
    for (i = blockDim.x / 2; i > 0; i >>= 1) {
      if (threadIdx.x < i) {
        q_shared[j * blockDim.x + threadIdx.x] += q_shared[j * blockDim.x + threadIdx.x + i];
      }
      __syncthreads();
    }
  }

  // the block's sums
  for (i = blockDim.x / 2; i > 0; i >>= 1) {
    if (threadIdx.x < i) {
      sx_shared[threadIdx.x] += sx_shared[threadIdx.x + i];
      sy_shared[threadIdx.x] += sy_shared[threadIdx.x + i];
    }
    __syncthreads();
  }

  if (threadIdx.x == 0) {
    for (j = 0; j < NQ; j++) {
      q_global[blockIdx.x * NQ + j] = q_shared[j * blockDim.x];
    }
    sx_global[blockIdx.x] = sx_shared[0];
    sy_global[blockIdx.x] = sy_shared[0];
  }
}
