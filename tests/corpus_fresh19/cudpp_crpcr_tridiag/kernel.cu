// corpus_fresh19: cudpp_crpcr_tridiag -- CUDPP (cudpp/cudpp), src/cudpp/kernel/tridiagonal_kernel.cuh:
// crpcrKernel<float>, the hybrid CR-PCR tridiagonal solver behind cudppTridiagonal (Zhang, Cohen
// and Owens, "Fast tridiagonal solvers on the GPU", PPoPP 2010). One block per system of
// systemSize = 2 * blockDim.x unknowns, held in shared memory: one cyclic-reduction step halves
// the system, parallel cyclic reduction solves the half with every thread busy (two
// __syncthreads per step), 2 x 2 systems finish it, and one backward substitution step recovers
// the eliminated unknowns. Rewritten for the problem format (see README.md): T = float fixed,
// extern "C"; the loops, the branch structure, the shared-memory layout and the launch as the
// origin's.

extern "C" __global__ void crpcrKernel(const float* d_a, const float* d_b, const float* d_c,
                                       const float* d_d, float* d_x, int systemSizeOriginal) {
  int thid = threadIdx.x;
  int blid = blockIdx.x;
  int stride = 1;
  int numThreads = blockDim.x;
  const unsigned int systemSize = blockDim.x * 2;
  int iteration = (int)log2(float(systemSize / 2));
  int restSystemSize = systemSize / 2;
  int restIteration = (int)log2(float(restSystemSize / 2));

  __syncthreads();

  // five arrays of systemSize + 1 for the full system, five of restSystemSize for the reduced
  extern __shared__ char shared[];
  float* a = (float*)shared;
  float* b = (float*)&a[systemSize + 1];
  float* c = (float*)&b[systemSize + 1];
  float* d = (float*)&c[systemSize + 1];
  float* x = (float*)&d[systemSize + 1];

  a[thid] = d_a[thid + blid * systemSizeOriginal];
  b[thid] = d_b[thid + blid * systemSizeOriginal];
  c[thid] = d_c[thid + blid * systemSizeOriginal];
  d[thid] = d_d[thid + blid * systemSizeOriginal];

  if (thid < (systemSizeOriginal - systemSize / 2)) {
    d[thid + blockDim.x] = d_d[thid + blockDim.x + blid * systemSizeOriginal];
    b[thid + blockDim.x] = d_b[thid + blockDim.x + blid * systemSizeOriginal];
    c[thid + blockDim.x] = d_c[thid + blockDim.x + blid * systemSizeOriginal];
    a[thid + blockDim.x] = d_a[thid + blockDim.x + blid * systemSizeOriginal];
  } else {
    // padding rows of an identity system up to the power of two
    d[thid + blockDim.x] = 0;
    b[thid + blockDim.x] = 1;
    c[thid + blockDim.x] = 0;
    a[thid + blockDim.x] = 1;
  }
  __syncthreads();

  // cyclic reduction: eliminate the even rows (one step for the CUDPP split)
  for (int j = 0; j < (iteration - restIteration); j++) {
    stride *= 2;
    int delta = stride / 2;
    if (thid < numThreads) {
      int i = stride * thid + stride - 1;
      if (i == systemSize - 1) {
        float tmp = a[i] / b[i - delta];
        b[i] = b[i] - c[i - delta] * tmp;
        d[i] = d[i] - d[i - delta] * tmp;
        a[i] = -a[i - delta] * tmp;
        c[i] = 0;
      } else {
        float tmp1 = a[i] / b[i - delta];
        float tmp2 = c[i] / b[i + delta];
        b[i] = b[i] - c[i - delta] * tmp1 - a[i + delta] * tmp2;
        d[i] = d[i] - d[i - delta] * tmp1 - d[i + delta] * tmp2;
        a[i] = -a[i - delta] * tmp1;
        c[i] = -c[i + delta] * tmp2;
      }
    }
    numThreads /= 2;
    __syncthreads();
  }

  float* aa = (float*)&x[systemSize + 1];
  float* bb = (float*)&aa[restSystemSize];
  float* cc = (float*)&bb[restSystemSize];
  float* dd = (float*)&cc[restSystemSize];
  float* xx = (float*)&dd[restSystemSize];

  float aNew, bNew, cNew, dNew;
  int delta = 1;
  int i = thid;

  if (thid < restSystemSize) {
    aa[thid] = a[thid * stride + stride - 1];
    bb[thid] = b[thid * stride + stride - 1];
    cc[thid] = c[thid * stride + stride - 1];
    dd[thid] = d[thid * stride + stride - 1];
  }
  __syncthreads();

  // parallel cyclic reduction on the reduced system: every row updated each step
  for (int j = 0; j < restIteration; j++) {
    if (thid < restSystemSize) {
      if (i < delta) {
        float tmp2 = cc[i] / bb[i + delta];
        bNew = bb[i] - aa[i + delta] * tmp2;
        dNew = dd[i] - dd[i + delta] * tmp2;
        aNew = 0;
        cNew = -cc[i + delta] * tmp2;
      } else if ((restSystemSize - i - 1) < delta) {
        float tmp = aa[i] / bb[i - delta];
        bNew = bb[i] - cc[i - delta] * tmp;
        dNew = dd[i] - dd[i - delta] * tmp;
        aNew = -aa[i - delta] * tmp;
        cNew = 0;
      } else {
        float tmp1 = aa[i] / bb[i - delta];
        float tmp2 = cc[i] / bb[i + delta];
        bNew = bb[i] - cc[i - delta] * tmp1 - aa[i + delta] * tmp2;
        dNew = dd[i] - dd[i - delta] * tmp1 - dd[i + delta] * tmp2;
        aNew = -aa[i - delta] * tmp1;
        cNew = -cc[i + delta] * tmp2;
      }
    }
    __syncthreads();

    if (thid < restSystemSize) {
      bb[i] = bNew;
      dd[i] = dNew;
      aa[i] = aNew;
      cc[i] = cNew;
      delta *= 2;
    }
    __syncthreads();
  }

  // the remaining 2 x 2 systems
  if (thid < delta) {
    int addr1 = thid;
    int addr2 = thid + delta;
    float tmp3 = bb[addr2] * bb[addr1] - cc[addr1] * aa[addr2];
    xx[addr1] = (bb[addr2] * dd[addr1] - cc[addr1] * dd[addr2]) / tmp3;
    xx[addr2] = (dd[addr2] * bb[addr1] - dd[addr1] * aa[addr2]) / tmp3;
  }
  __syncthreads();

  if (thid < restSystemSize) {
    x[thid * stride + stride - 1] = xx[thid];
  }

  // backward substitution: the eliminated rows
  numThreads = restSystemSize;
  for (int j = 0; j < (iteration - restIteration); j++) {
    int delta = stride / 2;
    __syncthreads();
    if (thid < numThreads) {
      int i = stride * thid + stride / 2 - 1;
      if (i == delta - 1)
        x[i] = (d[i] - c[i] * x[i + delta]) / b[i];
      else
        x[i] = (d[i] - a[i] * x[i - delta] - c[i] * x[i + delta]) / b[i];
    }
    stride /= 2;
    numThreads *= 2;
  }

  __syncthreads();

  d_x[thid + blid * systemSizeOriginal] = x[thid];

  if (thid < (systemSizeOriginal - systemSize / 2))
    d_x[thid + blockDim.x + blid * systemSizeOriginal] = x[thid + blockDim.x];
}
